import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Text for a polite live region that is always on the page. The same text twice
 * is still read twice: the region is cleared, then filled on the next frame.
 */
export function useAnnouncer(): [string, (text: string) => void] {
  const [text, setText] = useState("");
  const frame = useRef(0);
  const announce = useCallback((next: string) => {
    cancelAnimationFrame(frame.current);
    setText("");
    if (next) frame.current = requestAnimationFrame(() => setText(next));
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  return [text, announce];
}
