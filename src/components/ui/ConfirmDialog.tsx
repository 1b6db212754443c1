import * as AlertDialog from "@radix-ui/react-alert-dialog";
import type { ReactElement } from "react";
import styled from "styled-components";
import { Button } from "./Button";
import { descriptionStyle, overlayStyle, panelStyle, titleStyle } from "./Dialog";

type ConfirmDialogProps = {
  /** the button that asks */
  trigger: ReactElement;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
};

/** Asks before something that cannot be undone (role alertdialog; Cancel has the focus). */
export function ConfirmDialog({ trigger, title, description, confirmLabel, onConfirm }: ConfirmDialogProps) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <Overlay />
        <Content>
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
