import { useId, useState, type FormEvent } from "react";
import styled from "styled-components";
import { Button } from "../../components/ui/Button";

type SetupMapboxPanelProps = {
  loading: boolean;
  /** why the last attempt failed, shown under the form */
  error: string | null;
  onInitialize: (token: string) => void;
};

/**
 * Asks for a Mapbox public token. The token lives only in this form's state and
 * in the map it creates: never stored, logged or put in the page's URL.
 */
export function SetupMapboxPanel({ loading, error, onInitialize }: SetupMapboxPanelProps) {
  const [token, setToken] = useState("");
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = token.trim();
    if (trimmed !== "" && !loading) onInitialize(trimmed);
  };
  return (
    <Panel onSubmit={submit} aria-labelledby={`${id}-title`}>
      <Title id={`${id}-title`}>Setup Mapbox</Title>
      <Help id={`${id}-help`}>
        Enter your Mapbox public token (it starts with pk.) to show the servers on an interactive globe. Until then the flat map below shows
        them.
      </Help>
      <Row>
        <Label htmlFor={`${id}-token`}>Mapbox public token</Label>
        <Input
          id={`${id}-token`}
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="pk.eyJ1Ijo…"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
        />
        {/* Disabled while empty (SPEC); while loading it only says so, keeping keyboard focus. */}
        <Button type="submit" disabled={token.trim() === ""} aria-disabled={loading || undefined} aria-busy={loading}>
          {loading ? "Loading map…" : "Initialize Map"}
        </Button>
      </Row>
      {error ? (
        <ErrorText id={`${id}-error`} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </Panel>
  );
}

const Panel = styled.form`
  display: grid;
  gap: 0.5rem;
  padding: 1rem 1.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.h2`
  font-size: 1rem;
  font-weight: 600;
`;

const Help = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
`;

const Label = styled.label`
  flex-basis: 100%;
  font-size: 0.875rem;
  font-weight: 500;
`;

const Input = styled.input`
  flex: 1 1 14rem;
  min-width: 0;
  min-height: 2.5rem;
  padding: 0.5rem 0.75rem;
  border: 1px solid ${({ theme }) => theme.colors.controlBorder};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  &[aria-invalid="true"] {
    border-color: ${({ theme }) => theme.colors.destructive};
  }
`;

const ErrorText = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.offlineText};
`;
