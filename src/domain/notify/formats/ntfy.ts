/** ntfy's format: a topic's JSON message with its priority and tags. */
import type { MeasuredStatus } from "../../checks/outcome";
import type { NotifyMessage } from "../notifications";
import { describe, plainText } from "../wording";

const NTFY_TAGS: Record<MeasuredStatus, string> = { offline: "red_circle", warning: "warning", online: "white_check_mark" };

/** ntfy's priorities: 5 urgent, 4 high, 3 default. */
function ntfyPriority(message: NotifyMessage): 5 | 4 | 3 {
  if (message.kind === "test") return 3;
  const notices = message.kind === "notice" ? [message.notice] : message.notices;
  if (notices.some((notice) => notice.event === "down")) return 5;
  if (notices.some((notice) => notice.to !== "online" || notice.event === "unchecked")) return 4;
  return 3;
}

/**
 * Where an ntfy channel publishes: the channel's URL is the topic's
 * (https://ntfy.sh/my-topic); a JSON message goes to the server's root with the
 * topic inside. Null when the URL has no topic.
 */
export function ntfyTarget(url: string): { endpoint: string; topic: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const parts = parsed.pathname.split("/").filter(Boolean);
  const topic = parts.pop();
  if (!topic) return null;
  parsed.pathname = `/${parts.join("/")}`;
  parsed.search = "";
  parsed.hash = "";
  return { endpoint: parsed.toString(), topic: decodeURIComponent(topic) };
}

/**
 * ntfy's JSON publishing form: title, message, priority (urgent for a server
 * going down, high for degraded and reminders, default otherwise), tags that
 * ntfy shows as emoji, and `click` to the server's page.
 */
export function ntfyBody(message: NotifyMessage, topic: string): Record<string, unknown> {
  const said = describe(message);
  const tags = said.state ? [NTFY_TAGS[said.state]] : ["information_source", "test"];
  if (message.kind === "notice" && message.notice.event === "reminder") tags.push("repeat");
  return {
    topic,
    title: said.title,
    message: plainText(said, { withTitle: false }),
    priority: ntfyPriority(message),
    tags,
    ...(said.url ? { click: said.url } : {}),
  };
}
