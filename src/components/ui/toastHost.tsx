/**
 * The toasts themselves (react-hot-toast), in a chunk of their own: loaded the
 * first time something is to be said, not with every page.
 */
import { useEffect } from "react";
import toast, { Toaster as HotToaster, useToasterStore } from "react-hot-toast";
import styled, { useTheme } from "styled-components";
import { theme } from "../../styles/theme";

/** SPEC §9: bottom-right, at most 3 visible, 4 seconds each. */
const TOAST_LIMIT = 3;
const TOAST_DURATION_MS = 4000;

export type ToastKind = "success" | "error";

/** Shows a toast with a title and a line under it. */
export function show(kind: ToastKind, title: string, description: string): void {
  toast[kind](<ToastBody title={title} description={description} />);
}

export default function ToastHost() {
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

function ToastBody({ title, description }: { title: string; description: string }) {
  return (
    <Body>
      <strong>{title}</strong>
      <span>{description}</span>
    </Body>
  );
}

const Body = styled.span`
  display: grid;
  gap: 0.125rem;
  font-size: 0.875rem;
  span {
    color: ${theme.colors.textMuted};
  }
`;
