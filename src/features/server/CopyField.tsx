import { useState } from "react";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";
import { VisuallyHidden } from "../../components/ui/VisuallyHidden";
import { useAnnouncer } from "../../components/ui/useAnnouncer";

/**
 * A text to copy (the badge's Markdown, its endpoint): shown in a read-only
 * field anyone can select, with a Copy button that says whether it worked. A
 * browser that refuses the clipboard is told so, and the text stays selectable.
 */
export function CopyField({ label, value }: { label: string; value: string }) {
  const [said, announce] = useAnnouncer();
  const [error, setError] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setError(null);
      announce(`${label} copied.`);
    } catch {
      setError("This browser did not allow copying: select the text and copy it yourself.");
    }
  };
  return (
    <>
      <TextField
        label={label}
        value={value}
        readOnly
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
        error={error}
        action={
          <Button $variant="outline" $size="sm" onClick={() => void copy()} aria-label={`Copy ${label}`}>
            Copy
          </Button>
        }
      />
      <VisuallyHidden aria-live="polite">{said}</VisuallyHidden>
    </>
  );
}
