import type { HeadFC } from "gatsby";
import { Seo } from "../components/layout/Seo";
import { PageHeader } from "../components/ui/PageHeader";
import { SettingsTabs } from "../features/settings/SettingsTabs";

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" subtitle="Manage your profile and application preferences" />
      <SettingsTabs />
    </>
  );
}

export const Head: HeadFC = () => <Seo title="Settings" description="Profile, display, refresh and notification settings." />;
