import { lazy, Suspense } from "react";
import { Tabs } from "../../components/ui/Tabs";
import { useLocationHash } from "../../components/ui/useLocationHash";
import { GeneralSettings } from "./GeneralSettings";
import type { SiteChannel } from "./SiteChannels";
import { classed } from "../../styles/classed";
import * as styles from "./SettingsTabs.module.css";

const TABS = [
  { value: "general", label: "General" },
  { value: "notifications", label: "Notifications" },
  { value: "security", label: "Security" },
  { value: "advanced", label: "Advanced" },
] as const;
type TabValue = (typeof TABS)[number]["value"];

// The other tabs' code loads when they are first shown: the page opens on General.
const NotificationSettings = lazy(() => import("./NotificationSettings").then((m) => ({ default: m.NotificationSettings })));
const SecuritySettings = lazy(() => import("./SecuritySettings").then((m) => ({ default: m.SecuritySettings })));
const AdvancedSettings = lazy(() => import("./AdvancedSettings").then((m) => ({ default: m.AdvancedSettings })));

const isTab = (value: string): value is TabValue => TABS.some((t) => t.value === value);

type SettingsTabsProps = {
  /** the site's notification channels (content/notifications.json), for the Notifications tab */
  channels: readonly SiteChannel[];
};

/** General (default), Notifications, Security and Advanced; the URL's #hash opens a tab (/settings#security). */
export function SettingsTabs({ channels }: SettingsTabsProps) {
  const [hash, setHash] = useLocationHash();
  const tab: TabValue = isTab(hash) ? hash : "general";
  const choose = (value: TabValue) => setHash(value === "general" ? "" : value);
  return (
    <Tabs label="Settings sections" tabs={TABS} value={tab} onChange={choose}>
      <Suspense fallback={<Loading>Loading the {tab} settings…</Loading>}>
        {tab === "general" ? <GeneralSettings /> : null}
        {tab === "notifications" ? <NotificationSettings channels={channels} /> : null}
        {tab === "security" ? <SecuritySettings /> : null}
        {tab === "advanced" ? <AdvancedSettings /> : null}
      </Suspense>
    </Tabs>
  );
}

const Loading = classed("p", styles.loading);
