import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Seo } from "../components/layout/Seo";
import { PageHeader } from "../components/ui/PageHeader";
import { SettingsTabs } from "../features/settings/SettingsTabs";

export default function SettingsPage({ data }: PageProps<Queries.SettingsPageQuery>) {
  return (
    <>
      <PageHeader title="Settings" subtitle="Manage your profile and application preferences" />
      <SettingsTabs channels={data.allNotificationChannel.nodes} />
    </>
  );
}

export const query = graphql`
  query SettingsPage {
    # content/notifications.json's channels: id, type and what reaches them (gatsby/nodes/notificationChannels.ts), never their variables
    allNotificationChannel(sort: { order: ASC }) {
      nodes {
        id: jsonId
        type
        routes {
          servers
          events
        }
      }
    }
  }
`;

export const Head: HeadFC = () => <Seo title="Settings" description="Profile, display, refresh and notification settings." />;
