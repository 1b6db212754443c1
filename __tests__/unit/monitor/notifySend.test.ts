/** @jest-environment node */
/**
 * Sending notifications to real receivers on 127.0.0.1: an HTTP server that
 * stands for a webhook, Slack, Discord, Teams and ntfy, and an SMTP server.
 */
import { createHmac } from "node:crypto";
import http from "node:http";
import type net from "node:net";
import type { ChannelConfig, NotifyMessage, ResolvedChannel } from "../../../src/domain/notify/notifications";
import { makeNotice } from "../fixtures";
import { deliver } from "../../../monitor/notify/send";
import { resolveChannel } from "../../../monitor/notify/channelEnv";
import { IDEMPOTENCY_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "../../../monitor/notify/http";
import { startHttpReceiver, startSmtpReceiver, type HttpReceiver, type SmtpReceiver } from "./receivers";

const SLACK_PATH = "/services/T0001/B0002/slacksecrettoken123";
const NTFY_TOKEN = "tk_ntfysecrettoken456";
const SMTP_PASSWORD = "smtp-secret-pass-789";
const HMAC_SECRET = "hmac-secret-abc";
const FAST = { backoffMs: 5, timeoutMs: 2000 };

let receiver: HttpReceiver;
let smtp: SmtpReceiver;

beforeAll(async () => {
  receiver = await startHttpReceiver();
  smtp = await startSmtpReceiver({ user: "monitor", password: SMTP_PASSWORD });
});
afterAll(async () => {
  await receiver.close();
  await smtp.close();
});
beforeEach(() => {
  receiver.reset();
  smtp.reset();
});

const notice = makeNotice;
const down: NotifyMessage = { kind: "notice", notice: notice() };
const recovered: NotifyMessage = {
  kind: "notice",
  notice: notice({ event: "recovered", from: "offline", to: "online", detail: "HTTP 200 in 45 ms", durationMs: 2 * 3600_000 + 5 * 60_000 }),
};

const channels = (): Record<string, ResolvedChannel> => ({
  webhook: { id: "ops-webhook", type: "webhook", url: `${receiver.base}/hook`, secret: HMAC_SECRET },
  slack: { id: "ops-slack", type: "slack", url: `${receiver.base}${SLACK_PATH}` },
  discord: { id: "ops-discord", type: "discord", url: `${receiver.base}/api/webhooks/123/discordsecrettoken` },
  teams: { id: "ops-teams", type: "teams", url: `${receiver.base}/workflows/teamssecrettoken` },
  ntfy: { id: "pager", type: "ntfy", url: `${receiver.base}/pager-topic`, token: NTFY_TOKEN },
  email: {
    id: "on-call",
    type: "email",
    smtpUrl: smtp.url("monitor", SMTP_PASSWORD),
    from: "monitor@example.org",
    to: ["oncall@example.org"],
  },
});

describe("each channel type gets a body with what a person needs", () => {
  it.each(["slack", "discord", "teams", "ntfy", "webhook"])("%s: name, id, the states, since, the detail, the link", async (type) => {
    const result = await deliver(channels()[type], down, FAST);
    expect(result).toEqual({ ok: true, attempts: 1 });
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request.method).toBe("POST");
    expect(request.headers["content-type"]).toBe("application/json");
    const body = request.body;
    expect(() => JSON.parse(body)).not.toThrow();
    for (const said of ["Web 1", "srv-1", "connection refused", "2025-03-01T12:00:05.000Z", "https://status.example.org/servers/srv-1"])
      expect(body).toContain(said);
    expect(body).toMatch(/Offline|"offline"/);
    expect(body).toMatch(/Online|"online"/);
  });

  it.each(["slack", "discord", "teams", "ntfy"])("%s: a recovery says how long the server was down", async (type) => {
    await deliver(channels()[type], recovered, FAST);
    expect(receiver.received[0].body).toContain("2 h 5 min");
  });

  it("webhook: a recovery carries the duration in milliseconds", async () => {
    await deliver(channels().webhook, recovered, FAST);
    expect(JSON.parse(receiver.received[0].body)).toMatchObject({ version: 1, event: "recovered", durationMs: 7_500_000 });
  });

  it("ntfy: publishes JSON at the server's root with the topic inside, and the token as a bearer", async () => {
    await deliver(channels().ntfy, down, FAST);
    const [request] = receiver.received;
    expect(request.path).toBe("/");
    expect(request.headers.authorization).toBe(`Bearer ${NTFY_TOKEN}`);
    expect(JSON.parse(request.body)).toMatchObject({
      topic: "pager-topic",
      priority: 5,
      tags: ["red_circle"],
      click: "https://status.example.org/servers/srv-1",
    });
  });

  it("email: one mail with the subject, from, to, a text part and an HTML part, after logging in", async () => {
    const result = await deliver(channels().email, down, FAST);
    expect(result).toEqual({ ok: true, attempts: 1 });
    expect(smtp.mails).toHaveLength(1);
    const [{ mail, from, to, user }] = smtp.mails;
    expect(user).toBe("monitor");
    expect(from).toBe("monitor@example.org");
    expect(to).toEqual(["oncall@example.org"]);
    expect(mail.subject).toBe("Web 1 (srv-1) is offline");
    expect(mail.text).toContain("Offline (was Online)");
    expect(mail.text).toContain("connection refused");
    expect(mail.html).toContain("Offline (was Online)");
    expect(mail.html).toContain('href="https://status.example.org/servers/srv-1"');
  });

  it("email: a server named <b>x</b> is escaped in the HTML part", async () => {
    const named: NotifyMessage = {
      kind: "notice",
      notice: notice({ server: { id: "srv-1", name: "<b>x</b>", ip: "10.0.0.1", location: "Oslo" } }),
    };
    await deliver(channels().email, named, FAST);
    const { mail } = smtp.mails[0];
    expect(mail.html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>x</b>");
    expect(mail.subject).toBe("<b>x</b> (srv-1) is offline");
  });
});

describe("the idempotency key", () => {
  it.each(["slack", "discord", "teams", "ntfy", "webhook"])("%s: each try of a message carries the same key in a header", async (type) => {
    receiver.fail(1);
    await deliver(channels()[type], down, FAST);
    const keys = receiver.received.map((r) => r.headers[IDEMPOTENCY_HEADER.toLowerCase()]);
    expect(keys).toEqual([down.kind === "notice" ? down.notice.key : "", down.kind === "notice" ? down.notice.key : ""]);
  });

  it("webhook: the body says it too", async () => {
    await deliver(channels().webhook, down, FAST);
    expect(JSON.parse(receiver.received[0].body)).toMatchObject({ idempotencyKey: receiver.received[0].headers["idempotency-key"] });
  });
});

describe("the webhook's signature", () => {
  const now = () => new Date("2025-03-01T12:00:05.000Z");
  const sign = (secret: string, timestamp: string, body: string) =>
    `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;

  it("verifies with the secret over the timestamp and the exact body, and not with another secret", async () => {
    await deliver(channels().webhook, down, { ...FAST, now });
    const [request] = receiver.received;
    const timestamp = request.headers[TIMESTAMP_HEADER.toLowerCase()] as string;
    const signature = request.headers[SIGNATURE_HEADER.toLowerCase()] as string;
    expect(timestamp).toBe(String(Date.parse("2025-03-01T12:00:05.000Z") / 1000));
    expect(signature).toBe(sign(HMAC_SECRET, timestamp, request.body));
    expect(signature).not.toBe(sign("another secret", timestamp, request.body));
    // The timestamp is signed: the same body with another time does not verify.
    expect(signature).not.toBe(sign(HMAC_SECRET, String(Number(timestamp) + 1), request.body));
  });

  it("is absent without a secret", async () => {
    await deliver({ id: "plain", type: "webhook", url: `${receiver.base}/hook` }, down, FAST);
    expect(receiver.received[0].headers[SIGNATURE_HEADER.toLowerCase()]).toBeUndefined();
  });
});

describe("tries", () => {
  it("a receiver answering 500 twice, then 200: three tries, sent", async () => {
    receiver.fail(2, 500);
    expect(await deliver(channels().slack, down, FAST)).toEqual({ ok: true, attempts: 3 });
    expect(receiver.received).toHaveLength(3);
  });

  it("always 500: failed after three tries, the status said, the address not", async () => {
    receiver.fail(10, 500);
    const result = await deliver(channels().slack, down, FAST);
    expect(result).toMatchObject({ ok: false, attempts: 3 });
    expect(receiver.received).toHaveLength(3);
    const error = result.ok ? "" : result.error;
    expect(error).toContain("ops-slack");
    expect(error).toContain("HTTP 500");
    expect(error).not.toContain(receiver.base);
    expect(error).not.toContain("slacksecrettoken123");
  });

  it("a 4xx other than 429 is not tried again", async () => {
    receiver.fail(10, 404);
    const result = await deliver(channels().discord, down, FAST);
    expect(result).toMatchObject({ ok: false, attempts: 1 });
    expect(receiver.received).toHaveLength(1);
    expect(result.ok ? "" : result.error).toContain("HTTP 404");
  });

  it("429 is tried again, after the receiver's Retry-After (held to the longest wait)", async () => {
    receiver.fail(1, 429, { "retry-after": "120" });
    expect(await deliver(channels().teams, down, { ...FAST, maxBackoffMs: 20 })).toEqual({ ok: true, attempts: 2 });
  });

  it("a receiver that had the whole notice and never answers is not sent it again: delivered, unanswered", async () => {
    receiver.hang();
    const result = await deliver(channels().webhook, down, { backoffMs: 5, timeoutMs: 150, tries: 3 });
    expect(result).toEqual({ ok: true, attempts: 1, unanswered: "no answer within 150 ms after it was sent" });
    // Given time to arrive, a second copy would be here.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toHaveLength(1);
  });

  it.each(["webhook", "slack", "discord", "teams", "ntfy", "email"])(
    "%s: with a few seconds (and a fraction) left in the run, the notice is sent within them",
    async (type) => {
      const result = await deliver(channels()[type], down, { ...FAST, timeoutMs: 10_000, deadline: performance.now() + 3000.37 });
      expect(result).toMatchObject({ ok: true, attempts: 1 });
      expect(receiver.received.length + smtp.mails.length).toBe(1);
    },
  );

  it("with less than a second left, no try starts: the notice waits for the next run", async () => {
    const result = await deliver(channels().webhook, down, { ...FAST, deadline: performance.now() + 400.5 });
    expect(result).toMatchObject({ ok: false, attempts: 0, outOfTime: true });
    expect(result.ok ? "" : result.error).toContain("the run's time for sending ran out");
    expect(receiver.received).toHaveLength(0);
  });

  it("a 500 whose body trickles past the try's time is the 500: tried again, not counted as delivered", async () => {
    let posts = 0;
    const slow = http.createServer((request, response) => {
      posts += 1;
      request.resume();
      response.writeHead(500, { "content-type": "text/plain" });
      response.write("busy");
      const timer = setInterval(() => (response.destroyed ? clearInterval(timer) : response.write(".")), 50);
      response.on("close", () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const port = (slow.address() as net.AddressInfo).port;
    const result = await deliver({ id: "slow", type: "webhook", url: `http://127.0.0.1:${port}/hook` }, down, {
      backoffMs: 5,
      timeoutMs: 300,
      tries: 2,
    });
    slow.closeAllConnections();
    slow.close();
    expect(result).toMatchObject({ ok: false, attempts: 2 });
    expect(result.ok ? "" : result.error).toContain("HTTP 500");
    expect(posts).toBe(2);
  });

  it("an endless answer is read up to its first 4 KB, then dropped: the try ends with the status", async () => {
    const endless = http.createServer((request, response) => {
      request.resume();
      response.writeHead(500, { "content-type": "text/plain" });
      const chunk = Buffer.alloc(64 * 1024, "x");
      const pump = () => {
        while (response.write(chunk));
      };
      response.on("drain", pump);
      pump();
    });
    await new Promise<void>((resolve) => endless.listen(0, "127.0.0.1", resolve));
    const port = (endless.address() as net.AddressInfo).port;
    const before = process.memoryUsage().rss;
    const result = await deliver({ id: "endless", type: "webhook", url: `http://127.0.0.1:${port}/hook` }, down, {
      backoffMs: 5,
      timeoutMs: 5000,
      tries: 1,
    });
    endless.closeAllConnections();
    endless.close();
    expect(result).toMatchObject({ ok: false, attempts: 1 });
    expect(result.ok ? "" : result.error).toContain("HTTP 500");
    expect(result.ok ? "" : result.error).toContain("xxxx");
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it("a refused connection is tried again and reported without the address", async () => {
    const closed = await startHttpReceiver();
    const url = `${closed.base}/services/T1/B2/refusedsecret999`;
    await closed.close();
    const result = await deliver({ id: "gone", type: "slack", url }, down, FAST);
    expect(result).toMatchObject({ ok: false, attempts: 3 });
    expect(result.ok ? "" : result.error).toContain("ECONNREFUSED");
    expect(result.ok ? "" : result.error).not.toContain("refusedsecret999");
  });

  it("email: a mail server's 'try later' is tried again", async () => {
    smtp.refuse(1, 451);
    expect(await deliver(channels().email, down, FAST)).toEqual({ ok: true, attempts: 2 });
    expect(smtp.mails).toHaveLength(1);
  });

  it("email: a refused login is final", async () => {
    const result = await deliver(
      { ...(channels().email as Extract<ResolvedChannel, { type: "email" }>), smtpUrl: smtp.url("monitor", "wrong-password-1") },
      down,
      FAST,
    );
    expect(result).toMatchObject({ ok: false, attempts: 1 });
    expect(result.ok ? "" : result.error).toMatch(/login|auth/i);
  });
});

describe("secrets", () => {
  it("no error says a URL's token, the ntfy token, the SMTP password or the HMAC secret", async () => {
    const secrets = [
      SLACK_PATH,
      "slacksecrettoken123",
      "discordsecrettoken",
      "teamssecrettoken",
      NTFY_TOKEN,
      SMTP_PASSWORD,
      "wrong-password-1",
      HMAC_SECRET,
    ];
    const errors: string[] = [];
    receiver.fail(100, 503);
    for (const channel of Object.values(channels()).filter((c) => c.type !== "email")) {
      const result = await deliver(channel, down, FAST);
      if (!result.ok) errors.push(result.error);
    }
    receiver.reset();
    receiver.fail(100, 401);
    const ntfy = await deliver(channels().ntfy, down, FAST);
    if (!ntfy.ok) errors.push(ntfy.error);
    // Addresses that do not parse, or are no topic: the whole value is hidden.
    for (const url of [`not a url ${SLACK_PATH}`, `ftp://127.0.0.1${SLACK_PATH}`]) {
      const result = await deliver({ id: "bad", type: "slack", url }, down, FAST);
      if (!result.ok) errors.push(result.error);
    }
    const wrongLogin = await deliver(
      { ...(channels().email as Extract<ResolvedChannel, { type: "email" }>), smtpUrl: smtp.url("monitor", "wrong-password-1") },
      down,
      FAST,
    );
    if (!wrongLogin.ok) errors.push(wrongLogin.error);
    const closedSmtp = await deliver(
      { ...(channels().email as Extract<ResolvedChannel, { type: "email" }>), smtpUrl: `smtp://monitor:${SMTP_PASSWORD}@127.0.0.1:1` },
      down,
      FAST,
    );
    if (!closedSmtp.ok) errors.push(closedSmtp.error);

    expect(errors).toHaveLength(10);
    for (const error of errors) for (const secret of secrets) expect(error).not.toContain(secret);
  });
});

describe("resolveChannel", () => {
  const slack: ChannelConfig = { id: "ops-slack", type: "slack", urlEnv: "SLACK_URL" };
  const webhook: ChannelConfig = { id: "hook", type: "webhook", urlEnv: "HOOK_URL", secretEnv: "HOOK_SECRET" };

  it("reads the channel's variables", () => {
    expect(resolveChannel(slack, { SLACK_URL: "https://hooks.example/x" })).toEqual({
      channel: { id: "ops-slack", type: "slack", url: "https://hooks.example/x" },
    });
    expect(resolveChannel(webhook, { HOOK_URL: "https://h/x", HOOK_SECRET: "s" })).toEqual({
      channel: { id: "hook", type: "webhook", url: "https://h/x", secret: "s" },
    });
  });

  it("names the variables that are not set, an empty one and a named secret included", () => {
    expect(resolveChannel(slack, {})).toEqual({ missing: ["SLACK_URL"] });
    expect(resolveChannel(webhook, { HOOK_URL: "https://h/x", HOOK_SECRET: " " })).toEqual({ missing: ["HOOK_SECRET"] });
  });
});
