import { useAnnouncer } from "../../components/ui/useAnnouncer";

/**
 * After a save, a line that says whether the browser kept it. The form shows it
 * in a live region that is always there, so each save is announced, the same
 * text twice included.
 */
export function useSaveNote() {
  const [note, announce] = useAnnouncer();
  const report = (what: string, result: { saved: boolean }) =>
    announce(
      result.saved ? `${what} saved in this browser.` : `${what} applied, but this browser refused to store it: it will be lost on reload.`,
    );
  return { note, report };
}
