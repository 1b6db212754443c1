import { VisuallyHidden } from "../ui/VisuallyHidden";

/**
 * A response time that does not exist: the server did not answer. Shown as a
 * dash (no answer is not zero), read out as words, since a lone dash is read as
 * nothing or as 'dash'.
 */
export function NoAnswer() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>no answer</VisuallyHidden>
    </>
  );
}
