import { useState } from "react";

/**
 * After a save, a line that says whether the browser kept it. The form shows it
 * in a live region that is always there, so screen readers announce each change.
 */
export function useSaveNote() {
  const [note, setNote] = useState("");
  const report = (what: string, result: { saved: boolean }) => {
    setNote(
      result.saved
        ? `${what} saved in this browser.`
        : `${what} applied, but this browser refused to store it: it will be lost on reload.`,
    );
  };
  return { note, report };
}
