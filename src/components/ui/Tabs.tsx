import * as RadixTabs from "@radix-ui/react-tabs";
import styled from "styled-components";

/** Radix tabs (arrow keys move between tabs), styled as a segmented control. */
export const Tabs = RadixTabs.Root;

export const TabsList = styled(RadixTabs.List)`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  padding: 0.25rem;
  margin-bottom: 1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

export const TabsTrigger = styled(RadixTabs.Trigger)`
  all: unset;
  cursor: pointer;
  padding: 0.375rem 0.875rem;
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: 0.875rem;
  font-weight: 500;
  color: ${({ theme }) => theme.colors.textMuted};
  &[data-state="active"] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: ${({ theme }) => theme.shadow};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

export const TabsContent = styled(RadixTabs.Content)`
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 4px;
  }
`;
