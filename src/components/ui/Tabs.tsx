import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { classed } from "../../styles/classed";
import * as styles from "./Tabs.module.css";

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

const List = classed("div", styles.list);

const Tab = classed("button", styles.tab);

const Panel = classed("div", styles.panel);
