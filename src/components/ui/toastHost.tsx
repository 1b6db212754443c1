/**
 * The toasts themselves (react-hot-toast), in a chunk of their own: loaded the
 * first time something is to be said, not with every page.
 */
import { useEffect } from "react";
import toast, { Toaster as HotToaster, useToasterStore } from "react-hot-toast";
import { classed } from "../../styles/classed";
import * as styles from "./toastHost.module.css";

/** SPEC §9: bottom-right, at most 3 visible, 4 seconds each. */
const TOAST_LIMIT = 3;
const TOAST_DURATION_MS = 4000;

export type ToastKind = "success" | "error";

/** Shows a toast with a title and a line under it. */
export function show(kind: ToastKind, title: string, description: string): void {
  toast[kind](<ToastBody title={title} description={description} />);
}

export default function ToastHost() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return (
    <HotToaster
      position="bottom-right"
      toastOptions={{
        duration: TOAST_DURATION_MS,
        style: {
          background: "var(--c-surface)",
          color: "var(--c-text)",
          border: "1px solid var(--c-border)",
          maxWidth: "24rem",
        },
      }}
    />
  );
}

function ToastBody({ title, description }: { title: string; description: string }) {
  return (
    <Body>
      <strong>{title}</strong>
      <span>{description}</span>
    </Body>
  );
}

const Body = classed("span", styles.body);
