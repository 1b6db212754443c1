import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import styled from "styled-components";
import { theme } from "../../styles/theme";

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

const Field = styled.div`
  display: grid;
  gap: 0.375rem;
  label {
    font-weight: 500;
    font-size: 0.9375rem;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  & > input {
    flex: 1 1 14rem;
    min-width: 0;
  }
`;

const Input = styled.input`
  min-height: 2.5rem;
  padding: 0.5rem 0.75rem;
  border: 1px solid ${theme.colors.controlBorder};
  border-radius: ${theme.radius.md};
  background: ${theme.colors.surface};
  &[aria-invalid="true"] {
    border-color: ${theme.colors.destructive};
  }
  &:disabled {
    background: ${theme.colors.surfaceMuted};
    cursor: not-allowed;
  }
`;

const Hint = styled.p`
  font-size: 0.8125rem;
  color: ${theme.colors.textMuted};
`;

const ErrorText = styled.p`
  font-size: 0.8125rem;
  color: ${theme.colors.offlineText};
`;
