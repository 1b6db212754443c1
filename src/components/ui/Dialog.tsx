import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactElement, ReactNode } from "react";
import styled, { css } from "styled-components";
import { Button } from "./Button";

type DialogProps = {
  /** the button that opens it */
  trigger: ReactElement;
  title: string;
  description?: string;
  children?: ReactNode;
};

/** A modal dialog: focus stays inside, Escape or Close shuts it, focus returns to the trigger. */
export function Dialog({ trigger, title, description, children }: DialogProps) {
  return (
    <RadixDialog.Root>
      <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>
      <RadixDialog.Portal>
        <Overlay />
        <Content {...(description ? {} : { "aria-describedby": undefined })}>
          <Title>{title}</Title>
          {description ? <Description>{description}</Description> : null}
          {children}
          <RadixDialog.Close asChild>
            <CloseButton $variant="ghost" $size="icon" aria-label="Close">
              <X size={18} aria-hidden="true" />
            </CloseButton>
          </RadixDialog.Close>
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The dimmed page behind a modal (shared by Dialog and ConfirmDialog). */
export const overlayStyle = css`
  position: fixed;
  inset: 0;
  z-index: 40;
  background: ${({ theme }) => theme.colors.overlay};
`;

/** The centred panel of a modal. */
export const panelStyle = css`
  position: fixed;
  z-index: 50;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(32rem, calc(100vw - 2rem));
  max-height: calc(100vh - 2rem);
  overflow: auto;
  display: grid;
  gap: 0.75rem;
  padding: 1.5rem;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 10px 40px rgba(0, 0, 0, 0.25);
  &:focus {
    outline: none;
  }
`;

const Overlay = styled(RadixDialog.Overlay)`
  ${overlayStyle}
`;

const Content = styled(RadixDialog.Content)`
  ${panelStyle}
`;

/** A modal's title and the line under it. */
export const titleStyle = css`
  margin: 0;
  padding-right: 2rem;
  font-size: 1.125rem;
  font-weight: 600;
`;

export const descriptionStyle = css`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9375rem;
`;

const Title = styled(RadixDialog.Title)`
  ${titleStyle}
`;

const Description = styled(RadixDialog.Description)`
  ${descriptionStyle}
`;

const CloseButton = styled(Button)`
  position: absolute;
  top: 0.75rem;
  right: 0.75rem;
`;
