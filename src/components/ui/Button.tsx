import { Link } from "gatsby";
import styled, { css } from "styled-components";
import { theme } from "../../styles/theme";

type ButtonVariant = "default" | "outline" | "ghost" | "destructive";

const variants = {
  default: css`
    background: ${theme.colors.primary};
    color: ${theme.colors.primaryText};
    border-color: ${theme.colors.primary};
  `,
  outline: css`
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
    border-color: ${theme.colors.border};
    &:hover:not(:disabled) {
      background: ${theme.colors.surfaceMuted};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${theme.colors.text};
    border-color: transparent;
    &:hover:not(:disabled) {
      background: ${theme.colors.surfaceMuted};
    }
  `,
  destructive: css`
    background: ${theme.colors.destructive};
    color: ${theme.colors.destructiveText};
    border-color: ${theme.colors.destructive};
  `,
};

type ButtonStyleProps = { $variant?: ButtonVariant; $size?: "sm" | "md" | "icon" };

const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  border: 1px solid;
  border-radius: ${theme.radius.md};
  font-size: 0.875rem;
  font-weight: 500;
  line-height: 1.25rem;
  cursor: pointer;
  text-decoration: none;
  white-space: nowrap;
  padding: ${({ $size = "md" }) => ($size === "sm" ? "0.25rem 0.625rem" : $size === "icon" ? "0.5rem" : "0.5rem 1rem")};
  min-height: ${({ $size = "md" }) => ($size === "sm" ? "2rem" : "2.5rem")};
  min-width: ${({ $size }) => ($size === "icon" ? "2.5rem" : "auto")};
  ${({ $variant = "default" }) => variants[$variant]}
  &:disabled,
  &[aria-disabled="true"] {
    opacity: 0.55;
    cursor: not-allowed;
  }
  svg {
    flex-shrink: 0;
  }
`;

/** The one button of the site; `$size="icon"` for square icon buttons (give them an aria-label). */
export const Button = styled.button.attrs<{ type?: "button" | "submit" | "reset" }>((props) => ({
  type: props.type ?? "button",
}))<ButtonStyleProps>`
  ${buttonStyles}
`;

/** A link to a page of the site that looks like a button. */
export const ButtonLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

/** A link to a file (a download) that looks like a button. */
export const ButtonAnchor = styled.a<ButtonStyleProps>`
  ${buttonStyles}
`;
