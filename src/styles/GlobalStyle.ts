import { createGlobalStyle } from "styled-components";
import { media } from "./media";
import { paletteDeclarations } from "./theme";
import { theme } from "./theme";

/**
 * The saved theme and sidebar state are written onto <html> by /head-state.js
 * before first paint (data-theme, data-sidebar), so the static HTML shows the
 * reader's choice without a flash of the other one.
 */
export const GlobalStyle = createGlobalStyle`
  :root {
    ${paletteDeclarations("light")}
    color-scheme: light;
  }
  :root[data-theme="dark"] {
    ${paletteDeclarations("dark")}
    color-scheme: dark;
  }
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${theme.font.body};
    font-size: 1rem;
    line-height: 1.5;
    color: ${theme.colors.text};
    background: ${theme.colors.background};
  }
  h1, h2, h3, p { margin: 0; }
  a { color: ${theme.colors.primary}; }
  button, input, select { font: inherit; color: inherit; }
  :focus-visible {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  @keyframes status-pulse {
    0%, 100% { opacity: 1; transform: scale(1); }
    50% { opacity: 0.45; transform: scale(0.85); }
  }
  @keyframes spin { to { transform: rotate(360deg); } }
  ${media.reducedMotion} {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
