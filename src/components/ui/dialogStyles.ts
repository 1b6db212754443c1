import { css } from "styled-components";
import { theme } from "../../styles/theme";

/** The dimmed page behind a modal (shared by Dialog and ConfirmDialog). */
export const overlayStyle = css`
  position: fixed;
  inset: 0;
  z-index: 40;
  background: ${theme.colors.overlay};
`;

/** The centred panel of a modal. */
export const panelStyle = css`
  position: fixed;
  z-index: 50;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(32rem, calc(100vw - 2rem));
  max-height: calc(100vh - 2rem);
  overflow: auto;
  display: grid;
  gap: 0.75rem;
  padding: 1.5rem;
  border-radius: ${theme.radius.lg};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  box-shadow: 0 10px 40px rgba(0, 0, 0, 0.25);
  &:focus {
    outline: none;
  }
`;

/** A modal's title and the line under it. */
export const titleStyle = css`
  margin: 0;
  padding-right: 2rem;
  font-size: 1.125rem;
  font-weight: 600;
`;

export const descriptionStyle = css`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: 0.9375rem;
`;
