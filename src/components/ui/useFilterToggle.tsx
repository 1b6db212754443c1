import { Icon } from "./Icon";
import { useId, useState, type ReactElement } from "react";
import { Button } from "./Button";
import { FilterBar } from "./FilterBar";

type FilterToggleOptions<T extends string> = {
  /** names the group of filter buttons for screen readers */
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  /** the value that shows everything (and applies while the filters are hidden) */
  all: T;
};

type FilterToggle<T extends string> = {
  /** the 'Filter' button that shows and hides the filters (for the page header) */
  button: ReactElement;
  /** the filter buttons (for the top of the list) */
  bar: ReactElement;
  /** the filter in force: `all` while the filters are hidden */
  value: T;
};

/** A 'Filter' button that shows a row of filters; hiding the row shows everything again. */
export function useFilterToggle<T extends string>({ label, options, all }: FilterToggleOptions<T>): FilterToggle<T> {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<T>(all);
  const button = (
    <Button $variant="outline" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
      <Icon name="filter" size={16} />
      Filter
    </Button>
  );
  const bar = (
    <div id={id} hidden={!open}>
      <FilterBar label={label} options={options} value={chosen} onChange={setChosen} />
    </div>
  );
  return { button, bar, value: open ? chosen : all };
}
