import { UNCHECKED_STATUS } from "../../domain/kernel/status";
import { VisuallyHidden } from "../ui/VisuallyHidden";

/**
 * A response time that does not exist: the server did not answer (or, for a
 * server not checked, its `status`: nobody asked, #44). Shown as a dash (no answer is not zero),
 * read out as words, since a lone dash is read as nothing or as 'dash'.
 */
export function NoAnswer({ status }: { status?: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>{status === UNCHECKED_STATUS ? "not checked" : "no answer"}</VisuallyHidden>
    </>
  );
}
