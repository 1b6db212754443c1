/**
 * npm run notify:test -- <channel-id>: sends a test message through one
 * channel of content/notifications.json and says what happened, so an operator
 * can try a configuration before the schedule runs (docs/operators.md, "Notifications").
 *
 *   npm run notify:test -- ops-slack                   a channel of content/
 *   npm run notify:test -- ops-slack --content DIR     another content folder (or CONTENT_DIR=DIR)
 *
 * The channel's variables come from the environment, and from a `.env` file in
 * the project's root when there is one (it never overrides a variable that is
 * set). Exit code 0 when the message was sent, 1 otherwise.
 */
import fs from "node:fs";
import path from "node:path";
import { readContentTexts } from "../io/contentFiles";
import { NOTIFICATIONS_FILE } from "../src/domain/content/files";
import type { NotificationsConfig } from "../src/domain/notify/notifications";
import { validateContent } from "../src/domain/content/validate";
import { siteAddress } from "../src/publish/siteAddress";
import { deliver } from "./notify/send";
import { loadDotEnv, resolveChannel } from "./notify/channelEnv";

function contentDirectory(argv: readonly string[]): string {
  const flag = argv.indexOf("--content");
  return path.resolve(flag >= 0 ? argv[flag + 1] : (process.env.CONTENT_DIR ?? "content"));
}

function channelArgument(argv: readonly string[]): string | undefined {
  const flag = argv.indexOf("--content");
  return argv.find((arg, i) => !arg.startsWith("--") && (flag < 0 || i !== flag + 1));
}

/** The validated notifications.json (as the job reads it), or what is wrong with it. */
function readConfig(dir: string): NotificationsConfig | string {
  const validation = validateContent(readContentTexts(dir));
  const problems = validation.errors.filter((issue) => issue.file === NOTIFICATIONS_FILE.path);
  if (problems.length > 0) return problems.map((issue) => issue.message).join("\n");
  return validation.data["notifications.json"] as NotificationsConfig;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  loadDotEnv();

  const id = channelArgument(argv);
  if (!id) {
    console.error("Usage: npm run notify:test -- <channel-id> [--content DIR]");
    return 1;
  }
  const file = path.join(contentDirectory(argv), "notifications.json");
  if (!fs.existsSync(file)) {
    console.error(`No ${path.relative(process.cwd(), file)}: there are no notification channels to test.`);
    return 1;
  }
  const read = readConfig(path.dirname(file));
  if (typeof read === "string") {
    console.error(`${NOTIFICATIONS_FILE.path} is not valid:\n${read}`);
    return 1;
  }
  const channels = read.channels;
  const config = channels.find((channel) => channel.id === id);
  if (!config) {
    const known = channels.map((channel) => `${channel.id} (${channel.type})`).join(", ");
    console.error(`Unknown channel "${id}". The channels are: ${known || "none"}.`);
    return 1;
  }
  const resolved = resolveChannel(config, process.env);
  if ("missing" in resolved) {
    const [first, ...rest] = resolved.missing;
    const variables = rest.length === 0 ? `the variable ${first} is` : `the variables ${resolved.missing.join(", ")} are`;
    console.error(`Channel "${id}" (${config.type}) is not configured: ${variables} not set (in the environment or .env).`);
    return 1;
  }
  const siteUrl = process.env.SITE_URL?.trim() ? siteAddress(process.env.SITE_URL, process.env.PATH_PREFIX ?? "") : null;
  const result = await deliver(resolved.channel, { kind: "test", channel: id, at: new Date().toISOString(), siteUrl });
  if (result.ok) {
    console.log(
      `Sent a test message through "${id}" (${config.type}) after ${result.attempts} ${result.attempts === 1 ? "try" : "tries"}.`,
    );
    return 0;
  }
  console.error(`Failed: ${result.error}`);
  return 1;
}

void main().then((code) => process.exit(code));
