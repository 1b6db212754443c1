/** @jest-environment node */
/**
 * npm run notify:test as an operator runs it: the real command, a content
 * folder with channels, their variables in the environment, real receivers on
 * 127.0.0.1.
 */
import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startHttpReceiver, startSmtpReceiver, type HttpReceiver, type SmtpReceiver } from "./receivers";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
const SECRET = "notify-test-hmac-secret";
const SMTP_PASSWORD = "notify-test-smtp-password";
const TOKEN_PATH = "/hooks/T9/notifytestpathtoken";

type Run = { code: number | null; output: string };

let receiver: HttpReceiver;
let smtp: SmtpReceiver;
let dir: string;

beforeAll(async () => {
  receiver = await startHttpReceiver();
  smtp = await startSmtpReceiver({ user: "monitor", password: SMTP_PASSWORD });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "notify-test-"));
  const channels = [
    { id: "ops-webhook", type: "webhook", urlEnv: "NOTIFY_T_HOOK_URL", secretEnv: "NOTIFY_T_HOOK_SECRET" },
    { id: "ops-slack", type: "slack", urlEnv: "NOTIFY_T_UNSET_SLACK_URL" },
    { id: "on-call", type: "email", smtpUrlEnv: "NOTIFY_T_SMTP_URL", from: "monitor@example.org", to: ["oncall@example.org"] },
  ];
  fs.writeFileSync(path.join(dir, "notifications.json"), JSON.stringify({ channels, routes: [{ channels: ["ops-webhook"] }] }));
});
afterAll(async () => {
  await receiver.close();
  await smtp.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  receiver.reset();
  smtp.reset();
});

/** Runs `npm run notify:test -- <args>` (tsx monitor/notifyTest.ts) with these variables. */
function notifyTest(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const base = { ...process.env };
  delete base.NOTIFY_T_UNSET_SLACK_URL;
  return new Promise((resolve) => {
    const child = spawn(TSX, ["monitor/notifyTest.ts", ...args], {
      cwd: ROOT,
      env: { ...base, NO_COLOR: "1", SITE_URL: "https://status.example.org", ...env },
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("close", (code) => resolve({ code, output }));
  });
}

const webhookEnv = () => ({ NOTIFY_T_HOOK_URL: `${receiver.base}${TOKEN_PATH}`, NOTIFY_T_HOOK_SECRET: SECRET });

it("sends a signed test message through a webhook, says so and exits 0", async () => {
  const run = await notifyTest(["ops-webhook", "--content", dir], webhookEnv());
  expect(run.output).toContain('Sent a test message through "ops-webhook" (webhook) after 1 try.');
  expect(run.code).toBe(0);
  expect(receiver.received).toHaveLength(1);
  const [request] = receiver.received;
  expect(JSON.parse(request.body)).toMatchObject({ version: 1, event: "test", channel: "ops-webhook", url: "https://status.example.org" });
  const timestamp = request.headers["x-signature-timestamp"] as string;
  expect(request.headers["x-signature-256"]).toBe(
    `sha256=${createHmac("sha256", SECRET).update(`${timestamp}.${request.body}`).digest("hex")}`,
  );
  expect(run.output).not.toContain(SECRET);
  expect(run.output).not.toContain("notifytestpathtoken");
});

it("sends a test mail through SMTP", async () => {
  const run = await notifyTest(["on-call", "--content", dir], { NOTIFY_T_SMTP_URL: smtp.url("monitor", SMTP_PASSWORD) });
  expect(run.code).toBe(0);
  expect(smtp.mails).toHaveLength(1);
  expect(smtp.mails[0].mail.subject).toBe("Test message from the server monitor (channel on-call): no server changed state");
  expect(run.output).not.toContain(SMTP_PASSWORD);
});

it("says a channel whose variable is not set is not configured, names the variable and exits 1", async () => {
  const run = await notifyTest(["ops-slack", "--content", dir], webhookEnv());
  expect(run.code).toBe(1);
  expect(run.output).toContain('Channel "ops-slack" (slack) is not configured: the variable NOTIFY_T_UNSET_SLACK_URL is not set');
  expect(receiver.received).toHaveLength(0);
});

it("lists the known channels for an unknown one, and exits 1", async () => {
  const run = await notifyTest(["ops-pager", "--content", dir]);
  expect(run.code).toBe(1);
  expect(run.output).toContain('Unknown channel "ops-pager". The channels are: ops-webhook (webhook), ops-slack (slack), on-call (email).');
});

it("says why a send failed, without the secrets, and exits 1", async () => {
  receiver.fail(5, 403);
  const run = await notifyTest(["ops-webhook", "--content", dir], webhookEnv());
  expect(run.code).toBe(1);
  expect(run.output).toContain("Failed: channel ops-webhook (webhook): the receiver answered HTTP 403 Forbidden");
  expect(run.output).not.toContain(SECRET);
  expect(run.output).not.toContain("notifytestpathtoken");
});

it("refuses a file with a secret in it, naming the field and not the value, and exits 1", async () => {
  const bad = fs.mkdtempSync(path.join(os.tmpdir(), "notify-test-bad-"));
  try {
    const channels = [{ id: "ops-slack", type: "slack", urlEnv: "https://hooks.slack.com/services/T1/B2/literalsecret" }];
    fs.writeFileSync(path.join(bad, "notifications.json"), JSON.stringify({ channels, routes: [{ channels: ["ops-slack"] }] }));
    const run = await notifyTest(["ops-slack", "--content", bad]);
    expect(run.code).toBe(1);
    expect(run.output).toContain('content/notifications.json, field "channels[0].urlEnv"');
    expect(run.output).not.toContain("literalsecret");
  } finally {
    fs.rmSync(bad, { recursive: true, force: true });
  }
});
