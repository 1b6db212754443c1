import { useId } from "react";
import { classed } from "../../styles/classed";
import * as styles from "./Switch.module.css";

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

const Row = classed("div", styles.row);

const Label = classed("label", styles.label);

const Description = classed("p", styles.description);

const Root = classed("button", styles.root);

const Thumb = classed("span", styles.thumb);
