import type { SourceNodesArgs } from "gatsby";
import type { NotificationsConfig } from "../../src/domain/notify/notifications";
import { channelSummaries } from "../../src/domain/notify/channels";
import { nodeMaker } from "./makeNode";
import { contentDirectory, readContentTexts } from "../../io/contentFiles";

/**
 * content/notifications.json (optional, validated with the content before
 * sourcing) becomes one NotificationChannel node per channel: its id, its type
 * and the routes that reach it, for the settings page. The names of its
 * environment variables and its addresses stay out of the site; the build
 * never reads the variables themselves (only the check job does).
 */
export function sourceNotificationChannelNodes(args: SourceNodesArgs): void {
  const text = readContentTexts(contentDirectory())["notifications.json"];
  if (!text) return;
  const create = nodeMaker(args);
  channelSummaries(JSON.parse(text) as NotificationsConfig).forEach(({ id, ...channel }, order) => {
    create("NotificationChannel", id, { jsonId: id, order, ...channel });
  });
}
