import { useToastHost } from "./notify";

/** Where toasts appear (SPEC §9: bottom-right, 3 at most, 4 s): mounted with the first toast. */
export function Toaster() {
  const Host = useToastHost();
  // The host is the default export of a module loaded once: the same component every render, never a new one.
  // eslint-disable-next-line react-hooks/static-components
  return Host ? <Host /> : null;
}
