/**
 * Colours live in CSS custom properties so the light and dark palettes switch
 * without re-rendering, and so the head script can apply the saved choice before
 * first paint. The styled-components theme hands out var() references.
 */
const palette = {
  background: { light: "#f8fafc", dark: "#0b1120" },
  surface: { light: "#ffffff", dark: "#111827" },
  surfaceMuted: { light: "#f1f5f9", dark: "#1f2937" },
  sidebar: { light: "#ffffff", dark: "#0f172a" },
  border: { light: "#e2e8f0", dark: "#334155" },
  /** borders of form controls: at least 3:1 against the surface (WCAG 1.4.11) */
  controlBorder: { light: "#7b8799", dark: "#748197" },
  text: { light: "#0f172a", dark: "#f1f5f9" },
  textMuted: { light: "#475569", dark: "#94a3b8" },
  primary: { light: "#2563eb", dark: "#60a5fa" },
  primaryText: { light: "#ffffff", dark: "#0b1120" },
  primaryTint: { light: "#eff6ff", dark: "#172554" },
  focus: { light: "#1d4ed8", dark: "#93c5fd" },
  destructive: { light: "#dc2626", dark: "#f87171" },
  destructiveText: { light: "#ffffff", dark: "#0b1120" },
  online: { light: "#10b981", dark: "#10b981" },
  offline: { light: "#ef4444", dark: "#ef4444" },
  warning: { light: "#f59e0b", dark: "#f59e0b" },
  neutral: { light: "#94a3b8", dark: "#64748b" },
  onlineText: { light: "#047857", dark: "#6ee7b7" },
  offlineText: { light: "#b91c1c", dark: "#fca5a5" },
  warningText: { light: "#b45309", dark: "#fcd34d" },
  info: { light: "#2563eb", dark: "#60a5fa" },
  overlay: { light: "rgba(15, 23, 42, 0.45)", dark: "rgba(0, 0, 0, 0.6)" },
  chartResponse: { light: "#2563eb", dark: "#60a5fa" },
  chartUptime: { light: "#059669", dark: "#34d399" },
  chartGrid: { light: "#e2e8f0", dark: "#334155" },
} as const;

type ColorName = keyof typeof palette;
export type ColorScheme = "light" | "dark";

const cssVar = (name: string) => `--c-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** `:root { --c-primary: … }` blocks for one scheme. */
export function paletteDeclarations(scheme: ColorScheme): string {
  return (Object.keys(palette) as ColorName[]).map((name) => `${cssVar(name)}: ${palette[name][scheme]};`).join("\n");
}

const colors = Object.fromEntries((Object.keys(palette) as ColorName[]).map((name) => [name, `var(${cssVar(name)})`])) as {
  [K in ColorName]: string;
};

export const theme = {
  colors,
  radius: { sm: "0.375rem", md: "0.5rem", lg: "0.75rem", full: "9999px" },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  },
  sidebar: { expanded: "16rem", collapsed: "4rem", mobile: "18rem" },
  topBarHeight: "3.5rem",
  shadow: "0 1px 2px rgba(15, 23, 42, 0.06), 0 1px 3px rgba(15, 23, 42, 0.08)",
} as const;

export type AppTheme = typeof theme;
