import { useState } from "react";

/**
 * The text a reader is editing for a stored setting. It starts as the stored
 * value and follows it when the store changes (stored values arrive after
 * hydration, and from other tabs), replacing an unsaved edit; editing changes
 * only the draft. React's pattern for state that follows a prop: adjust it
 * while rendering, not in an effect.
 */
export function useDraft(stored: string): [string, (value: string) => void] {
  const [draft, setDraft] = useState(stored);
  const [followed, setFollowed] = useState(stored);
  if (followed !== stored) {
    setFollowed(stored);
    setDraft(stored);
  }
  return [draft, setDraft];
}
