import { UNCHECKED_STATUS } from "../../domain/kernel/status";
import { VisuallyHidden } from "../ui/VisuallyHidden";

/**
 * A response time that does not exist: the server did not answer (or, for a
 * server not checked, nobody asked). Shown as a dash (no answer is not zero),
 * read out as words, since a lone dash is read as nothing or as 'dash'.
 */
export function NoAnswer({ words = "no answer" }: { words?: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>{words}</VisuallyHidden>
    </>
  );
}

/** Why a server has no response time, in words: no answer, or not checked (#44: nobody asked for one). */
export const noAnswerWords = (server: { status: string }): string => (server.status === UNCHECKED_STATUS ? "not checked" : "no answer");
