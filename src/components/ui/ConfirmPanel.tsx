/** The confirmation itself (Radix AlertDialog: Cancel has the focus), loaded the first time it is asked for. */
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import styled from "styled-components";
import { Button } from "./Button";
import { descriptionStyle, overlayStyle, panelStyle, titleStyle } from "./dialogStyles";

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

const Overlay = styled(AlertDialog.Overlay)`
  ${overlayStyle}
`;

const Content = styled(AlertDialog.Content)`
  ${panelStyle}
`;

const Title = styled(AlertDialog.Title)`
  ${titleStyle}
`;

const Description = styled(AlertDialog.Description)`
  ${descriptionStyle}
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.75rem;
`;
