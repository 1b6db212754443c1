import { useSyncExternalStore, type ComponentType } from "react";
import type { ToastKind } from "./toastHost";

/**
 * Toasts with a title and a line under it. The toast code loads on the first
 * toast (components/ui/toastHost.tsx); until then a page carries none of it.
 * The host is mounted once its code is here (no Suspense: nothing waits on a
 * timer to show the first toast).
 */
let host: ComponentType | null = null;
const listeners = new Set<() => void>();

function say(kind: ToastKind, title: string, description: string) {
  import("./toastHost")
    .then((module) => {
      if (host === null) {
        host = module.default;
        listeners.forEach((listener) => listener());
      }
      module.show(kind, title, description);
    })
    .catch((error: unknown) => console.error(`Could not show the message "${title}: ${description}":`, error));
}

export const notify = {
  success: (title: string, description: string) => say("success", title, description),
  error: (title: string, description: string) => say("error", title, description),
};

/** The component that shows the toasts, once the first toast has brought its code; null before. */
export function useToastHost(): ComponentType | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => host,
    () => null,
  );
}
