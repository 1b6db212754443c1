/**
 * A channel's secrets, which live in the environment only: the .env file read
 * into it, the variables a channel names read at sending time, and every
 * spelling of every value that must never be printed.
 */
import fs from "node:fs";
import path from "node:path";
import type { ChannelConfig, ResolvedChannel } from "../../src/domain/notify/notifications";
import { OPSGENIE_HOSTS } from "../../src/domain/notify/formats/opsgenie";
import { PAGERDUTY_HOSTS } from "../../src/domain/notify/formats/pagerduty";

/**
 * The `.env` file in the project's root, when there is one, into process.env:
 * where cron keeps the channels' secrets. A variable already set wins.
 */
export function loadDotEnv(root = path.resolve(__dirname, "..", "..")): void {
  const file = path.join(root, ".env");
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

/** A channel as the editors wrote it, with its variables read; or the variables that are not set. */
export function resolveChannel(config: ChannelConfig, env: NodeJS.ProcessEnv): { channel: ResolvedChannel } | { missing: string[] } {
  const missing: string[] = [];
  const read = (name: string): string => {
    const value = env[name]?.trim() ?? "";
    if (value === "") missing.push(name);
    return value;
  };
  // A variable the editors named is needed: a secret that is not set would send unsigned, quietly.
  const optional = (name: string | undefined) => (name === undefined ? undefined : read(name));
  let channel: ResolvedChannel;
  switch (config.type) {
    case "webhook":
      channel = { id: config.id, type: "webhook", url: read(config.urlEnv), ...withValue("secret", optional(config.secretEnv)) };
      break;
    case "ntfy":
      channel = { id: config.id, type: "ntfy", url: read(config.urlEnv), ...withValue("token", optional(config.tokenEnv)) };
      break;
    case "email":
      channel = { id: config.id, type: "email", smtpUrl: read(config.smtpUrlEnv), from: config.from, to: config.to };
      break;
    case "pagerduty":
      channel = {
        id: config.id,
        type: "pagerduty",
        url: apiBase(optional(config.urlEnv), PAGERDUTY_HOSTS[config.region ?? "us"]),
        routingKey: read(config.routingKeyEnv),
      };
      break;
    case "opsgenie":
      channel = {
        id: config.id,
        type: "opsgenie",
        url: apiBase(optional(config.urlEnv), OPSGENIE_HOSTS[config.region ?? "us"]),
        apiKey: read(config.apiKeyEnv),
      };
      break;
    case "telegram":
      channel = {
        id: config.id,
        type: "telegram",
        url: apiBase(optional(config.urlEnv), TELEGRAM_API),
        token: read(config.tokenEnv),
        chatId: config.chatId,
      };
      break;
    case "gotify":
      channel = { id: config.id, type: "gotify", url: apiBase(read(config.urlEnv), ""), token: read(config.tokenEnv) };
      break;
    case "pushover":
      channel = {
        id: config.id,
        type: "pushover",
        url: apiBase(optional(config.urlEnv), PUSHOVER_API),
        token: read(config.tokenEnv),
        user: read(config.userEnv),
      };
      break;
    case "matrix":
      channel = {
        id: config.id,
        type: "matrix",
        url: apiBase(read(config.urlEnv), ""),
        token: read(config.tokenEnv),
        roomId: config.roomId,
      };
      break;
    default:
      channel = { id: config.id, type: config.type, url: read(config.urlEnv) };
  }
  return missing.length > 0 ? { missing } : { channel };
}

/** Telegram's Bot API and Pushover's API, unless urlEnv names another address (a proxy, a test receiver). */
const TELEGRAM_API = "https://api.telegram.org";
const PUSHOVER_API = "https://api.pushover.net";

/** A paging service's API address: the variable's (a proxy, a test receiver) when named, else the region's host; no trailing slash. */
const apiBase = (fromEnv: string | undefined, host: string): string => (fromEnv ?? host).replace(/\/+$/, "");

function withValue<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}

/** A text as it may appear encoded or decoded in an error: as written, percent-decoded, and percent-encoded. */
function spellings(value: string): string[] {
  const out = [value];
  try {
    out.push(decodeURIComponent(value));
  } catch {
    // not percent-encoded
  }
  out.push(encodeURIComponent(value));
  return out;
}

/**
 * Every value of a channel that must never be printed: the address, each part
 * of it that can carry a credential (user, password, path and each piece of
 * it, query and each value in it, fragment), in every spelling a library may
 * use in an error, and the token and secret.
 */
export function secretsOf(channel: ResolvedChannel): string[] {
  const values: string[] = [];
  const address = channel.type === "email" ? channel.smtpUrl : channel.url;
  values.push(address);
  try {
    const url = new URL(address);
    values.push(url.href, url.username, url.password, `${url.username}:${url.password}`, url.pathname, url.search, url.hash);
    // A piece of a path may be a token on its own (hooks.slack.com/services/T…/B…/secret); words like "services" are not.
    values.push(...url.pathname.split("/").filter((piece) => piece.length >= 12 || /\d/.test(piece)));
    for (const [name, value] of url.searchParams) values.push(value, `${name}=${value}`);
  } catch {
    // not a URL: the whole value is hidden
  }
  if (channel.type === "webhook" && channel.secret) values.push(channel.secret);
  if (channel.type === "ntfy" && channel.token) values.push(channel.token);
  if (channel.type === "pagerduty") values.push(channel.routingKey);
  if (channel.type === "opsgenie") values.push(channel.apiKey);
  if (channel.type === "telegram" || channel.type === "gotify" || channel.type === "matrix") values.push(channel.token);
  if (channel.type === "pushover") values.push(channel.token, channel.user);
  // Pieces under 4 characters are words, not secrets, except a user name of 3 ("bob"): under that, hiding it would hide
  // letters of every word said. (The redactor, kernel/redact.ts, hides the longest first.)
  const user = URL.canParse(address) ? new URL(address).username : "";
  const users = new Set(user.length >= 3 ? spellings(user) : []);
  const kept = values.flatMap(spellings).filter((value) => value.length >= 4 || users.has(value));
  return [...new Set(kept)].sort((a, b) => b.length - a.length);
}
