import { useEffect } from "react";
import toast, { Toaster as HotToaster, useToasterStore } from "react-hot-toast";
import { useTheme } from "styled-components";

/** SPEC §9: bottom-right, at most 3 visible, 4 seconds each. */
const TOAST_LIMIT = 3;
const TOAST_DURATION_MS = 4000;

export function Toaster() {
  const theme = useTheme();
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
          background: theme.colors.surface,
          color: theme.colors.text,
          border: `1px solid ${theme.colors.border}`,
          maxWidth: "24rem",
        },
      }}
    />
  );
}
