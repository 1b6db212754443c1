import * as AlertDialog from "@radix-ui/react-alert-dialog";
import styled from "styled-components";
import { Button } from "../../components/ui/Button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/Card";
import { notify } from "../../components/ui/notify";
import { useSettings } from "../../state/SettingsProvider";
import { formatIsoDate } from "../../model/format";

/** Export Data downloads the settings as JSON; Reset Settings (after a confirmation) restores the defaults. */
export function DangerZone() {
  const [settings, store] = useSettings();

  const exportData = () => {
    try {
      // The API key and the webhook URL (which works as a secret on its own) stay out: a settings file is easily shared.
      const { apiKey: _key, webhookUrl: _hook, ...exported } = settings;
      const blob = new Blob([JSON.stringify(exported, null, 2)], { type: "application/json" });
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = `settings-${formatIsoDate(new Date())}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      notify.success("Data exported", "Your settings were downloaded as a JSON file (without the API key and webhook URL).");
    } catch (error) {
      console.error("Export Data failed:", error);
      notify.error("Export failed", "The settings file could not be created.");
    }
  };

  const reset = () => {
    const result = store.reset();
    if (result.saved) notify.success("Settings reset", "Every setting is back to its default.");
    else notify.error("Settings reset for now", "The browser's storage is unavailable; the reset lasts until you reload.");
  };

  return (
    <Card aria-labelledby="danger-title">
      <CardHeader>
        <div>
          <CardTitle id="danger-title">Danger Zone</CardTitle>
          <CardDescription>Your settings, as a file, or back to their defaults.</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <Row>
          <Button $variant="outline" onClick={exportData}>
            Export Data
          </Button>
          <AlertDialog.Root>
            <AlertDialog.Trigger asChild>
              <Button $variant="destructive">Reset Settings</Button>
            </AlertDialog.Trigger>
            <AlertDialog.Portal>
              <Overlay />
              <Content>
                <AlertDialog.Title>Reset all settings?</AlertDialog.Title>
                <AlertDialog.Description>
                  Profile, theme, refresh, notification and integration settings return to their defaults. This cannot be undone.
                </AlertDialog.Description>
                <Row>
                  <AlertDialog.Cancel asChild>
                    <Button $variant="outline">Cancel</Button>
                  </AlertDialog.Cancel>
                  <AlertDialog.Action asChild>
                    <Button $variant="destructive" onClick={reset}>
                      Reset Settings
                    </Button>
                  </AlertDialog.Action>
                </Row>
              </Content>
            </AlertDialog.Portal>
          </AlertDialog.Root>
        </Row>
      </CardContent>
    </Card>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
`;

const Overlay = styled(AlertDialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: 40;
  background: ${({ theme }) => theme.colors.overlay};
`;

const Content = styled(AlertDialog.Content)`
  position: fixed;
  z-index: 50;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(30rem, calc(100vw - 2rem));
  display: grid;
  gap: 0.75rem;
  padding: 1.5rem;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 10px 40px rgba(0, 0, 0, 0.25);
  h2 { margin: 0; font-size: 1.125rem; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;
