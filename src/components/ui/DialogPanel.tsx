/**
 * The modal dialog itself (Radix Dialog: focus kept inside, Escape closes, the
 * page behind is inert), loaded the first time a dialog opens.
 */
import * as RadixDialog from "@radix-ui/react-dialog";
import { Icon } from "./Icon";
import type { ReactNode } from "react";
import { Button } from "./Button";
import { classed } from "../../styles/classed";
import * as dialog from "./dialog.module.css";
import * as styles from "./DialogPanel.module.css";

export type DialogPanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children?: ReactNode;
  /** puts focus back on the button that opened it, when it closes */
  returnFocus: () => void;
};

export default function DialogPanel({ open, onOpenChange, title, description, children, returnFocus }: DialogPanelProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <Overlay />
        <Content
          {...(description ? {} : { "aria-describedby": undefined })}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <Title>{title}</Title>
          {description ? <Description>{description}</Description> : null}
          {children}
          <RadixDialog.Close asChild>
            <CloseButton $variant="ghost" $size="icon" aria-label="Close">
              <Icon name="x" size={18} />
            </CloseButton>
          </RadixDialog.Close>
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

const Overlay = classed(RadixDialog.Overlay, dialog.overlay);

const Content = classed(RadixDialog.Content, dialog.panel);

const Title = classed(RadixDialog.Title, dialog.title);

const Description = classed(RadixDialog.Description, dialog.description);

const CloseButton = classed(Button, styles.closeButton);
