/**
 * content/notifications.json: the schema's words, the secrets that must never
 * be in the file (and never quoted back), and routing.
 */
import * as fs from "fs";
import * as path from "path";
import { CONTENT_FILES, type ContentFileName } from "../../../src/domain/content/files";
import type { NotificationsConfig } from "../../../src/domain/notify/notifications";
import { channelsFor, notifyDefaults } from "../../../src/domain/notify/config";
import { validateContent, type ContentTexts } from "../../../src/domain/content/validate";

const CONTENT_DIR = path.join(__dirname, "..", "..", "..", "content");
const FILES: ContentFileName[] = CONTENT_FILES.map((file) => file.name);
const base = Object.fromEntries(FILES.map((f) => [f, fs.readFileSync(path.join(CONTENT_DIR, f), "utf8")])) as ContentTexts;
const serverIds = (JSON.parse(base["servers.json"]!) as Array<{ id: string }>).map((s) => s.id);

const example = (): NotificationsConfig => ({
  defaults: { reminderMinutes: 60, sendOnRecovery: true, digestAbove: 5 },
  channels: [
    { id: "ops-webhook", type: "webhook", urlEnv: "NOTIFY_OPS_WEBHOOK_URL", secretEnv: "NOTIFY_OPS_WEBHOOK_SECRET" },
    { id: "ops-slack", type: "slack", urlEnv: "NOTIFY_SLACK_URL" },
    { id: "ops-discord", type: "discord", urlEnv: "NOTIFY_DISCORD_URL" },
    { id: "ops-teams", type: "teams", urlEnv: "NOTIFY_TEAMS_URL" },
    { id: "pager", type: "ntfy", urlEnv: "NOTIFY_NTFY_URL", tokenEnv: "NOTIFY_NTFY_TOKEN" },
    { id: "on-call", type: "email", smtpUrlEnv: "NOTIFY_SMTP_URL", from: "monitor@example.org", to: ["oncall@example.org"] },
  ],
  routes: [
    { servers: [serverIds[0]], channels: ["pager"], events: ["down"] },
    { channels: ["ops-webhook", "ops-slack", "ops-discord", "ops-teams", "on-call"] },
  ],
});

function validate(config: unknown) {
  const result = validateContent({ ...base, "notifications.json": JSON.stringify(config, null, 2) });
  return { errors: result.errors.map((i) => i.message), warnings: result.warnings.map((i) => i.message), data: result.data };
}

describe("notifications.json validation", () => {
  it("the issue's example is valid and reaches the job", () => {
    const { errors, warnings, data } = validate(example());
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(data["notifications.json"]).toEqual(example());
  });

  it("no file is no error: notifications are optional", () => {
    expect(validateContent(base).errors).toEqual([]);
  });

  it.each([
    ["a Slack URL in urlEnv", "channels[1].urlEnv", "https://hooks.slack.com/services/T000/B000/XXXXSECRETXXXX", "a literal URL"],
    ["a token in tokenEnv", "channels[4].tokenEnv", "tk_4f9a8b7c6d5e4f3a2b1c", "what looks like a token"],
    ["an SMTP URL with a password", "channels[5].smtpUrlEnv", "smtp://mailer:hunter2secret@mail.example.org:587", "a literal URL"],
    ["a credential in an address", "channels[5].to[0]", "mailer:hunter2secret@example.org", "a user:password@ credential"],
  ])("%s is an error that names the field and never shows the value", (_what, field, secret, reason) => {
    const config = example() as unknown as { channels: Array<Record<string, unknown>> };
    const [, index, key, sub] = /^channels\[(\d+)\]\.(\w+)(?:\[(\d+)\])?$/.exec(field)!;
    if (sub === undefined) config.channels[Number(index)][key] = secret;
    else (config.channels[Number(index)][key] as string[])[Number(sub)] = secret;
    const { errors, warnings } = validate(config);
    const mine = errors.filter((e) => e.includes(`field "${field}"`));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain(reason);
    expect(mine[0]).toContain("content/notifications.json");
    for (const line of [...errors, ...warnings]) {
      expect(line).not.toContain(secret);
      expect(line).not.toContain("hunter2");
      expect(line).not.toContain("XXXXSECRET");
    }
  });

  it("a URL in a field the schema does not know is still caught, and not quoted", () => {
    const config = example() as unknown as { channels: Array<Record<string, unknown>> };
    config.channels[2].webhookUrl = "https://discord.com/api/webhooks/1/SECRETPART";
    const { errors, warnings } = validate(config);
    expect(errors.some((e) => e.includes('field "channels[2].webhookUrl"') && e.includes("a literal URL"))).toBe(true);
    expect([...errors, ...warnings].join("\n")).not.toContain("SECRETPART");
  });

  it("an Env field that is not a variable's name is said without its value", () => {
    const config = example() as unknown as { channels: Array<Record<string, unknown>> };
    config.channels[1].urlEnv = "notify slack";
    const { errors } = validate(config);
    expect(errors).toEqual([expect.stringContaining('field "channels[1].urlEnv": expected the name of an environment variable')]);
    expect(errors[0]).not.toContain("notify slack");
  });

  it("routes name known channels and servers; a missing field and a field of another type are named", () => {
    const config = example() as unknown as { channels: Array<Record<string, unknown>>; routes: Array<Record<string, unknown>> };
    config.routes[0].channels = ["pagr"];
    config.routes[0].servers = ["srv-nowhere"];
    delete config.channels[5].from;
    config.channels[1].tokenEnv = "NOTIFY_SLACK_TOKEN";
    const { errors, warnings } = validate(config);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringContaining('field "routes[0].channels[0]": expected a channel id from channels (ops-webhook, ops-slack'),
        expect.stringContaining('field "routes[0].servers[0]": expected the id of a server in content/servers.json, found "srv-nowhere"'),
        expect.stringContaining('field "channels[5].from": expected an e-mail address'),
      ]),
    );
    expect(errors).toHaveLength(3);
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining('field "channels[1].tokenEnv": a field that a slack channel does not read. It is ignored'),
        expect.stringContaining('field "channels[4].id": the channel "pager", which no route names. Nothing will be sent'),
      ]),
    );
  });

  it("two channels with one id, an unknown type and an unknown event are errors", () => {
    const config = example() as unknown as { channels: Array<Record<string, unknown>>; routes: Array<Record<string, unknown>> };
    config.channels[2].id = "ops-slack";
    config.channels[3].type = "carrier-pigeon";
    config.routes[0].events = ["down", "up"];
    const { errors } = validate(config);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          'field "channels[2].id": expected an id no other channel uses, found "ops-slack", already used by channels[1]',
        ),
        expect.stringContaining(
          'field "channels[3].type": expected one of webhook, slack, discord, teams, ntfy, email, pagerduty, opsgenie, telegram, gotify, pushover, matrix, googlechat, mattermost, found "carrier-pigeon"',
        ),
        expect.stringContaining(
          'field "routes[0].events[1]": expected one of down, degraded, recovered, reminder, certificate, security, maintenance, objective, found "up"',
        ),
      ]),
    );
  });
});

describe("routing", () => {
  const config = example();
  it("a route with servers matches only them, and only its events", () => {
    expect(channelsFor(config, serverIds[0], "down")).toEqual(["ops-webhook", "ops-slack", "ops-discord", "ops-teams", "pager", "on-call"]);
    expect(channelsFor(config, serverIds[0], "recovered")).toEqual(["ops-webhook", "ops-slack", "ops-discord", "ops-teams", "on-call"]);
    expect(channelsFor(config, serverIds[1], "down")).not.toContain("pager");
  });
  it("no route, no channel", () => {
    expect(channelsFor({ ...config, routes: [] }, serverIds[0], "down")).toEqual([]);
  });
  it("the defaults fill what the file leaves out", () => {
    expect(notifyDefaults({ channels: [], routes: [], defaults: { reminderMinutes: 0 } })).toEqual({
      reminderMinutes: 0,
      sendOnRecovery: true,
      digestAbove: 5,
    });
  });
});
