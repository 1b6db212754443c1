/**
 * Local stand-ins for the plain-text channels, written from their published
 * API references, on 127.0.0.1: each checks what the real one checks and
 * answers as it answers, throttling included.
 *
 * - Telegram Bot API: POST /bot<token>/sendMessage; {ok, result} or {ok: false,
 *   error_code, description}; a 429 says parameters.retry_after in its JSON.
 * - Gotify: POST /message with the app's token in X-Gotify-Key.
 * - Pushover: POST /1/messages.json with token and user; {status: 1, request}.
 * - Matrix client-server API: PUT /_matrix/client/v3/rooms/:room/send/m.room.message/:txnId
 *   with a Bearer token; the same transaction id is the same event; a 429 is
 *   M_LIMIT_EXCEEDED with retry_after_ms.
 */
import { startReceiver, type Base, type Json } from "./pagingReceivers";

export type ChatReceiver = Base & { messages: Json[] };

/** Telegram: a message's text is 1 to 4096 characters (after entities parsing; none here). */
/** A receiver with the messages it took and how a reader sees them; reset clears all three. */
function withRendered<R extends { reset: () => void }, M, V>(receiver: R, messages: M[], rendered: V[]) {
  return {
    ...receiver,
    messages,
    rendered,
    reset: () => {
      receiver.reset();
      messages.length = 0;
      rendered.length = 0;
    },
  };
}

export async function startTelegram(token: string, chats: readonly string[]): Promise<ChatReceiver> {
  const messages: Json[] = [];
  const receiver = await startReceiver(
    ({ path, body }, answer, method) => {
      const fail = (code: number, description: string) => answer(code, { ok: false, error_code: code, description });
      if (method !== "POST") return fail(405, "Method Not Allowed");
      const match = /^\/bot([^/]+)\/sendMessage$/.exec(path);
      if (!match) return fail(404, "Not Found");
      if (decodeURIComponent(match[1]) !== token) return fail(401, "Unauthorized");
      const b = body!;
      if (!chats.includes(String(b.chat_id))) return fail(400, "Bad Request: chat not found");
      if (typeof b.text !== "string" || b.text.trim() === "") return fail(400, "Bad Request: message text is empty");
      if (b.text.length > 4096) return fail(400, "Bad Request: message is too long");
      if (b.parse_mode !== undefined && !(typeof b.parse_mode === "string" && ["MarkdownV2", "HTML", "Markdown"].includes(b.parse_mode)))
        return fail(400, "Bad Request: unsupported parse_mode");
      messages.push(b);
      answer(200, { ok: true, result: { message_id: messages.length, chat: { id: b.chat_id }, date: 0, text: b.text } });
    },
    (seconds) => ({
      body: { ok: false, error_code: 429, description: `Too Many Requests: retry after ${seconds}`, parameters: { retry_after: seconds } },
      headers: {},
    }),
  );
  return { ...receiver, messages, reset: () => (receiver.reset(), (messages.length = 0)) };
}

export async function startGotify(token: string): Promise<ChatReceiver> {
  const messages: Json[] = [];
  const receiver = await startReceiver(({ path, headers, body }, answer, method) => {
    const fail = (code: number, error: string, errorDescription: string) => answer(code, { error, errorCode: code, errorDescription });
    if (method !== "POST" || path.split("?")[0] !== "/message") return fail(404, "Not Found", "page not found");
    if (headers["x-gotify-key"] !== token)
      return fail(401, "Unauthorized", "you need to provide a valid access token or user credentials to access this api");
    const b = body!;
    if (typeof b.message !== "string" || b.message === "") return fail(400, "Bad Request", "Field 'message' is required");
    if (b.priority !== undefined && !Number.isInteger(b.priority)) return fail(400, "Bad Request", "Field 'priority' must be a number");
    messages.push(b);
    answer(200, {
      id: messages.length,
      appid: 1,
      message: b.message,
      title: b.title ?? "",
      priority: b.priority ?? 0,
      date: "2026-11-29T10:00:00Z",
    });
  });
  return { ...receiver, messages, reset: () => (receiver.reset(), (messages.length = 0)) };
}

const PUSHOVER_LIMITS = { message: 1024, title: 250, url: 512, url_title: 100 } as const;

export async function startPushover(token: string, user: string): Promise<ChatReceiver> {
  const messages: Json[] = [];
  const receiver = await startReceiver(({ path, body }, answer, method) => {
    const request = `req-${messages.length}`;
    const fail = (field: string, error: string) => answer(400, { [field]: "invalid", errors: [error], status: 0, request });
    if (method !== "POST" || path !== "/1/messages.json") return answer(404, { status: 0, errors: ["not found"], request });
    const b = body!;
    if (b.token !== token) return fail("token", "application token is invalid");
    if (b.user !== user) return fail("user", "user identifier is not a valid user, group, or subscribed user key");
    if (typeof b.message !== "string" || b.message === "") return fail("message", "message cannot be blank");
    for (const [field, max] of Object.entries(PUSHOVER_LIMITS)) {
      const value = b[field];
      if (value !== undefined && (typeof value !== "string" || value.length > max)) return fail(field, `${field} is too long (max ${max})`);
    }
    if (b.priority !== undefined && !(Number.isInteger(b.priority) && Number(b.priority) >= -2 && Number(b.priority) <= 2))
      return fail("priority", "priority is invalid");
    if (b.priority === 2) return fail("retry", "retry and expire are required with priority 2");
    messages.push(b);
    answer(200, { status: 1, request });
  });
  return { ...receiver, messages, reset: () => (receiver.reset(), (messages.length = 0)) };
}

export type MatrixReceiver = ChatReceiver & { events: Map<string, Json> };

export async function startMatrix(token: string, room: string): Promise<MatrixReceiver> {
  const messages: Json[] = [];
  /** events by transaction id: the same id is the same event (the spec's idempotency) */
  const events = new Map<string, Json>();
  const receiver = await startReceiver(
    ({ path, headers, body }, answer, method) => {
      const fail = (code: number, errcode: string, error: string) => answer(code, { errcode, error });
      const match = /^\/_matrix\/client\/v3\/rooms\/([^/]+)\/send\/m\.room\.message\/([^/]+)$/.exec(path);
      if (method !== "PUT" || !match) return fail(404, "M_UNRECOGNIZED", "Unrecognized request");
      if (headers.authorization !== `Bearer ${token}`) return fail(401, "M_UNKNOWN_TOKEN", "Invalid access token passed.");
      if (decodeURIComponent(match[1]) !== room) return fail(403, "M_FORBIDDEN", "User not in room");
      const b = body!;
      if (typeof b.msgtype !== "string" || typeof b.body !== "string") return fail(400, "M_BAD_JSON", "msgtype and body are required");
      if (Buffer.byteLength(JSON.stringify(b)) > 65_536) return fail(413, "M_TOO_LARGE", "event too large");
      const txn = decodeURIComponent(match[2]);
      if (!events.has(txn)) {
        events.set(txn, b);
        messages.push(b);
      }
      answer(200, { event_id: `$event-${[...events.keys()].indexOf(txn)}` });
    },
    (seconds) => ({ body: { errcode: "M_LIMIT_EXCEEDED", error: "Too many requests", retry_after_ms: seconds * 1000 }, headers: {} }),
  );
  return {
    ...receiver,
    messages,
    events,
    reset: () => {
      receiver.reset();
      messages.length = 0;
      events.clear();
    },
  };
}

/** Google Chat's small card HTML: these tags are read as formatting; anything else in a text is shown as it is. */
const CHAT_TAGS = /<\/?(b|i|u|s|font|a|br)\b[^>]*>/gi;

/**
 * Google Chat: POST /v1/spaces/:space/messages?key=…&token=… (the webhook's
 * URL); a card's texts are read as its small HTML. `rendered` is what a reader
 * sees of each message: its tags (ours) taken away, its entities read, and the
 * links a text made (none should come from a server's or an editor's words).
 */
export type GoogleChatReceiver = ChatReceiver & { rendered: Array<{ text: string; links: string[] }> };

export async function startGoogleChat(space: string, key: string, token: string): Promise<GoogleChatReceiver> {
  const messages: Json[] = [];
  const rendered: GoogleChatReceiver["rendered"] = [];
  const receiver = await startReceiver(
    ({ path, body }, answer, method) => {
      const fail = (code: number, status: string, message: string) => answer(code, { error: { code, message, status } });
      const url = new URL(path, "http://chat");
      if (method !== "POST" || url.pathname !== `/v1/spaces/${space}/messages`)
        return fail(404, "NOT_FOUND", "Requested entity was not found.");
      if (url.searchParams.get("key") !== key || url.searchParams.get("token") !== token)
        return fail(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.");
      const b = body!;
      const cards = b.cardsV2 as Array<{ card?: { sections?: Array<{ widgets?: Json[] }> } }> | undefined;
      if (typeof b.text !== "string" && !Array.isArray(cards)) return fail(400, "INVALID_ARGUMENT", "Message cannot be empty.");
      if (JSON.stringify(b).length > 32_000) return fail(400, "INVALID_ARGUMENT", "Message too large.");
      const texts: string[] = [];
      for (const card of cards ?? [])
        for (const section of card.card?.sections ?? [])
          for (const widget of section.widgets ?? []) {
            const paragraph = (widget.textParagraph as { text?: string } | undefined)?.text;
            const decorated = widget.decoratedText as { topLabel?: string; text?: string } | undefined;
            if (typeof paragraph === "string") texts.push(paragraph);
            // A decorated text shows its label above it: read as "label: text".
            if (typeof decorated?.text === "string") texts.push(`${decorated.topLabel ?? ""}: ${decorated.text}`);
            // A button shows its words, and leads to its link.
            const buttons = (
              widget.buttonList as { buttons?: Array<{ text?: string; onClick?: { openLink?: { url?: string } } }> } | undefined
            )?.buttons;
            for (const button of buttons ?? []) texts.push(`${button.text ?? ""}: ${button.onClick?.openLink?.url ?? ""}`);
          }
      const links = texts.flatMap((t) => [...t.matchAll(/<a\s[^>]*href="([^"]*)"/gi)].map((m) => m[1]));
      const text = texts
        .map((t) => t.replace(/<br>/gi, "\n").replace(CHAT_TAGS, "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"))
        .join("\n");
      messages.push(b);
      rendered.push({ text, links });
      answer(200, { name: `spaces/${space}/messages/${messages.length}`, text: b.text ?? "" });
    },
    () => ({
      body: { error: { code: 429, message: "Resource has been exhausted (e.g. check quota).", status: "RESOURCE_EXHAUSTED" } },
      headers: {},
    }),
  );
  return withRendered(receiver, messages, rendered);
}

/**
 * Mattermost: POST /hooks/:key, a message of text and attachments. `rendered`
 * is what a reader sees of each: the attachment's title and each field as
 * "title: value", the value's Markdown escapes read; with the mentions and
 * links Markdown would have made of them (an unescaped @name, a [text](url)).
 */
export type MattermostReceiver = ChatReceiver & { rendered: Array<{ text: string; mentions: string[]; links: string[] }> };

export async function startMattermost(key: string): Promise<MattermostReceiver> {
  const messages: Json[] = [];
  const rendered: MattermostReceiver["rendered"] = [];
  const receiver = await startReceiver(
    ({ path, body }, answer, method) => {
      const fail = (code: number, message: string) => answer(code, { id: "web.incoming_webhook.error", message, status_code: code });
      if (method !== "POST" || path !== `/hooks/${key}`) return fail(404, "Unable to find the webhook.");
      const b = body!;
      const attachments = b.attachments as
        | Array<{
            fallback?: unknown;
            title_link?: string;
            title?: string;
            text?: string;
            pretext?: string;
            fields?: Array<{ title?: string; value?: unknown }>;
          }>
        | undefined;
      if ((typeof b.text !== "string" || b.text === "") && !Array.isArray(attachments)) return fail(400, "Unable to parse incoming data.");
      const markdown: string[] = [typeof b.text === "string" ? b.text : ""];
      const lines: string[] = [];
      for (const a of attachments ?? []) {
        if (typeof a.fallback !== "string") return fail(400, "Attachment fallback is required.");
        // The title leads to its link.
        lines.push(`${a.title ?? ""}${a.title_link ? ` (${a.title_link})` : ""}`);
        markdown.push(a.text ?? "", a.pretext ?? "");
        for (const field of a.fields ?? []) {
          const value = typeof field.value === "string" ? field.value : "";
          markdown.push(value);
          lines.push(`${field.title ?? ""}: ${value.replace(/\\([!-/:-@[-`{-~])/g, "$1")}`);
        }
      }
      const raw = markdown.join("\n");
      const mentions = [...raw.matchAll(/(^|[^\\\w])@([a-z0-9._-]+)/gi)].map((m) => m[2]);
      const links = [...raw.matchAll(/(^|[^\\])\[[^\]]*\]\(([^)]*)\)/g)].map((m) => m[2]);
      messages.push(b);
      rendered.push({ text: lines.join("\n"), mentions, links });
      answer(200, {});
    },
    // Its rate limiter (throttled's headers, server/channels/app/ratelimit.go): the wait in Retry-After, and the seconds
    // until the quota is whole again in X-RateLimit-Reset; its body (http.Error's "limit exceeded") says nothing more.
    (seconds) => ({
      body: { message: "limit exceeded" },
      headers: {
        "retry-after": String(seconds),
        "x-ratelimit-limit": "10",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(seconds),
      },
    }),
  );
  return withRendered(receiver, messages, rendered);
}
