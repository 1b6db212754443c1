/* Names for Decap's icon buttons, which it draws without any. */

/**
 * Decap draws a list item's bar with three icon-only controls (expand, move,
 * remove) and no names: a screen reader says "button". Each gets the name of
 * what it acts on, kept in step with the record's summary.
 */
function nameListControls(root: ParentNode): void {
  for (const bar of root.querySelectorAll<HTMLElement>("[class*='ListItemTopBar']")) {
    const label = bar.parentElement?.querySelector(":scope > [class*='NestedObjectLabel']")?.textContent?.trim() || "this item";
    const [toggle, remove] = [...bar.querySelectorAll<HTMLElement>(":scope > button")];
    const move = bar.querySelector<HTMLElement>(":scope > [aria-roledescription='sortable']");
    const name = (element: HTMLElement | null | undefined, words: string) => {
      if (element && element.getAttribute("aria-label") !== words) element.setAttribute("aria-label", words);
    };
    name(toggle, `Expand or collapse ${label}`);
    name(move, `Move ${label}`);
    name(remove, `Remove ${label}`);
  }
}

/** Names the list items' controls now and whenever Decap draws again. */
export function watchListControls(): void {
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      nameListControls(document);
    });
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}
