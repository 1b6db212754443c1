/** The confirmation itself (Radix AlertDialog: Cancel has the focus), loaded the first time it is asked for. */
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { Button } from "./Button";
import { classed } from "../../styles/classed";
import * as dialog from "./dialog.module.css";
import * as styles from "./ConfirmPanel.module.css";

export type ConfirmPanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  returnFocus: () => void;
};

export default function ConfirmPanel({ open, onOpenChange, title, description, confirmLabel, onConfirm, returnFocus }: ConfirmPanelProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <Overlay />
        <Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <Title>{title}</Title>
          <Description>{description}</Description>
          <Actions>
            <AlertDialog.Cancel asChild>
              <Button $variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button $variant="destructive" onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </Actions>
        </Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

const Overlay = classed(AlertDialog.Overlay, dialog.overlay);

const Content = classed(AlertDialog.Content, dialog.panel);

const Title = classed(AlertDialog.Title, dialog.title);

const Description = classed(AlertDialog.Description, dialog.description);

const Actions = classed("div", styles.actions);
