import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { classed } from "../../styles/classed";
import * as styles from "./TextField.module.css";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: string;
  /** a hint under the field */
  hint?: string;
  /** shown under the field and announced; marks the field invalid */
  error?: string | null;
  /** beside the input, on the same row (the button that uses the value) */
  action?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with an optional hint and an inline error message. */
export function TextField({ label, hint, error, action, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      {action ? (
        <Row>
          <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
          {action}
        </Row>
      ) : (
        <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      )}
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      {error ? (
        <ErrorText id={`${id}-error`} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </Field>
  );
}

const Field = classed("div", styles.field);

const Row = classed("div", styles.row);

const Input = classed("input", styles.input);

const Hint = classed("p", styles.hint);

const ErrorText = classed("p", styles.errorText);
