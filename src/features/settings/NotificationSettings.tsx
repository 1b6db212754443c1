import { SectionCard } from "../../components/ui/Card";
import { SwitchField } from "../../components/ui/Switch";
import { useSettings } from "../../state/SettingsProvider";

/** The four notification preferences, kept in this browser. */
export function NotificationSettings() {
  const [settings, store] = useSettings();
  return (
    <SectionCard
      title="Notification Preferences"
      description="Your preferences, kept in this browser. Nothing is sent yet: delivering email and push alerts needs a notification service, which this static site does not have. The choices are stored for when it does."
    >
      <SwitchField
        label="Email Notifications"
        description="Preference: alerts by email."
        checked={settings.emailNotifications}
        onCheckedChange={(v) => store.update({ emailNotifications: v })}
      />
      <SwitchField
        label="Push Notifications"
        description="Preference: alerts from this browser."
        checked={settings.pushNotifications}
        onCheckedChange={(v) => store.update({ pushNotifications: v })}
      />
      <SwitchField
        label="Server Down Alerts"
        description="Preference: tell me when a server goes offline."
        checked={settings.serverDownAlerts}
        onCheckedChange={(v) => store.update({ serverDownAlerts: v })}
      />
      <SwitchField
        label="Performance Alerts"
        description="Preference: tell me when response time is high."
        checked={settings.performanceAlerts}
        onCheckedChange={(v) => store.update({ performanceAlerts: v })}
      />
    </SectionCard>
  );
}
