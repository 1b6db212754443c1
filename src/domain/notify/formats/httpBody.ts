/** The JSON body an HTTP channel posts, in its own format (email has its own parts; ntfy needs its topic). */
import type { ChannelType, NotifyMessage } from "../notifications";
import { discordBody } from "./discord";
import { slackBody } from "./slack";
import { teamsBody } from "./teams";
import { webhookBody } from "./webhook";

export function httpBody(
  type: Exclude<ChannelType, "email" | "ntfy" | "pagerduty" | "opsgenie">,
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
  }
}
