import { useState } from "react";
import { notify } from "../../components/ui/notify";

/** After a save: a toast, and a line that says whether the browser kept it. */
export function useSaveNote() {
  const [note, setNote] = useState<string | null>(null);
  const report = (what: string, result: { saved: boolean }) => {
    if (result.saved) {
      setNote(`${what} saved in this browser.`);
      notify.success(`${what} saved`, "Stored in this browser only.");
    } else {
      setNote(`${what} applied, but this browser refused to store it: it will be lost on reload.`);
      notify.error(`${what} not stored`, "The browser's storage is unavailable; the change lasts until you reload.");
    }
  };
  return { note, report };
}
