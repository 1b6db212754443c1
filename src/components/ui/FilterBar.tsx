import { classed } from "../../styles/classed";
import * as styles from "./FilterBar.module.css";

type FilterBarProps<T extends string> = {
  /** names the group for screen readers */
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
};

/** A row of toggle buttons that choose one filter. */
export function FilterBar<T extends string>({ label, options, value, onChange }: FilterBarProps<T>) {
  return (
    <Group role="group" aria-label={label}>
      {options.map((option) => (
        <Option key={option.value} type="button" aria-pressed={option.value === value} onClick={() => onChange(option.value)}>
          {option.label}
        </Option>
      ))}
    </Group>
  );
}

const Group = classed("div", styles.group);

const Option = classed("button", styles.option);
