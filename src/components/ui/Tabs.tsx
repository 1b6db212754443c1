import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import styled from "styled-components";
import { theme } from "../../styles/theme";

type TabsProps<T extends string> = {
  /** names the list of tabs for screen readers */
  label: string;
  tabs: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  /** the panel of the chosen tab (only that one is rendered) */
  children: ReactNode;
};

/**
 * Tabs as WAI-ARIA's pattern has them, styled as a segmented control: one tab
 * stop for the list, arrow keys (and Home, End) move to a tab and show it, the
 * panel follows in the tab order.
 */
export function Tabs<T extends string>({ label, tabs, value, onChange, children }: TabsProps<T>) {
  const id = useId();
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = tabs.findIndex((t) => t.value === value);
    const last = tabs.length - 1;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length].value;
    onChange(target);
    buttons.current.get(target)?.focus();
  };
  return (
    <>
      <List role="tablist" aria-label={label}>
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <Tab
              key={tab.value}
              ref={(element) => {
                if (element) buttons.current.set(tab.value, element);
                else buttons.current.delete(tab.value);
              }}
              type="button"
              role="tab"
              id={`${id}-${tab.value}-tab`}
              aria-selected={selected}
              aria-controls={selected ? `${id}-panel` : undefined}
              tabIndex={selected ? 0 : -1}
              data-state={selected ? "active" : "inactive"}
              onClick={() => onChange(tab.value)}
              onKeyDown={onKeyDown}
            >
              {tab.label}
            </Tab>
          );
        })}
      </List>
      <Panel role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${value}-tab`} tabIndex={0}>
        {children}
      </Panel>
    </>
  );
}

const List = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  padding: 0.25rem;
  margin-bottom: 1rem;
  border-radius: ${theme.radius.md};
  background: ${theme.colors.surfaceMuted};
`;

const Tab = styled.button`
  all: unset;
  cursor: pointer;
  padding: 0.375rem 0.875rem;
  border-radius: ${theme.radius.sm};
  font-size: 0.875rem;
  font-weight: 500;
  color: ${theme.colors.textMuted};
  &[data-state="active"] {
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
    box-shadow: ${theme.shadow};
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Panel = styled.div`
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 4px;
  }
`;
