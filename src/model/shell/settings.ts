/**
 * The reader's settings (SPEC §2 /settings), kept in this browser's localStorage.
 * Whatever is stored is checked on read: a field that is missing or malformed
 * falls back to its default, so a bad value can never break a page.
 */
export type Settings = {
  firstName: string;
  lastName: string;
  email: string;
  darkMode: boolean;
  /** every time on every page in UTC instead of the reader's zone */
  utcTimes: boolean;
  autoRefresh: boolean;
  /** seconds between simulated updates */
  refreshInterval: number;
  emailNotifications: boolean;
  pushNotifications: boolean;
  serverDownAlerts: boolean;
  performanceAlerts: boolean;
  twoFactor: boolean;
  apiKey: string;
  webhookUrl: string;
  /** a servers feed (API v1) to follow instead of the site's own; empty for the site's own */
  feedUrl: string;
  debugMode: boolean;
};

export const SETTINGS_STORAGE_KEY = "settings";
export const REFRESH_INTERVAL_MIN_S = 5;
export const REFRESH_INTERVAL_MAX_S = 3600;

export const DEFAULT_SETTINGS: Readonly<Settings> = {
  firstName: "",
  lastName: "",
  email: "",
  darkMode: false,
  utcTimes: false,
  autoRefresh: true,
  refreshInterval: 30,
  emailNotifications: true,
  pushNotifications: false,
  serverDownAlerts: true,
  performanceAlerts: true,
  twoFactor: false,
  apiKey: "",
  webhookUrl: "",
  feedUrl: "",
  debugMode: false,
};

export type FieldResult<T> = { ok: true; value: T } | { ok: false; message: string };

export function checkRefreshInterval(input: string | number): FieldResult<number> {
  const text = String(input).trim();
  if (text === "") return { ok: false, message: "Enter a number of seconds." };
  const value = Number(text);
  if (!Number.isFinite(value) || !Number.isInteger(value)) return { ok: false, message: "Enter a whole number of seconds, such as 30." };
  if (value < REFRESH_INTERVAL_MIN_S || value > REFRESH_INTERVAL_MAX_S) {
    return { ok: false, message: `Enter a number from ${REFRESH_INTERVAL_MIN_S} to ${REFRESH_INTERVAL_MAX_S} seconds.` };
  }
  return { ok: true, value };
}

export function checkEmail(input: string): FieldResult<string> {
  const value = input.trim();
  if (value === "") return { ok: true, value };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return { ok: false, message: "Enter an email address such as name@example.com." };
  return { ok: true, value };
}

export function checkName(input: string, label: string): FieldResult<string> {
  const value = input.trim();
  if (value.length > 100) return { ok: false, message: `${label} can be at most 100 characters.` };
  return { ok: true, value };
}

const API_KEY_MAX = 200;

export function checkApiKey(input: string): FieldResult<string> {
  const value = input.trim();
  if (value.length > API_KEY_MAX) return { ok: false, message: `An API key can be at most ${API_KEY_MAX} characters.` };
  if (/\s/.test(value)) return { ok: false, message: "An API key has no spaces." };
  return { ok: true, value };
}

/** A URL field: trimmed, empty meaning 'none'; otherwise a full URL, or the message with an example. */
function readUrl(input: string, example: string): { value: string; url: URL | null } | { message: string } {
  const value = input.trim();
  if (value === "") return { value, url: null };
  try {
    return { value, url: new URL(value) };
  } catch {
    return { message: `Enter a full URL such as ${example}.` };
  }
}

export function checkWebhookUrl(input: string): FieldResult<string> {
  const read = readUrl(input, "https://hooks.example.com/alerts");
  if ("message" in read) return { ok: false, message: read.message };
  const { value, url } = read;
  if (url === null) return { ok: true, value };
  if (url.protocol !== "https:") return { ok: false, message: "The webhook URL must start with https://." };
  return { ok: true, value };
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** A status feed: https, or http only on this machine (a local feed, such as npm run demo:feed). */
export function checkFeedUrl(input: string): FieldResult<string> {
  const read = readUrl(input, "https://status.example.com/api/v1/servers.json");
  if ("message" in read) return { ok: false, message: read.message };
  const { value, url } = read;
  if (url === null) return { ok: true, value };
  if (url.protocol === "https:" || (url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname))) return { ok: true, value };
  if (url.protocol === "http:")
    return { ok: false, message: "A feed on another machine must use https:// (http:// is only for localhost and 127.0.0.1)." };
  return { ok: false, message: "The feed URL must start with https://." };
}

const BOOLEAN_KEYS = Object.keys(DEFAULT_SETTINGS).filter((k) => typeof DEFAULT_SETTINGS[k as keyof Settings] === "boolean") as Array<
  keyof Settings
>;

/** Reads stored settings; anything missing or invalid takes its default. */
export function parseStoredSettings(raw: string | null): Settings {
  return readStoredSettings(raw).settings;
}

/**
 * Reads stored settings, and says whether some of what was stored could not
 * be read (not JSON, not an object, or a field with a value the site does not
 * accept): that value must be kept somewhere before anything overwrites it.
 */
export function readStoredSettings(raw: string | null): { settings: Settings; unreadable: boolean } {
  const settings: Settings = { ...DEFAULT_SETTINGS };
  if (raw === null) return { settings, unreadable: false };
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return { settings, unreadable: true };
  }
  if (stored === null || typeof stored !== "object" || Array.isArray(stored)) return { settings, unreadable: true };
  const s = stored as Record<string, unknown>;
  for (const key of BOOLEAN_KEYS) {
    if (typeof s[key] === "boolean") (settings as Record<string, unknown>)[key] = s[key];
  }
  const interval = checkRefreshInterval(typeof s.refreshInterval === "number" ? s.refreshInterval : "");
  if (interval.ok) settings.refreshInterval = interval.value;
  for (const key of ["firstName", "lastName"] as const) {
    const value = s[key];
    if (typeof value === "string" && checkName(value, key).ok) settings[key] = value;
  }
  if (typeof s.apiKey === "string" && checkApiKey(s.apiKey).ok) settings.apiKey = s.apiKey;
  if (typeof s.email === "string" && checkEmail(s.email).ok) settings.email = s.email;
  if (typeof s.webhookUrl === "string" && checkWebhookUrl(s.webhookUrl).ok) settings.webhookUrl = s.webhookUrl;
  if (typeof s.feedUrl === "string" && checkFeedUrl(s.feedUrl).ok) settings.feedUrl = s.feedUrl;
  // Every stored field of ours that did not come through as it was stored is a value that could not be read.
  const unreadable = (Object.keys(DEFAULT_SETTINGS) as Array<keyof Settings>).some((key) => key in s && s[key] !== settings[key]);
  return { settings, unreadable };
}
