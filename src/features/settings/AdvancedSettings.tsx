import { useEffect, useState, type FormEvent } from "react";
import styled from "styled-components";
import { checkApiKey, checkWebhookUrl } from "../../model/settings";
import { Button } from "../../components/ui/Button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/Card";
import { SwitchField } from "../../components/ui/Switch";
import { TextField } from "../../components/ui/TextField";
import { useSettings } from "../../state/SettingsProvider";
import { FormActions, FormStack, SavedNote, SettingsGrid } from "./SettingsLayout";
import { DangerZone } from "./DangerZone";
import { useSaveNote } from "./useSaveNote";

/** API key and webhook (validated, saved locally), debug logging, and the danger zone. */
export function AdvancedSettings() {
  const [settings, store] = useSettings();
  const [apiKey, setApiKey] = useState(settings.apiKey);
  const [webhookUrl, setWebhookUrl] = useState(settings.webhookUrl);
  const [webhookError, setWebhookError] = useState<string | null>(null);
  const [apiKeyError, setApiKeyError] = useState<string | null>(null);
  const { note, report } = useSaveNote();

  useEffect(() => setApiKey(settings.apiKey), [settings.apiKey]);
  useEffect(() => setWebhookUrl(settings.webhookUrl), [settings.webhookUrl]);

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
      <Card aria-labelledby="integrations-title">
        <CardHeader>
          <div>
            <CardTitle id="integrations-title">Integrations</CardTitle>
            <CardDescription>Kept in this browser only; never sent anywhere by this site.</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
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
        </CardContent>
      </Card>
      <Stack>
        <Card aria-labelledby="debug-title">
          <CardHeader>
            <CardTitle id="debug-title">Diagnostics</CardTitle>
          </CardHeader>
          <CardContent>
            <SwitchField
              label="Debug Mode"
              description="Log every simulated update to the browser console."
              checked={settings.debugMode}
              onCheckedChange={(v) => store.update({ debugMode: v })}
            />
          </CardContent>
        </Card>
        <DangerZone />
      </Stack>
    </SettingsGrid>
  );
}

const Stack = styled.div`
  display: grid;
  gap: 1rem;
`;
