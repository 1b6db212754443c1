import { lazy, Suspense, type ReactElement } from "react";
import { useModalTrigger } from "./useModalTrigger";

const ConfirmPanel = lazy(() => import("./ConfirmPanel"));

type ConfirmDialogProps = {
  /** the button that asks */
  trigger: ReactElement;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
};

/**
 * Asks before something that cannot be undone (role alertdialog; Cancel has
 * the focus). The question's code loads when it is first asked (ConfirmPanel).
 */
export function ConfirmDialog({ trigger, title, description, confirmLabel, onConfirm }: ConfirmDialogProps) {
  const { button, open, setOpen, wanted, returnFocus } = useModalTrigger(trigger);
  return (
    <>
      {button}
      {wanted ? (
        <Suspense fallback={null}>
          <ConfirmPanel
            open={open}
            onOpenChange={setOpen}
            title={title}
            description={description}
            confirmLabel={confirmLabel}
            onConfirm={onConfirm}
            returnFocus={returnFocus}
          />
        </Suspense>
      ) : null}
    </>
  );
}
