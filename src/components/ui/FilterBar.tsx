import styled from "styled-components";
import { theme } from "../../styles/theme";

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

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-bottom: 1rem;
`;

const Option = styled.button`
  min-height: 2.25rem;
  padding: 0.25rem 0.875rem;
  border-radius: ${theme.radius.full};
  border: 1px solid ${theme.colors.controlBorder};
  background: ${theme.colors.surface};
  cursor: pointer;
  font-size: 0.875rem;
  &[aria-pressed="true"] {
    background: ${theme.colors.primary};
    border-color: ${theme.colors.primary};
    color: ${theme.colors.primaryText};
  }
`;
