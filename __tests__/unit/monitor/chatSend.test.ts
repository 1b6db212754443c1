/** @jest-environment node */
/**
 * Telegram, Gotify, Pushover and Matrix (#47) through the real sending code to
 * local receivers written from their API references (chatReceivers.ts): each
 * message arrives within the service's limits; a 429 is waited out as the
 * service says (Telegram and Matrix in their JSON) and tried again; a refused
 * message is final and its error names no token; Matrix's transaction id makes
 * a message sent twice one event; and whatever text a server or an editor
 * wrote arrives as the same text, read as no markup (none is asked for).
 */
import fc from "fast-check";
import { resolveChannel } from "../../../monitor/notify/channelEnv";
import { deliver } from "../../../monitor/notify/send";
import type { ChannelConfig, Notice, NotifyMessage, ResolvedChannel } from "../../../src/domain/notify/notifications";
import { makeNotice } from "../fixtures";
import {
  startGoogleChat,
  startMattermost,
  startGotify,
  startMatrix,
  startPushover,
  startTelegram,
  type ChatReceiver,
  type GoogleChatReceiver,
  type MattermostReceiver,
  type MatrixReceiver,
} from "./chatReceivers";

const SECRET = {
  telegram: "123456789:AAHsecretBotTokenValue0123456789xyz",
  gotify: "AgotifyAppToken9",
  pushoverToken: "azGDORePK8gMaC0QOYAMyEEuzJnyUi",
  pushoverUser: "uQiRzpo4DXghDmr9QzzfQu27cmVRsG",
  matrix: "syt_bW9uaXRvcg_secretAccessToken_0a1b2c",
};
const CHAT = "-1001234567890";
const ROOM = "!ops:example.org";
let telegram: ChatReceiver;
let gotify: ChatReceiver;
let pushover: ChatReceiver;
let matrix: MatrixReceiver;
let googlechat: GoogleChatReceiver;
let mattermost: MattermostReceiver;
const MATTERMOST_KEY = "xn8k3d9f7bghjqwe5rtyu1iop0";
const CHAT_KEY = "AIzaSyDdI0hCZtE6vySjMm-WEfRq3CPzqKqqsHI";
const CHAT_TOKEN = "webhookTokenSecretValue0123456789";

beforeAll(async () => {
  telegram = await startTelegram(SECRET.telegram, [CHAT]);
  gotify = await startGotify(SECRET.gotify);
  pushover = await startPushover(SECRET.pushoverToken, SECRET.pushoverUser);
  matrix = await startMatrix(SECRET.matrix, ROOM);
  googlechat = await startGoogleChat("AAAAspace", CHAT_KEY, CHAT_TOKEN);
  mattermost = await startMattermost(MATTERMOST_KEY);
});
afterAll(() => Promise.all([telegram, gotify, pushover, matrix, googlechat, mattermost].map((r) => r.close())));
beforeEach(() => [telegram, gotify, pushover, matrix, googlechat, mattermost].forEach((r) => r.reset()));

function channel(config: ChannelConfig, env: NodeJS.ProcessEnv): ResolvedChannel {
  const resolved = resolveChannel(config, env);
  if (!("channel" in resolved)) throw new Error(`missing ${resolved.missing.join(", ")}`);
  return resolved.channel;
}
const CHANNELS = {
  telegram: (token = SECRET.telegram) =>
    channel({ id: "tg", type: "telegram", tokenEnv: "T", chatId: CHAT, urlEnv: "U" }, { T: token, U: telegram.base }),
  gotify: (token = SECRET.gotify) => channel({ id: "go", type: "gotify", tokenEnv: "T", urlEnv: "U" }, { T: token, U: `${gotify.base}/` }),
  pushover: (token = SECRET.pushoverToken) =>
    channel(
      { id: "po", type: "pushover", tokenEnv: "T", userEnv: "S", urlEnv: "U" },
      { T: token, S: SECRET.pushoverUser, U: pushover.base },
    ),
  matrix: (token = SECRET.matrix) =>
    channel({ id: "mx", type: "matrix", tokenEnv: "T", roomId: ROOM, urlEnv: "U" }, { T: token, U: matrix.base }),
  // Google Chat's webhook URL is the secret: its key and token are in its query.
  googlechat: (token = CHAT_TOKEN) =>
    channel(
      { id: "gc", type: "googlechat", urlEnv: "U" },
      { U: `${googlechat.base}/v1/spaces/AAAAspace/messages?key=${CHAT_KEY}&token=${encodeURIComponent(token)}` },
    ),
  // Mattermost's incoming webhook URL is the secret: its key is its last part.
  mattermost: (token = MATTERMOST_KEY) =>
    channel({ id: "mm", type: "mattermost", urlEnv: "U" }, { U: `${mattermost.base}/hooks/${token}` }),
};
const RECEIVERS = () => ({ telegram, gotify, pushover, matrix, googlechat, mattermost });
const send = (to: ResolvedChannel, message: NotifyMessage) => deliver(to, message, { backoffMs: 10, timeoutMs: 2000 });
const notice = (overrides: Partial<Notice> = {}): NotifyMessage => ({ kind: "notice", notice: makeNotice(overrides) });

/** The text each service shows, from what it received. */
const shown = (type: keyof typeof CHANNELS, body: Record<string, unknown>): string =>
  type === "telegram"
    ? String(body.text)
    : type === "matrix"
      ? String(body.body)
      : type === "googlechat"
        ? googlechat.rendered[googlechat.messages.indexOf(body)].text
        : type === "mattermost"
          ? mattermost.rendered[mattermost.messages.indexOf(body)].text
          : `${String(body.title)}\n${String(body.message)}`;

describe.each(Object.keys(CHANNELS) as Array<keyof typeof CHANNELS>)("%s", (type) => {
  it("delivers a fall with the server, the state, what the check saw and the link, as plain text", async () => {
    expect(await send(CHANNELS[type](), notice())).toMatchObject({ ok: true, attempts: 1 });
    const [body] = RECEIVERS()[type].messages;
    const text = shown(type, body);
    expect(text).toContain("Web 1 (srv-1) is offline");
    expect(text).toContain("What the check saw: connection refused");
    expect(text).toContain("https://status.example.org/servers/srv-1");
    // No markup asked for: Telegram without parse_mode, Gotify as text/plain, Pushover html 0, Matrix without formatted_body.
    expect(body.parse_mode).toBeUndefined();
    expect(body.formatted_body).toBeUndefined();
    if (type === "pushover") expect(body).toMatchObject({ html: 0, priority: 1, url: "https://status.example.org/servers/srv-1" });
    if (type === "gotify") expect(body).toMatchObject({ priority: 8, extras: { "client::display": { contentType: "text/plain" } } });
  });

  it("waits out a 429 as the service says and tries again", async () => {
    RECEIVERS()[type].throttle(1, 1);
    const began = Date.now();
    expect(await send(CHANNELS[type](), notice())).toMatchObject({ ok: true, attempts: 2 });
    // Google Chat says no wait (RESOURCE_EXHAUSTED alone): the job's own backoff; the others say one second.
    if (type !== "googlechat") expect(Date.now() - began).toBeGreaterThanOrEqual(900);
    expect(RECEIVERS()[type].messages).toHaveLength(1);
  });

  it("a refused message is final, and its error names no token", async () => {
    const wrong = "WRONGtoken-0123456789abcdefWRONG";
    const result = await send(CHANNELS[type](wrong), notice());
    expect(result).toMatchObject({ ok: false, attempts: 1 });
    const error = (result as { error: string }).error;
    expect(error).toMatch(/HTTP 40[0134]/);
    for (const secret of [wrong, ...Object.values(SECRET)]) expect(error).not.toContain(secret);
  });

  it("property: any name and detail arrive as the same text, within the service's limits", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 200, unit: "grapheme" }),
        fc.string({ maxLength: 600, unit: "binary" }),
        async (name, detail) => {
          RECEIVERS()[type].reset();
          const message = notice({ server: { id: "srv-x", name, ip: "10.0.0.9", location: "Oslo" }, detail });
          expect(await send(CHANNELS[type](), message)).toMatchObject({ ok: true });
          const text = shown(type, RECEIVERS()[type].messages[0]);
          expect(text).toContain(`${name} (srv-x) is offline`);
          if (type !== "pushover") expect(text).toContain(`What the check saw: ${detail || "nothing recorded"}`);
          // Google Chat reads a card's text as HTML: nothing in a name or a detail may make a link there.
          if (type === "googlechat") expect(googlechat.rendered[0].links).toEqual([]);
          if (type === "mattermost") expect(mattermost.rendered[0]).toMatchObject({ mentions: [], links: [] });
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe("Matrix", () => {
  it("a message sent twice (a run played again) is one event: its transaction id is the message's", async () => {
    const message = notice();
    await send(CHANNELS.matrix(), message);
    await send(CHANNELS.matrix(), message);
    expect(matrix.requests).toHaveLength(2);
    expect(matrix.events.size).toBe(1);
    await send(CHANNELS.matrix(), notice({ key: "another" }));
    expect(matrix.events.size).toBe(2);
  });
});

describe("Pushover", () => {
  it("keeps a long detail within its 1024 characters, and a test quiet", async () => {
    await send(CHANNELS.pushover(), notice({ detail: "x".repeat(5000) }));
    expect(String(pushover.messages[0].message).length).toBeLessThanOrEqual(1024);
    await send(CHANNELS.pushover(), { kind: "test", channel: "po", at: "2026-11-29T10:00:00.000Z", siteUrl: null });
    expect(pushover.messages[1]).toMatchObject({ priority: -1 });
  });
});

describe("Telegram", () => {
  it("keeps a long message within 4096 characters and turns link previews off", async () => {
    await send(CHANNELS.telegram(), notice({ detail: "y".repeat(9000) }));
    expect(String(telegram.messages[0].text).length).toBeLessThanOrEqual(4096);
    expect(telegram.messages[0].link_preview_options).toEqual({ is_disabled: true });
  });
});

describe("Google Chat", () => {
  it("a name or a detail written as HTML or as Chat's markup stays text: no link, no mention, no bold", async () => {
    const name = `<a href="https://evil.example">Pay</a> *urgent* <users/all>`;
    const detail = `<b>fake</b> &amp; <font color="#ff0000">red</font>`;
    await send(CHANNELS.googlechat(), notice({ server: { id: "srv-h", name, ip: "10.0.0.1", location: "Oslo" }, detail }));
    const [seen] = googlechat.rendered;
    expect(seen.links).toEqual([]);
    expect(seen.text).toContain(`${name} (srv-h) is offline`);
    expect(seen.text).toContain(`What the check saw: ${detail}`);
    // No `text` (Google Chat's own markup, where <users/all> would mention everyone); a plain fallback for notifications.
    expect(googlechat.messages[0].text).toBeUndefined();
    expect(googlechat.messages[0].fallbackText).toBe(`${name} (srv-h) is offline`);
  });
});

describe("Mattermost", () => {
  it("a name or a detail written as Markdown or as a mention stays text: nobody is mentioned, nothing becomes a link", async () => {
    const name = "@channel [Pay here](https://evil.example) **now**";
    const detail = "@all _see_ `code` <https://evil.example> :fire:";
    await send(CHANNELS.mattermost(), notice({ server: { id: "srv-m", name, ip: "10.0.0.1", location: "Oslo" }, detail }));
    const [seen] = mattermost.rendered;
    expect(seen).toMatchObject({ mentions: [], links: [] });
    expect(seen.text).toContain(`What happened: ${name} (srv-m) is offline`);
    expect(seen.text).toContain(`What the check saw: ${detail}`);
    // No text, no pretext (Mattermost mentions from both); a plain fallback for notifications.
    expect(mattermost.messages[0].text).toBeUndefined();
    expect((mattermost.messages[0].attachments as Array<{ fallback: string; pretext?: string }>)[0]).toMatchObject({
      fallback: `${name} (srv-m) is offline`,
    });
  });
});
