import { useId } from "react";
import styled from "styled-components";
import { theme } from "../../styles/theme";

type SwitchFieldProps = {
  label: string;
  /** a line under the label */
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
};

/** A labelled on/off switch: a button with role switch, toggled by click, Space or Enter. */
export function SwitchField({ label, description, checked, onCheckedChange, disabled }: SwitchFieldProps) {
  const id = useId();
  return (
    <Row>
      <div>
        <Label htmlFor={id}>{label}</Label>
        {description ? <Description id={`${id}-description`}>{description}</Description> : null}
      </div>
      <Root
        type="button"
        role="switch"
        id={id}
        aria-checked={checked}
        data-state={checked ? "checked" : "unchecked"}
        disabled={disabled}
        data-disabled={disabled ? "" : undefined}
        onClick={() => onCheckedChange(!checked)}
        aria-describedby={description ? `${id}-description` : undefined}
      >
        <Thumb data-state={checked ? "checked" : "unchecked"} />
      </Root>
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  padding: 0.75rem 0;
  & + & {
    border-top: 1px solid ${theme.colors.border};
  }
`;

const Label = styled.label`
  font-weight: 500;
`;

const Description = styled.p`
  font-size: 0.8125rem;
  color: ${theme.colors.textMuted};
`;

const Root = styled.button`
  all: unset;
  flex-shrink: 0;
  position: relative;
  width: 2.75rem;
  height: 1.5rem;
  border-radius: 9999px;
  cursor: pointer;
  background: ${theme.colors.controlBorder};
  transition: background 150ms;
  &[data-state="checked"] {
    background: ${theme.colors.primary};
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  &[data-disabled] {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

const Thumb = styled.span`
  display: block;
  width: 1.25rem;
  height: 1.25rem;
  border-radius: 9999px;
  background: #ffffff;
  box-shadow: 0 1px 2px rgba(0, 0, 0, 0.3);
  transform: translateX(0.125rem);
  transition: transform 150ms;
  &[data-state="checked"] {
    transform: translateX(1.375rem);
  }
`;
