import { lazy, Suspense, type ReactElement, type ReactNode } from "react";
import { useModalTrigger } from "./useModalTrigger";

const DialogPanel = lazy(() => import("./DialogPanel"));

type DialogProps = {
  /** the button that opens it */
  trigger: ReactElement;
  title: string;
  description?: string;
  children?: ReactNode;
};

/**
 * A modal dialog: focus stays inside, Escape or Close shuts it, focus returns
 * to the trigger. The trigger is on the page; the dialog's code loads when it
 * first opens (DialogPanel).
 */
export function Dialog({ trigger, title, description, children }: DialogProps) {
  const { button, open, setOpen, wanted, returnFocus } = useModalTrigger(trigger);
  return (
    <>
      {button}
      {wanted ? (
        <Suspense fallback={null}>
          <DialogPanel open={open} onOpenChange={setOpen} title={title} description={description} returnFocus={returnFocus}>
            {children}
          </DialogPanel>
        </Suspense>
      ) : null}
    </>
  );
}
