import { useState } from "react";
import { SectionCard } from "../../components/ui/Card";
import { SwitchField } from "../../components/ui/Switch";
import { useSettings } from "../../state/SettingsProvider";
import { classed } from "../../styles/classed";
import { SettingsGrid } from "./SettingsLayout";
import { SiteChannels, type SiteChannel } from "./SiteChannels";
import { askPushPermission, pushPermission } from "../../state/browserNotifications";
import { onButSilent, permissionProblem } from "./pushPermission";
import * as styles from "./NotificationSettings.module.css";

type NotificationSettingsProps = {
  /** the channels of content/notifications.json, as the build gave them (none when the site has no such file) */
  channels: readonly SiteChannel[];
};

/**
 * The four switches (SPEC): this browser's preferences. Push Notifications
 * shows system notifications from this browser while a page that follows the
 * status feed is open; turning it on asks the browser's permission. Beside
 * them, what the site itself sends, from its check job.
 */
export function NotificationSettings({ channels }: NotificationSettingsProps) {
  const [settings, store] = useSettings();
  const [problem, setProblem] = useState<string | null>(null);
  // Read on each render (never asked for here): the reader may have changed it in the browser since.
  const silent = settings.pushNotifications ? onButSilent(pushPermission()) : null;

  const changePush = async (on: boolean) => {
    setProblem(null);
    if (!on) {
      store.update({ pushNotifications: false });
      return;
    }
    const why = permissionProblem(await askPushPermission());
    setProblem(why);
    if (why === null) store.update({ pushNotifications: true });
  };

  return (
    <SettingsGrid>
      <SectionCard
        title="Notification Preferences"
        description="Your preferences, kept in this browser: they change nothing for anyone else, and nothing the site's check job sends."
      >
        <SwitchField
          label="Email Notifications"
          description="A preference kept here. This page cannot send email: any email about servers comes from the site's check job, to the addresses its editors set (see Sent by this site)."
          checked={settings.emailNotifications}
          onCheckedChange={(v) => store.update({ emailNotifications: v })}
        />
        <SwitchField
          label="Push Notifications"
          description="System notifications from this browser while a page that follows the status feed is open (the dashboard, map or servers), when a measured server changes state. Turning it on asks the browser's permission."
          checked={settings.pushNotifications}
          onCheckedChange={(v) => void changePush(v)}
        />
        {problem ? <Problem role="alert">{problem}</Problem> : null}
        {silent ? <Problem role="status">{silent}</Problem> : null}
        <SwitchField
          label="Server Down Alerts"
          description="Push: tell me when a measured server goes offline, and when it is back."
          checked={settings.serverDownAlerts}
          onCheckedChange={(v) => store.update({ serverDownAlerts: v })}
        />
        <SwitchField
          label="Performance Alerts"
          description="Push: tell me when a measured server turns slow (warning), and when it is back to normal."
          checked={settings.performanceAlerts}
          onCheckedChange={(v) => store.update({ performanceAlerts: v })}
        />
      </SectionCard>
      <SiteChannels channels={channels} />
    </SettingsGrid>
  );
}

const Problem = classed("p", styles.problem);
