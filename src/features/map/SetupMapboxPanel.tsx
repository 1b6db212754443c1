import { useId, type FormEvent } from "react";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";
import { useInputValue } from "../../components/ui/useInputValue";
import { classed } from "../../styles/classed";
import * as styles from "./SetupMapboxPanel.module.css";

type SetupMapboxPanelProps = {
  loading: boolean;
  /** why the last attempt failed, shown under the field */
  error: string | null;
  onInitialize: (token: string) => void;
};

/**
 * Asks for a Mapbox public token. The token lives only in this form's state and
 * in the map it creates: never stored, logged or put in the page's URL.
 */
export function SetupMapboxPanel({ loading, error, onInitialize }: SetupMapboxPanelProps) {
  const [token, field] = useInputValue();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = token.trim();
    if (trimmed !== "" && !loading) onInitialize(trimmed);
  };
  return (
    <Panel onSubmit={submit} aria-labelledby={`${id}-title`}>
      <Title id={`${id}-title`}>Setup Mapbox</Title>
      <TextField
        label="Mapbox public token"
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="pk.eyJ1Ijo…"
        ref={field}
        hint="Enter your Mapbox public token (it starts with pk.) to show the servers on an interactive globe. Until then the flat map below shows them."
        error={error}
        action={
          // Disabled while empty (SPEC); while loading it only says so, keeping keyboard focus.
          <Button type="submit" disabled={token.trim() === ""} aria-disabled={loading || undefined} aria-busy={loading}>
            {loading ? "Loading map…" : "Initialize Map"}
          </Button>
        }
      />
    </Panel>
  );
}

const Panel = classed("form", styles.panel);

const Title = classed("h2", styles.title);
