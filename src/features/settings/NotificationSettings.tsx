import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/Card";
import { SwitchField } from "../../components/ui/Switch";
import { useSettings } from "../../state/SettingsProvider";

/** The four notification preferences, kept in this browser. */
export function NotificationSettings() {
  const [settings, store] = useSettings();
  return (
    <Card aria-labelledby="notifications-title">
      <CardHeader>
        <div>
          <CardTitle id="notifications-title">Notification Preferences</CardTitle>
          <CardDescription>
            Kept in this browser. Email and push delivery need a notification service, which this static site does not have yet; your choices
            are ready for it.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <SwitchField label="Email Notifications" description="Alerts by email." checked={settings.emailNotifications} onCheckedChange={(v) => store.update({ emailNotifications: v })} />
        <SwitchField label="Push Notifications" description="Alerts in this browser." checked={settings.pushNotifications} onCheckedChange={(v) => store.update({ pushNotifications: v })} />
        <SwitchField label="Server Down Alerts" description="When a server goes offline." checked={settings.serverDownAlerts} onCheckedChange={(v) => store.update({ serverDownAlerts: v })} />
        <SwitchField label="Performance Alerts" description="When response time passes 150 ms." checked={settings.performanceAlerts} onCheckedChange={(v) => store.update({ performanceAlerts: v })} />
      </CardContent>
    </Card>
  );
}
