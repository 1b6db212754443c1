/** @jest-environment node */
/**
 * The check job's notifications end to end: real checks against a server on
 * 127.0.0.1, real receivers (HTTP for webhook, Slack, Discord, Teams and ntfy;
 * SMTP for email), the real sending code. One message per routed channel and
 * change, never twice, reminders on a fake clock, digests, failures that stay
 * in their channel, and no secret anywhere the job writes or says.
 */
import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { deliver } from "../../../monitor/notify/send";
import { resolveChannel } from "../../../monitor/notify/channelEnv";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from "../../../monitor/notify/http";
import type { NotifyTools } from "../../../monitor/notify/outbox";
import { runChecks, type RunReport } from "../../../monitor/run/runChecks";
import { startHttpReceiver, startSmtpReceiver, type HttpReceiver, type SmtpReceiver } from "./receivers";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const HTTP_CHANNELS = ["webhook", "slack", "discord", "teams", "ntfy"] as const;
const SECRETS = {
  webhookSecret: "whsec-9f8e7d6c5b4a",
  ntfyToken: "tk_ntfy_0a1b2c3d4e5f",
  smtpPassword: "smtp-pass-7g8h9i",
  slackPath: "/services/T0SECRET/B0SECRET/slacktoken123",
};

let target: http.Server;
let base: string;
/** What each server's check path answers: 200 unless told. */
const statuses = new Map<string, number>();
/** What each server's check path says in its body: "ok" unless told. */
const bodies = new Map<string, string>();
/** The Authorization each path received last. */
const authorizations = new Map<string, string | undefined>();
const receivers = {} as Record<(typeof HTTP_CHANNELS)[number], HttpReceiver>;
let smtp: SmtpReceiver;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  target = http.createServer((request, response) => {
    authorizations.set(request.url ?? "/", request.headers.authorization);
    response.statusCode = statuses.get(request.url ?? "/") ?? 200;
    response.end(bodies.get(request.url ?? "/") ?? "ok");
  });
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(target.address() as net.AddressInfo).port}`;
  for (const type of HTTP_CHANNELS) receivers[type] = await startHttpReceiver();
  smtp = await startSmtpReceiver({ user: "mailer", password: SECRETS.smtpPassword });
  env = {
    NOTIFY_WEBHOOK_URL: `${receivers.webhook.base}/hook`,
    NOTIFY_WEBHOOK_SECRET: SECRETS.webhookSecret,
    NOTIFY_SLACK_URL: `${receivers.slack.base}${SECRETS.slackPath}`,
    NOTIFY_DISCORD_URL: `${receivers.discord.base}/api/webhooks/1/discordtoken`,
    NOTIFY_TEAMS_URL: `${receivers.teams.base}/webhookb2/teamstoken`,
    NOTIFY_NTFY_URL: `${receivers.ntfy.base}/ops-alerts`,
    NOTIFY_NTFY_TOKEN: SECRETS.ntfyToken,
    NOTIFY_SMTP_URL: smtp.url("mailer", SECRETS.smtpPassword),
  };
});

afterAll(async () => {
  target.closeAllConnections();
  target.close();
  await Promise.all([...HTTP_CHANNELS.map((type) => receivers[type].close()), smtp.close()]);
});

beforeEach(() => {
  statuses.clear();
  bodies.clear();
  for (const type of HTTP_CHANNELS) receivers[type].reset();
  smtp.reset();
});

type Rec = Record<string, unknown>;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const CHANNELS = [
  { id: "ops-webhook", type: "webhook", urlEnv: "NOTIFY_WEBHOOK_URL", secretEnv: "NOTIFY_WEBHOOK_SECRET" },
  { id: "ops-slack", type: "slack", urlEnv: "NOTIFY_SLACK_URL" },
  { id: "ops-discord", type: "discord", urlEnv: "NOTIFY_DISCORD_URL" },
  { id: "ops-teams", type: "teams", urlEnv: "NOTIFY_TEAMS_URL" },
  { id: "pager", type: "ntfy", urlEnv: "NOTIFY_NTFY_URL", tokenEnv: "NOTIFY_NTFY_TOKEN" },
  { id: "on-call", type: "email", smtpUrlEnv: "NOTIFY_SMTP_URL", from: "monitor@example.org", to: ["oncall@example.org"] },
];

/** A content folder with `count` servers checked at /s/<i>, and notifications to every channel. */
function contentWith(
  count: number,
  notifications: Rec | null = { defaults: { reminderMinutes: 60 }, channels: CHANNELS, routes: [{ channels: CHANNELS.map((c) => c.id) }] },
): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "notify-job-"));
  dirs.push(dir);
  for (const file of fs.readdirSync(path.join(ROOT, "content")).filter((f) => f.endsWith(".json"))) {
    fs.copyFileSync(path.join(ROOT, "content", file), path.join(dir, file));
  }
  const template = (JSON.parse(fs.readFileSync(path.join(dir, "servers.json"), "utf8")) as Rec[])[0];
  const servers = Array.from({ length: count }, (_, i) => ({
    ...template,
    id: `srv-${i}`,
    name: `Server <${i}>`,
    ip: `192.0.2.${i + 1}`,
    check: { url: `${base}/s/${i}`, confirmRuns: { warning: 1, offline: 1 } },
  }));
  fs.writeFileSync(path.join(dir, "servers.json"), JSON.stringify(servers, null, 2));
  for (const file of ["alerts.json"]) fs.writeFileSync(path.join(dir, file), "[]");
  if (notifications) fs.writeFileSync(path.join(dir, "notifications.json"), JSON.stringify(notifications, null, 2));
  return dir;
}

type Options = {
  afterSend?: (channel: string) => void;
  afterWrite?: () => void;
  afterQueue?: () => void;
  minutesLater?: number;
  /** the variables the checks' headers read (none unless told) */
  checkEnv?: NodeJS.ProcessEnv;
};
const logs: string[] = [];

function tools(options: Options): NotifyTools {
  return {
    resolve: resolveChannel,
    deliver: (channel, message) => deliver(channel, message, { backoffMs: 20, timeoutMs: 2000 }),
    env,
    siteUrl: "https://status.example.org",
    afterSend: options.afterSend,
  };
}

function run(dir: string, options: Options = {}): Promise<RunReport> {
  const shift = (options.minutesLater ?? 0) * 60_000;
  return runChecks({
    contentDir: dir,
    log: (line) => logs.push(line),
    warn: (line) => logs.push(`warning: ${line}`),
    retryPauseMs: 0,
    notify: tools(options),
    afterWrite: options.afterWrite,
    afterQueue: options.afterQueue,
    now: () => new Date(Date.now() + shift),
    env: options.checkEnv ?? {},
  });
}

const countAll = () => ({
  ...Object.fromEntries(HTTP_CHANNELS.map((type) => [type, receivers[type].received.length])),
  email: smtp.mails.length,
});
const once = { webhook: 1, slack: 1, discord: 1, teams: 1, ntfy: 1, email: 1 };
const none = { webhook: 0, slack: 0, discord: 0, teams: 0, ntfy: 0, email: 0 };
const waitForMail = async (count: number) => {
  for (let i = 0; i < 50 && smtp.mails.length < count; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe("a condition on the answer (issue #23)", () => {
  it("a 200 maintenance page caught by bodyLacks is told as down, naming the condition, and no header's secret goes out", async () => {
    const HEADER_SECRET = "hdr-secret-55e1d0";
    const dir = contentWith(1);
    const servers = JSON.parse(fs.readFileSync(path.join(dir, "servers.json"), "utf8")) as Rec[];
    servers[0].check = {
      ...(servers[0].check as Rec),
      headers: { Authorization: { env: "STATUS_TOKEN" } },
      expect: { bodyLacks: "maintenance" },
    };
    fs.writeFileSync(path.join(dir, "servers.json"), JSON.stringify(servers, null, 2));
    const checkEnv = { STATUS_TOKEN: `Bearer ${HEADER_SECRET}` };
    await run(dir, { checkEnv });
    expect(countAll()).toEqual(none);

    bodies.set("/s/0", "<h1>Down for maintenance</h1>");
    await run(dir, { checkEnv });
    await waitForMail(1);
    expect(authorizations.get("/s/0")).toBe(`Bearer ${HEADER_SECRET}`);
    expect(countAll()).toEqual(once);
    const hook = JSON.parse(receivers.webhook.received[0].body) as { event: string; detail: string };
    expect(hook).toMatchObject({ event: "down", to: "offline" });
    expect(hook.detail).toMatch(/but bodyLacks "maintenance": found in "<h1>Down for maintenance<\/h1>"/);
    expect(receivers.slack.received[0].body).toContain("bodyLacks");
    expect(smtp.mails[0].mail.text).toContain('bodyLacks "maintenance"');
    const sent = [
      ...HTTP_CHANNELS.flatMap((type) => receivers[type].received.map((r) => r.body + JSON.stringify(r.headers))),
      `${smtp.mails[0].mail.text ?? ""}${String(smtp.mails[0].mail.html)}`,
    ];
    for (const text of [...sent, logs.join("\n")]) expect(text).not.toContain(HEADER_SECRET);
  });
});

describe("a maintenance window (issue #22)", () => {
  type Latest = { results: Array<{ server: string; status: string; maintenance?: boolean; uptimeUp: number; uptimeTotal: number }> };
  const latestOf = (dir: string, server: string) =>
    (JSON.parse(fs.readFileSync(path.join(dir, "checks", "latest.json"), "utf8")) as Latest).results.find((r) => r.server === server)!;
  const alertsOf = (dir: string) =>
    JSON.parse(fs.readFileSync(path.join(dir, "checks", "alerts.json"), "utf8")) as Array<{ message: string }>;

  it("a server down inside it writes no alert, sends nothing and keeps its uptime; still down after it, it is alerted and notified once", async () => {
    const dir = contentWith(2);
    const start = new Date(Date.now() - 60_000);
    const end = new Date(Date.now() + 30 * 60_000);
    fs.writeFileSync(
      path.join(dir, "maintenance.json"),
      JSON.stringify([
        { id: "db-upgrade", title: "Database upgrade", affected: ["srv-1"], start: start.toISOString(), end: end.toISOString() },
      ]),
    );
    await run(dir);
    expect(latestOf(dir, "srv-1")).toMatchObject({ status: "online", maintenance: true });
    expect(latestOf(dir, "srv-0").maintenance).toBeUndefined();

    statuses.set("/s/1", 503);
    const during = await run(dir, { minutesLater: 10 });
    expect(countAll()).toEqual(none);
    expect(alertsOf(dir)).toEqual([]);
    // held at the state before the window, shown as maintenance; no check in the window counts in its uptime
    expect(latestOf(dir, "srv-1")).toMatchObject({ status: "online", maintenance: true, uptimeUp: 0, uptimeTotal: 0 });
    expect(during.offline).toBe(0);
    expect(logs.join("\n")).toContain("1 server checked in maintenance");

    // the window over, still down: a confirmed change at once, told once to every channel
    await run(dir, { minutesLater: 31 });
    await waitForMail(1);
    expect(countAll()).toEqual(once);
    expect(JSON.parse(receivers.webhook.received[0].body)).toMatchObject({ event: "down", server: { id: "srv-1" }, to: "offline" });
    expect(alertsOf(dir).map((a) => a.message)).toEqual([expect.stringMatching(/^Server offline: /)]);
    expect(latestOf(dir, "srv-1")).toMatchObject({ status: "offline", uptimeUp: 0, uptimeTotal: 1 });
    expect(latestOf(dir, "srv-1").maintenance).toBeUndefined();

    await run(dir, { minutesLater: 36 });
    expect(countAll()).toEqual(once);
    expect(alertsOf(dir)).toHaveLength(1);
  });

  it("a reminder that falls due inside a window waits for its end", async () => {
    const dir = contentWith(1);
    await run(dir);
    statuses.set("/s/0", 503);
    await run(dir);
    await waitForMail(1);
    expect(countAll()).toEqual(once);
    // down for 61 minutes, a reminder due: but a window began meanwhile
    fs.writeFileSync(
      path.join(dir, "maintenance.json"),
      JSON.stringify([
        {
          id: "rebuild",
          title: "Rebuild",
          affected: ["srv-0"],
          start: new Date(Date.now() + 50 * 60_000).toISOString(),
          end: new Date(Date.now() + 90 * 60_000).toISOString(),
        },
      ]),
    );
    const held = await run(dir, { minutesLater: 61 });
    expect(countAll()).toEqual(once);
    expect(held.notifications?.suppressed).toEqual([{ server: "srv-0", event: "reminder", reason: "in maintenance: Rebuild" }]);
    await run(dir, { minutesLater: 91 });
    await waitForMail(2);
    expect(JSON.parse(receivers.webhook.received[1].body)).toMatchObject({ event: "reminder", server: { id: "srv-0" } });
  });
});

describe("a server going down, staying down, coming back", () => {
  it("one message per channel with what a person needs; none while still down; a reminder when due; one recovery with the duration", async () => {
    const dir = contentWith(2);
    await run(dir);
    expect(countAll()).toEqual(none); // first seen: nothing to say

    statuses.set("/s/1", 503);
    const down = await run(dir);
    await waitForMail(1);
    expect(countAll()).toEqual(once);
    expect(down.notifications).toMatchObject({ messages: 6, notices: 6, failed: [], notConfigured: [] });

    const body = JSON.parse(receivers.webhook.received[0].body) as Rec;
    expect(body).toMatchObject({
      version: 1,
      event: "down",
      server: { id: "srv-1", name: "Server <1>" },
      from: "online",
      to: "offline",
      url: "https://status.example.org/servers/srv-1",
    });
    expect(String(body.detail)).toContain("503");
    // the signature verifies with the secret, over the timestamp and the exact body
    const { headers, body: raw } = receivers.webhook.received[0];
    const timestamp = String(headers[TIMESTAMP_HEADER.toLowerCase()]);
    const expected = `sha256=${createHmac("sha256", SECRETS.webhookSecret).update(`${timestamp}.${raw}`).digest("hex")}`;
    expect(headers[SIGNATURE_HEADER.toLowerCase()]).toBe(expected);
    for (const type of ["slack", "discord", "teams", "ntfy"] as const) {
      const text = receivers[type].received[0].body + JSON.stringify(receivers[type].received[0].headers);
      expect(text).toContain("srv-1");
      expect(text).toContain("Server <1>");
    }
    expect(receivers.ntfy.received[0].headers.authorization).toBe(`Bearer ${SECRETS.ntfyToken}`);
    expect(smtp.mails[0].to).toEqual(["oncall@example.org"]);
    expect(smtp.mails[0].mail.text).toContain("srv-1");
    expect(smtp.mails[0].mail.html).toContain("Server &lt;1&gt;");

    await run(dir, { minutesLater: 30 });
    expect(countAll()).toEqual(once); // still down, no reminder due

    await run(dir, { minutesLater: 61 });
    await waitForMail(2);
    expect(countAll()).toEqual({ webhook: 2, slack: 2, discord: 2, teams: 2, ntfy: 2, email: 2 });
    expect(JSON.parse(receivers.webhook.received[1].body)).toMatchObject({ event: "reminder", server: { id: "srv-1" } });

    await run(dir, { minutesLater: 62 });
    expect(receivers.webhook.received).toHaveLength(2); // the next reminder is at 120 minutes

    statuses.delete("/s/1");
    await run(dir, { minutesLater: 63 });
    await waitForMail(3);
    expect(countAll()).toEqual({ webhook: 3, slack: 3, discord: 3, teams: 3, ntfy: 3, email: 3 });
    const recovered = JSON.parse(receivers.webhook.received[2].body) as { event: string; durationMs: number };
    expect(recovered.event).toBe("recovered");
    expect(recovered.durationMs).toBeGreaterThan(60 * 60_000);
  });
});

describe("many at once", () => {
  it("30 servers going down in one run: one digest per channel, worst first, 20 names and the rest counted", async () => {
    const dir = contentWith(32);
    await run(dir);
    for (let i = 0; i < 30; i += 1) statuses.set(`/s/${i}`, 500);
    const report = await run(dir);
    await waitForMail(1);
    expect(countAll()).toEqual(once);
    expect(report.notifications).toMatchObject({ messages: 6, notices: 180 });
    const digest = JSON.parse(receivers.webhook.received[0].body) as { event: string; notices: unknown[] };
    expect(digest.event).toBe("digest");
    expect(digest.notices).toHaveLength(30);
    expect(smtp.mails[0].mail.text).toContain("and 10 more");
  });
});

describe("delivery that fails", () => {
  it("a receiver answering 500 is tried 3 times and reported; the others still receive theirs; it is sent on a later run", async () => {
    const dir = contentWith(1);
    await run(dir);
    statuses.set("/s/0", 500);
    receivers.slack.fail(3);
    const report = await run(dir);
    await waitForMail(1);
    expect(countAll()).toEqual({ ...once, slack: 3 });
    expect(report.notifications!.failed).toEqual([expect.objectContaining({ channel: "ops-slack", kept: 1 })]);
    expect(logs.join("\n")).toMatch(/ops-slack failed \(.*500.*1 notice kept for the next run/);

    await run(dir);
    expect(receivers.slack.received).toHaveLength(4);
    expect(receivers.webhook.received).toHaveLength(1);
  });

  it("a channel whose variable is not set is reported once per run and skipped", async () => {
    const dir = contentWith(1);
    const saved = env.NOTIFY_TEAMS_URL;
    delete env.NOTIFY_TEAMS_URL;
    try {
      logs.length = 0;
      await run(dir);
      statuses.set("/s/0", 500);
      const report = await run(dir);
      expect(report.notifications!.notConfigured).toEqual([{ channel: "ops-teams", missing: ["NOTIFY_TEAMS_URL"] }]);
      expect(logs.filter((l) => l.includes("ops-teams skipped: not configured (NOTIFY_TEAMS_URL is not set)"))).toHaveLength(2);
      expect(receivers.teams.received).toHaveLength(0);
      expect(receivers.webhook.received).toHaveLength(1);
    } finally {
      env.NOTIFY_TEAMS_URL = saved;
    }
  });
});

describe("once, whatever happens to the run", () => {
  it("a crash after sending, before the send is recorded: the next run sends nothing twice, and says a send may not have arrived", async () => {
    const dir = contentWith(1);
    await run(dir);
    statuses.set("/s/0", 500);
    await expect(
      run(dir, {
        afterSend: () => {
          throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    await waitForMail(1);
    const sentBefore = countAll();
    expect(Object.values(sentBefore).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    logs.length = 0;
    await run(dir);
    await run(dir);
    expect(countAll()).toEqual(sentBefore);
    expect(logs.join("\n")).toMatch(/counted as sent: a run stopped while sending/);
  });

  it("a crash after queueing, before sending: the next run sends each message once", async () => {
    const dir = contentWith(1);
    await run(dir);
    statuses.set("/s/0", 500);
    await expect(
      run(dir, {
        afterQueue: () => {
          throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    expect(countAll()).toEqual(none);
    await run(dir);
    await run(dir);
    await waitForMail(1);
    expect(countAll()).toEqual(once);
  });
  it("a crash after the run's files, before the notices were queued: the next run owes and sends each once", async () => {
    const dir = contentWith(1);
    await run(dir);
    const memory = fs.readFileSync(path.join(dir, "checks", "notify-state.json"), "utf8");
    statuses.set("/s/0", 500);
    await expect(
      run(dir, {
        afterWrite: () => {
          throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    // The fall is in the run's files; the notifications' memory is as it was, and nothing was sent.
    const latest = JSON.parse(fs.readFileSync(path.join(dir, "checks", "latest.json"), "utf8")) as { results: Array<{ status: string }> };
    expect(latest.results[0].status).toBe("offline");
    expect(fs.readFileSync(path.join(dir, "checks", "notify-state.json"), "utf8")).toBe(memory);
    expect(countAll()).toEqual(none);
    await run(dir);
    await run(dir);
    await waitForMail(1);
    expect(countAll()).toEqual(once);
  });
});

describe("secrets", () => {
  it("no secret from the environment is in the job's files or its log", async () => {
    const dir = contentWith(1);
    logs.length = 0;
    await run(dir);
    statuses.set("/s/0", 500);
    receivers.slack.fail(3);
    receivers.ntfy.fail(3, 401);
    await run(dir);
    // Every file the job wrote, the servers' rollups in checks/servers/ too.
    const files = (fs.readdirSync(path.join(dir, "checks"), { recursive: true }) as string[])
      .map((name) => path.join(dir, "checks", name))
      .filter((file) => fs.statSync(file).isFile());
    expect(files.some((file) => file.includes(`${path.sep}servers${path.sep}`))).toBe(true);
    const written = files.map((file) => fs.readFileSync(file, "utf8")).join("\n");
    expect(written).toContain("ops-slack"); // the state names channels by id
    for (const secret of [...Object.values(SECRETS), "discordtoken", "teamstoken", env.NOTIFY_SMTP_URL!]) {
      expect(written).not.toContain(secret);
      expect(logs.join("\n")).not.toContain(secret);
    }
  });
});

describe("without notifications.json", () => {
  it("nobody is notified, and the run says so once", async () => {
    const dir = contentWith(1, null);
    logs.length = 0;
    await run(dir);
    statuses.set("/s/0", 500);
    const report = await run(dir);
    expect(report.notifications).toBeNull();
    expect(countAll()).toEqual(none);
    expect(logs.filter((l) => l.includes("notifications.json: nobody is notified"))).toHaveLength(2);
  });
});

describe("npm run check", () => {
  /** The real command, with only the variables given (and the system's PATH). */
  function runCommand(dir: string, vars: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const child = spawn(path.join(ROOT, "node_modules", ".bin", "tsx"), ["monitor/check.ts", "--content", dir], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: "1", ...vars },
      });
      let output = "";
      child.stdout.on("data", (d: Buffer) => (output += d.toString()));
      child.stderr.on("data", (d: Buffer) => (output += d.toString()));
      child.on("close", (code) => resolve({ code, output }));
    });
  }

  it("sends with the variables of its environment, links to SITE_URL and PATH_PREFIX, and says what it did", async () => {
    const dir = contentWith(1, {
      channels: [CHANNELS[0], CHANNELS[1]],
      routes: [{ channels: ["ops-webhook", "ops-slack"] }],
    });
    const vars = {
      NOTIFY_WEBHOOK_URL: env.NOTIFY_WEBHOOK_URL,
      NOTIFY_WEBHOOK_SECRET: env.NOTIFY_WEBHOOK_SECRET,
      SITE_URL: "https://example.github.io",
      PATH_PREFIX: "/status",
    };
    expect((await runCommand(dir, vars)).code).toBe(0);
    statuses.set("/s/0", 500);
    const second = await runCommand(dir, vars);
    expect(second.code).toBe(0);
    expect(second.output).toContain("Notifications (");
    expect(second.output).toContain("1 message sent");
    expect(second.output).toContain("ops-slack skipped: not configured (NOTIFY_SLACK_URL is not set)");
    expect(receivers.webhook.received).toHaveLength(1);
    expect(JSON.parse(receivers.webhook.received[0].body)).toMatchObject({
      event: "down",
      url: "https://example.github.io/status/servers/srv-0",
    });
    expect(second.output).not.toContain(SECRETS.webhookSecret);
  });
});

describe("a flapping server (#30)", () => {
  // Protects "a flapping server pages all night": 8 hours of runs 5 minutes apart, failing every other run.
  // 109 runs of the job in this process: seconds on a quiet machine, more on a busy one (nothing here is timed).
  it("failing every other run for 8 hours sends a handful of notices per channel, not a hundred", async () => {
    const dir = contentWith(1);
    for (let i = 0; i < 96; i += 1) {
      statuses.set("/s/0", i % 2 === 1 ? 503 : 200);
      await run(dir, { minutesLater: i * 5 });
    }
    await waitForMail(5);
    // The first two falls and returns, then one notice that it flaps; nothing after, for 91 runs.
    expect(countAll()).toEqual({ webhook: 5, slack: 5, discord: 5, teams: 5, ntfy: 5, email: 5 });
    const events = receivers.webhook.received.map((r) => (JSON.parse(r.body) as { event: string }).event);
    expect(events).toEqual(["down", "recovered", "down", "recovered", "flapping"]);
    const alerts = JSON.parse(fs.readFileSync(path.join(dir, "checks", "alerts.json"), "utf8")) as Array<{ message: string }>;
    expect(alerts).toHaveLength(5);
    expect(alerts[0].message).toMatch(/^Server flapping: its state changed 5 times in 60 min/);
    // Every change still counts: half of the 96 checks were up.
    const latest = JSON.parse(fs.readFileSync(path.join(dir, "checks", "latest.json"), "utf8")) as { results: Rec[] };
    expect(latest.results[0]).toMatchObject({ uptimeUp: 48, uptimeTotal: 96, flapping: { minutes: 60 } });

    // Up for a whole hour: one notice that it settled, online.
    statuses.set("/s/0", 200);
    for (let i = 96; i < 96 + 13; i += 1) await run(dir, { minutesLater: i * 5 });
    const after = receivers.webhook.received.map((r) => JSON.parse(r.body) as { event: string; to: string });
    expect(after.slice(5).map((e) => [e.event, e.to])).toEqual([["settled", "online"]]);
  }, 60_000);
});

describe("what reaches Teams from an answer (#30)", () => {
  it("a value quoted from the answer is a TextRun in the card, never Markdown", async () => {
    const dir = contentWith(1);
    const servers = JSON.parse(fs.readFileSync(path.join(dir, "servers.json"), "utf8")) as Rec[];
    servers[0].check = { ...(servers[0].check as Rec), expect: { json: [{ path: "$.status", equals: "ok" }] } };
    fs.writeFileSync(path.join(dir, "servers.json"), JSON.stringify(servers, null, 2));
    bodies.set("/s/0", JSON.stringify({ status: "ok" }));
    await run(dir);
    bodies.set("/s/0", JSON.stringify({ status: "[sign in again](https://evil.example/login) **now**" }));
    await run(dir, { minutesLater: 5 });
    expect(receivers.teams.received).toHaveLength(1);
    const card = receivers.teams.received[0].body;
    expect(card).not.toMatch(/"type":"(TextBlock|FactSet)"/);
    const runs = [...card.matchAll(/"type":"TextRun","text":"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
    expect(runs.some((text) => text.includes("[sign in again](https://evil.example/login) **now**"))).toBe(true);
  });
});
