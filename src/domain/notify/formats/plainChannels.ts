/**
 * The channels that take plain text, where nothing a server or an editor wrote
 * can be read as markup because none is asked for: Telegram's Bot API
 * (sendMessage without parse_mode), Gotify (text/plain), Pushover (html 0) and
 * Matrix (m.room.message with a body and no formatted_body). Each within its
 * API's limits; the secrets (tokens, keys) are added by the sender
 * (monitor/notify/http.ts), never kept here.
 */
import type { MeasuredStatus } from "../../checks/outcome";
import { fnv1a } from "../../kernel/hash";
import { messageKey, type NotifyMessage } from "../notifications";
import { clip, describe, plainText } from "../wording";

/** Telegram: a message's text is at most 4096 characters. */
const TELEGRAM_TEXT_MAX = 4096;
/** Pushover: a message of 1024 characters, a title of 250, a URL of 512 and its title of 100. */
const PUSHOVER = { message: 1024, title: 250, url: 512, urlTitle: 100 } as const;
/** Matrix: an event is at most 65,536 bytes; the text is kept well under it (the rest of the event is small). */
const MATRIX_BODY_MAX = 30_000;

/** The worst state a message tells of, for the services' priorities: null for a test. */
const stateOf = (message: NotifyMessage): MeasuredStatus | null => describe(message).state;

export function telegramBody(message: NotifyMessage, chatId: string): Record<string, unknown> {
  const said = describe(message);
  return {
    chat_id: chatId,
    // No parse_mode: Telegram reads the text as it is, no entity is made of what a name or a detail holds.
    text: clip(plainText(said), TELEGRAM_TEXT_MAX),
    link_preview_options: { is_disabled: true },
  };
}

const GOTIFY_PRIORITY: Record<MeasuredStatus, number> = { offline: 8, warning: 5, online: 2 };

export function gotifyBody(message: NotifyMessage): Record<string, unknown> {
  const said = describe(message);
  const state = stateOf(message);
  return {
    title: said.title,
    message: plainText(said, { withTitle: false }),
    priority: state === null ? 1 : GOTIFY_PRIORITY[state],
    extras: {
      "client::display": { contentType: "text/plain" },
      ...(said.url ? { "client::notification": { click: { url: said.url } } } : {}),
    },
  };
}

/** Pushover's priorities: 1 high (down), 0 normal, -1 quiet (back, a test); 2 (emergency) asks for retries we do not use. */
const PUSHOVER_PRIORITY: Record<MeasuredStatus, number> = { offline: 1, warning: 0, online: -1 };

export function pushoverBody(message: NotifyMessage): Record<string, unknown> {
  const said = describe(message);
  const state = stateOf(message);
  const url = said.url && said.url.length <= PUSHOVER.url ? said.url : null;
  return {
    title: clip(said.title, PUSHOVER.title),
    message: clip(plainText(said, { withTitle: false }), PUSHOVER.message),
    priority: state === null ? -1 : PUSHOVER_PRIORITY[state],
    html: 0,
    ...(message.kind === "notice" ? { timestamp: Math.floor(Date.parse(message.notice.at) / 1000) } : {}),
    ...(url ? { url, url_title: clip(said.linkLabel, PUSHOVER.urlTitle) } : {}),
  };
}

/**
 * Matrix: the event's body, and its transaction id. The id is the message's
 * (its idempotency key, hashed): a try again, or a run that sends it again,
 * reuses it, and the homeserver keeps one event.
 */
export function matrixEvent(message: NotifyMessage): { txnId: string; body: Record<string, unknown> } {
  const said = describe(message);
  const key = messageKey(message);
  const hex = (n: number) => n.toString(16).padStart(8, "0");
  return {
    txnId: `monitor-${hex(fnv1a(key))}${hex(fnv1a(`${key.length}\n${key}`))}`,
    body: { msgtype: message.kind === "test" ? "m.notice" : "m.text", body: clip(plainText(said), MATRIX_BODY_MAX) },
  };
}
