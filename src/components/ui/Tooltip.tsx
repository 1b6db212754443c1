import * as RadixTooltip from "@radix-ui/react-tooltip";
import { useState, type ReactElement, type ReactNode } from "react";
import styled from "styled-components";

/** SPEC §9: open delay 700 ms, skip delay 300 ms. */
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;
const TOOLTIP_OFFSET_PX = 4;

type TooltipProviderProps = {
  children: ReactNode;
  /** the sidebar's tooltips open at once: 0 */
  delayDuration?: number;
  skipDelayDuration?: number;
};

export function TooltipProvider({
  children,
  delayDuration = TOOLTIP_DELAY_MS,
  skipDelayDuration = TOOLTIP_SKIP_DELAY_MS,
}: TooltipProviderProps) {
  return (
    <RadixTooltip.Provider delayDuration={delayDuration} skipDelayDuration={skipDelayDuration}>
      {children}
    </RadixTooltip.Provider>
  );
}

type TooltipProps = {
  /** the text shown; the trigger must have its own accessible name */
  content: ReactNode;
  children: ReactElement;
  side?: "top" | "right" | "bottom" | "left";
  /** overrides the provider's delay (the sidebar uses 0) */
  delayDuration?: number;
  /** false keeps the tooltip shut (the trigger stays the same element, so focus is kept) */
  enabled?: boolean;
};

export function Tooltip({ content, children, side = "top", delayDuration, enabled = true }: TooltipProps) {
  // Always controlled, and always mounted: switching it off keeps the trigger the same element.
  const [open, setOpen] = useState(false);
  return (
    <RadixTooltip.Root delayDuration={delayDuration} open={enabled && open} onOpenChange={(next) => setOpen(enabled && next)}>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <Content side={side} sideOffset={TOOLTIP_OFFSET_PX}>
          {content}
        </Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}

const Content = styled(RadixTooltip.Content)`
  z-index: 60;
  border-radius: ${({ theme }) => theme.radius.sm};
  padding: 0.375rem 0.625rem;
  font-size: 0.8125rem;
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow};
`;
