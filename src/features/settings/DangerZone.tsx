import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { SectionCard } from "../../components/ui/Card";
import { notify } from "../../components/ui/notify";
import { useSettings } from "../../state/SettingsProvider";
import { formatIsoDate } from "../../domain/kernel/format";
import { classed } from "../../styles/classed";
import * as styles from "./DangerZone.module.css";

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
    <SectionCard title="Danger Zone" description="Your settings, as a file, or back to their defaults.">
      <Row>
        <Button $variant="outline" onClick={exportData}>
          Export Data
        </Button>
        <ConfirmDialog
          trigger={<Button $variant="destructive">Reset Settings</Button>}
          title="Reset all settings?"
          description="Profile, theme, refresh, notification and integration settings return to their defaults. This cannot be undone."
          confirmLabel="Reset Settings"
          onConfirm={reset}
        />
      </Row>
    </SectionCard>
  );
}

const Row = classed("div", styles.row);
