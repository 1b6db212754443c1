import { useState, type FormEvent } from "react";
import { checkFeedUrl } from "../../model/shell/settings";
import { Button } from "../../components/ui/Button";
import { SectionCard } from "../../components/ui/Card";
import { TextField } from "../../components/ui/TextField";
import { useSettings } from "../../state/SettingsProvider";
import { FormActions, FormStack, SavedNote } from "./SettingsLayout";
import { useDraft } from "./useDraft";
import { useSaveNote } from "./useSaveNote";

/** The status feed the pages follow between builds: the site's own unless the reader names another. */
export function FeedSettings() {
  const [settings, store] = useSettings();
  const [feedUrl, setFeedUrl] = useDraft(settings.feedUrl);
  const [error, setError] = useState<string | null>(null);
  const { note, report } = useSaveNote();

  const save = (event: FormEvent) => {
    event.preventDefault();
    const result = checkFeedUrl(feedUrl);
    setError(result.ok ? null : result.message);
    if (result.ok) report("Status feed", store.update({ feedUrl: result.value }));
  };

  return (
    <SectionCard
      title="Status Feed"
      description="Pages follow a servers feed (API v1, such as this site's own /api/v1/servers.json) between builds, at the refresh interval set under General. Leave it empty to follow this site's own feed when it has measured servers."
    >
      <FormStack onSubmit={save} noValidate>
        <TextField
          label="Status feed URL"
          type="url"
          inputMode="url"
          placeholder="https://status.example.com/api/v1/servers.json"
          hint="https://, or http:// for a feed on this machine (localhost, 127.0.0.1)."
          value={feedUrl}
          error={error}
          onChange={(e) => setFeedUrl(e.target.value)}
        />
        <FormActions>
          <Button type="submit">Save feed</Button>
          <SavedNote role="status">{note}</SavedNote>
        </FormActions>
      </FormStack>
    </SectionCard>
  );
}
