import { useEffect, useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/Tabs";
import { AdvancedSettings } from "./AdvancedSettings";
import { GeneralSettings } from "./GeneralSettings";
import { NotificationSettings } from "./NotificationSettings";
import { SecuritySettings } from "./SecuritySettings";

const TABS = [
  { value: "general", label: "General" },
  { value: "notifications", label: "Notifications" },
  { value: "security", label: "Security" },
  { value: "advanced", label: "Advanced" },
] as const;
type TabValue = (typeof TABS)[number]["value"];

const isTab = (value: string): value is TabValue => TABS.some((t) => t.value === value);

/** General (default), Notifications, Security and Advanced; the URL's #hash opens a tab (/settings#security). */
export function SettingsTabs() {
  const [tab, setTab] = useState<TabValue>("general");

  useEffect(() => {
    const fromHash = () => {
      const hash = window.location.hash.slice(1);
      if (isTab(hash)) setTab(hash);
    };
    fromHash();
    window.addEventListener("hashchange", fromHash);
    return () => window.removeEventListener("hashchange", fromHash);
  }, []);

  const choose = (value: string) => {
    if (!isTab(value)) return;
    setTab(value);
    window.history.replaceState(window.history.state, "", value === "general" ? window.location.pathname : `#${value}`);
  };

  return (
    <Tabs value={tab} onValueChange={choose}>
      <TabsList aria-label="Settings sections">
        {TABS.map((t) => (
          <TabsTrigger key={t.value} value={t.value}>
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="general">
        <GeneralSettings />
      </TabsContent>
      <TabsContent value="notifications">
        <NotificationSettings />
      </TabsContent>
      <TabsContent value="security">
        <SecuritySettings />
      </TabsContent>
      <TabsContent value="advanced">
        <AdvancedSettings />
      </TabsContent>
    </Tabs>
  );
}
