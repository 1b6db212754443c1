import { useState, type FormEvent } from "react";
import { checkApiKey, checkWebhookUrl } from "../../model/shell/settings";
import { Button } from "../../components/ui/Button";
import { SectionCard } from "../../components/ui/Card";
import { SwitchField } from "../../components/ui/Switch";
import { TextField } from "../../components/ui/TextField";
import { useSettings } from "../../state/SettingsProvider";
import { FormActions, FormStack, SavedNote, SettingsGrid } from "./SettingsLayout";
import { DangerZone } from "./DangerZone";
import { FeedSettings } from "./FeedSettings";
import { useDraft } from "./useDraft";
import { useSaveNote } from "./useSaveNote";
import { classed } from "../../styles/classed";
import * as styles from "./AdvancedSettings.module.css";

/** API key and webhook (validated, saved locally), debug logging, and the danger zone. */
export function AdvancedSettings() {
  const [settings, store] = useSettings();
  const [apiKey, setApiKey] = useDraft(settings.apiKey);
  const [webhookUrl, setWebhookUrl] = useDraft(settings.webhookUrl);
  const [webhookError, setWebhookError] = useState<string | null>(null);
  const [apiKeyError, setApiKeyError] = useState<string | null>(null);
  const { note, report } = useSaveNote();

  const save = (event: FormEvent) => {
    event.preventDefault();
    const key = checkApiKey(apiKey);
    const webhook = checkWebhookUrl(webhookUrl);
    setApiKeyError(key.ok ? null : key.message);
    setWebhookError(webhook.ok ? null : webhook.message);
    if (!key.ok || !webhook.ok) return;
    report("Integration settings", store.update({ apiKey: key.value, webhookUrl: webhook.value }));
  };

  return (
    <SettingsGrid>
      <SectionCard title="Integrations" description="Kept in this browser only; never sent anywhere by this site.">
        <FormStack onSubmit={save} noValidate>
          <TextField
            label="API Key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={apiKey}
            error={apiKeyError}
            onChange={(e) => setApiKey(e.target.value)}
          />
          <TextField
            label="Webhook URL"
            type="url"
            inputMode="url"
            placeholder="https://hooks.example.com/alerts"
            value={webhookUrl}
            error={webhookError}
            onChange={(e) => setWebhookUrl(e.target.value)}
          />
          <FormActions>
            <Button type="submit">Save</Button>
            <SavedNote role="status">{note}</SavedNote>
          </FormActions>
        </FormStack>
      </SectionCard>
      <Stack>
        <FeedSettings />
        <SectionCard title="Diagnostics">
          <SwitchField
            label="Debug Mode"
            description="Log every simulated update to the browser console."
            checked={settings.debugMode}
            onCheckedChange={(v) => store.update({ debugMode: v })}
          />
        </SectionCard>
        <DangerZone />
      </Stack>
    </SettingsGrid>
  );
}

const Stack = classed("div", styles.stack);
