import { SectionCard } from "../../components/ui/Card";
import { Item, ItemList, ItemMeta } from "../../components/ui/ItemList";
import { channelTypeName, describeRoute } from "../../domain/notify/channels";
import { classed } from "../../styles/classed";
import * as styles from "./NotificationSettings.module.css";

/** A channel of content/notifications.json as the build gave it to the page: id and type, and what reaches it. */
export type SiteChannel = {
  id: string;
  type: string;
  routes: ReadonlyArray<{ servers: readonly string[] | null; events: readonly string[] }>;
};

type SiteChannelsProps = { channels: readonly SiteChannel[] };

const GUIDE = "CONTENT.md (Notifications), in the project's repository";

/** Where the site's check job sends notifications (content/notifications.json), or that it sends none. */
export function SiteChannels({ channels }: SiteChannelsProps) {
  if (channels.length === 0) {
    return (
      <SectionCard title="Sent by this site">
        <Text>
          This site sends no notifications: its content has no notifications.json. {GUIDE} says how its editors can have the check job tell
          people by Slack, Discord, Microsoft Teams, ntfy, a webhook or email.
        </Text>
      </SectionCard>
    );
  }
  return (
    <SectionCard
      title="Sent by this site"
      description="The site's check job tells these channels when a measured server goes down, slows down or recovers, whether or not anyone has a page open. The same for every reader: the switches here do not change it."
    >
      <ItemList aria-label="Notification channels">
        {channels.map((channel) => (
          <Item key={channel.id}>
            <div>
              <ChannelName>
                {channel.id} ({channelTypeName(channel.type)})
              </ChannelName>
              <ItemMeta>
                {channel.routes.length === 0 ? "no route sends anything here" : channel.routes.map(describeRoute).join("; ")}
              </ItemMeta>
            </div>
          </Item>
        ))}
      </ItemList>
      <Text>
        {"Their addresses and keys are kept in the check job's environment, never in the site. "}
        {GUIDE} says how to change them.
      </Text>
    </SectionCard>
  );
}

const ChannelName = classed("p", styles.channelName);
const Text = classed("p", styles.text);
