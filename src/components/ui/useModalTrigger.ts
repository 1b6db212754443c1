import { cloneElement, useCallback, useState, type MouseEvent, type ReactElement } from "react";

/**
 * The button half of a modal whose panel loads on demand: the trigger is
 * rendered now and says it opens a dialog; `wanted` turns true on the first
 * click (so the panel's code is fetched only then); `returnFocus` puts focus
 * back on the button that opened it.
 */
export function useModalTrigger(trigger: ReactElement) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const returnFocus = useCallback(() => opener?.focus(), [opener]);
  const button = cloneElement(trigger as ReactElement<Record<string, unknown>>, {
    "aria-haspopup": "dialog",
    "aria-expanded": open,
    onClick: (event: MouseEvent<HTMLElement>) => {
      setOpener(event.currentTarget);
      setWanted(true);
      setOpen(true);
    },
  });
  return { button, open, setOpen, wanted, returnFocus };
}
