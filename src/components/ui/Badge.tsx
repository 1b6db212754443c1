import type { ReactNode } from "react";
import styled from "styled-components";
import { theme } from "../../styles/theme";

/** SPEC §2: the badge has four looks. */
export type BadgeVariant = "default" | "secondary" | "destructive" | "outline";

type BadgeProps = { variant?: BadgeVariant; children: ReactNode };

/**
 * A small label: default, secondary, destructive or outline. The look is a data
 * attribute, so the styles are the same for every badge and never recomputed.
 */
export function Badge({ variant = "default", children }: BadgeProps) {
  return <Pill data-variant={variant}>{children}</Pill>;
}

const Pill = styled.span`
  display: inline-flex;
  align-items: center;
  border: 1px solid transparent;
  border-radius: ${theme.radius.full};
  padding: 0.125rem 0.625rem;
  font-size: 0.75rem;
  font-weight: 600;
  line-height: 1.25rem;
  white-space: nowrap;
  background: ${theme.colors.primary};
  color: ${theme.colors.primaryText};
  &[data-variant="secondary"] {
    background: ${theme.colors.surfaceMuted};
    color: ${theme.colors.text};
  }
  &[data-variant="destructive"] {
    background: ${theme.colors.destructive};
    color: ${theme.colors.destructiveText};
  }
  &[data-variant="outline"] {
    background: transparent;
    color: ${theme.colors.text};
    border-color: ${theme.colors.border};
  }
`;
