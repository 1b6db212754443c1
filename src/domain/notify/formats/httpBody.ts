/** The JSON body a webhook-style channel posts, in its own format (the others' requests are built in monitor/notify/http.ts). */
import type { ChannelType, NotifyMessage } from "../notifications";
import { discordBody } from "./discord";
import { slackBody } from "./slack";
import { teamsBody } from "./teams";
import { googleChatBody } from "./googleChat";
import { mattermostBody } from "./mattermost";
import { webhookBody } from "./webhook";

export function httpBody(
  type: Extract<ChannelType, "webhook" | "slack" | "discord" | "teams" | "googlechat" | "mattermost">,
  message: NotifyMessage,
): Record<string, unknown> {
  switch (type) {
    case "webhook":
      return webhookBody(message);
    case "slack":
      return slackBody(message);
    case "discord":
      return discordBody(message);
    case "teams":
      return teamsBody(message);
    case "googlechat":
      return googleChatBody(message);
    case "mattermost":
      return mattermostBody(message);
  }
}
