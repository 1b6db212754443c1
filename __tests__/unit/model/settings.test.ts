import {
  checkFeedUrl,
  readStoredSettings,
  checkEmail,
  checkName,
  checkRefreshInterval,
  checkWebhookUrl,
  DEFAULT_SETTINGS,
  parseStoredSettings,
  REFRESH_INTERVAL_MAX_S,
  REFRESH_INTERVAL_MIN_S,
  type Settings,
  checkApiKey,
} from "../../../src/model/shell/settings";

describe("defaults (SPEC §2 /settings)", () => {
  it("match the spec", () => {
    expect(DEFAULT_SETTINGS).toEqual({
      firstName: "",
      lastName: "",
      email: "",
      darkMode: false,
      // ours, not the spec's: times in the reader's zone unless this is on (#35)
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
    });
    expect(REFRESH_INTERVAL_MIN_S).toBe(5);
    expect(REFRESH_INTERVAL_MAX_S).toBe(3600);
  });
});

describe("checkRefreshInterval", () => {
  it.each<[string | number, number]>([
    [5, 5],
    [3600, 3600],
    [30, 30],
    ["30", 30],
    [" 45 ", 45],
    ["5", 5],
    ["3600", 3600],
  ])("accepts %j as %p", (input, value) => {
    expect(checkRefreshInterval(input)).toEqual({ ok: true, value });
  });

  it.each<string | number>([4, 3601, 0, -5, "4", "3601", 1e9])("rejects %j as out of 5..3600", (input) => {
    const result = checkRefreshInterval(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain("5");
      expect(result.message).toContain("3600");
    }
  });

  it.each<string | number>([4.5, 30.5, "30.5", "5.1", 3599.9])("rejects the non-integer %j", (input) => {
    const result = checkRefreshInterval(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/whole number/i);
  });

  it.each<string | number>(["", "   ", "abc", "30s", "NaN", "Infinity", NaN, Infinity])("rejects %j (not a number)", (input) => {
    expect(checkRefreshInterval(input).ok).toBe(false);
  });
});

describe("checkEmail", () => {
  it.each(["name@example.com", "a.b+c@sub.example.co.uk", "x@y.io"])("accepts %j", (email) => {
    expect(checkEmail(email)).toEqual({ ok: true, value: email });
  });
  it("accepts empty (the field is optional) and trims", () => {
    expect(checkEmail("")).toEqual({ ok: true, value: "" });
    expect(checkEmail("  name@example.com ")).toEqual({ ok: true, value: "name@example.com" });
  });
  it.each(["name", "name@", "@example.com", "name@example", "na me@example.com", "a@b@c.com", "name@exa mple.com"])(
    "rejects %j",
    (email) => {
      const result = checkEmail(email);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/email/i);
    },
  );
});

describe("checkName", () => {
  it("accepts up to 100 characters, trimmed", () => {
    expect(checkName(`  ${"a".repeat(100)}  `, "First Name")).toEqual({ ok: true, value: "a".repeat(100) });
  });
  it("rejects 101 characters, naming the field", () => {
    const result = checkName("a".repeat(101), "Last Name");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain("Last Name");
  });
});

describe("checkWebhookUrl: https only", () => {
  it.each(["https://hooks.example.com/alerts", "https://example.com", "https://hooks.example.com:8443/a?b=c"])("accepts %j", (url) => {
    expect(checkWebhookUrl(url)).toEqual({ ok: true, value: url });
  });
  it("accepts empty (optional) and trims", () => {
    expect(checkWebhookUrl("")).toEqual({ ok: true, value: "" });
    expect(checkWebhookUrl(" https://example.com/x ")).toEqual({ ok: true, value: "https://example.com/x" });
  });
  it.each([
    "http://hooks.example.com/alerts",
    "ftp://example.com/x",
    "javascript:alert(1)",
    "data:text/plain,hi",
    "ws://example.com",
    "file:///etc/passwd",
  ])("rejects the non-https URL %j", (url) => {
    const result = checkWebhookUrl(url);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain("https://");
  });
  it.each(["hooks.example.com/alerts", "not a url", "https//example.com", "://example.com"])("rejects %j (not a full URL)", (url) => {
    expect(checkWebhookUrl(url).ok).toBe(false);
  });
});

describe("parseStoredSettings", () => {
  it("gives the defaults when nothing is stored", () => {
    expect(parseStoredSettings(null)).toEqual(DEFAULT_SETTINGS);
  });

  it.each(["", "garbage", "{", "{'darkMode': true}", "[1, 2]", "[]", "null", "42", '"text"', "true", '[{"darkMode": true}]'])(
    "gives the defaults for %j",
    (raw) => {
      expect(parseStoredSettings(raw)).toEqual(DEFAULT_SETTINGS);
    },
  );

  it("returns a fresh object, not the shared defaults", () => {
    const a = parseStoredSettings(null);
    a.darkMode = true;
    expect(DEFAULT_SETTINGS.darkMode).toBe(false);
    expect(parseStoredSettings(null).darkMode).toBe(false);
  });

  it("reads back a full valid record unchanged", () => {
    const stored: Settings = {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      darkMode: true,
      utcTimes: true,
      autoRefresh: false,
      refreshInterval: 120,
      emailNotifications: false,
      pushNotifications: true,
      serverDownAlerts: false,
      performanceAlerts: false,
      twoFactor: true,
      apiKey: "key-123",
      webhookUrl: "https://hooks.example.com/alerts",
      feedUrl: "http://127.0.0.1:8787/api/v1/servers.json",
      debugMode: true,
    };
    expect(parseStoredSettings(JSON.stringify(stored))).toEqual(stored);
    expect(readStoredSettings(JSON.stringify(stored)).unreadable).toBe(false);
  });

  it("falls back field by field: each wrong value takes its default, the good ones stay", () => {
    const raw = JSON.stringify({
      firstName: "Ann",
      lastName: 5,
      email: "not-an-email",
      darkMode: true,
      autoRefresh: "yes",
      refreshInterval: 2,
      emailNotifications: 0,
      pushNotifications: true,
      serverDownAlerts: null,
      performanceAlerts: false,
      twoFactor: "true",
      apiKey: "k".repeat(201),
      webhookUrl: "http://insecure.example.com",
      debugMode: [true],
    });
    expect(parseStoredSettings(raw)).toEqual({
      ...DEFAULT_SETTINGS,
      firstName: "Ann",
      darkMode: true,
      pushNotifications: true,
      performanceAlerts: false,
    });
  });

  it.each<[unknown, number]>([
    [60, 60],
    [5, 5],
    [3600, 3600],
    [4, 30],
    [3601, 30],
    [12.5, 30],
    ["60", 30],
    [null, 30],
    [true, 30],
  ])("refreshInterval %j is read as %p", (value, expected) => {
    expect(parseStoredSettings(JSON.stringify({ refreshInterval: value })).refreshInterval).toBe(expected);
  });

  it("keeps a valid email and https webhook, drops invalid ones", () => {
    expect(parseStoredSettings('{"email":"a@b.co","webhookUrl":"https://x.example/h"}')).toMatchObject({
      email: "a@b.co",
      webhookUrl: "https://x.example/h",
    });
    expect(parseStoredSettings('{"email":"a@b","webhookUrl":"javascript:alert(1)"}')).toMatchObject({ email: "", webhookUrl: "" });
  });

  it("keeps what the form accepts and drops what it refuses (names up to 100 characters, API keys up to 200)", () => {
    const kept = parseStoredSettings(JSON.stringify({ firstName: "f".repeat(100), apiKey: "a".repeat(200) }));
    expect(kept.firstName).toBe("f".repeat(100));
    expect(kept.apiKey).toBe("a".repeat(200));
    const dropped = parseStoredSettings(JSON.stringify({ firstName: "f".repeat(101), apiKey: "a".repeat(201) }));
    expect(dropped.firstName).toBe("");
    expect(dropped.apiKey).toBe("");
  });

  it("checkApiKey refuses over-long keys and spaces", () => {
    expect(checkApiKey(" abc123 ")).toEqual({ ok: true, value: "abc123" });
    expect(checkApiKey("a".repeat(201)).ok).toBe(false);
    expect(checkApiKey("two words").ok).toBe(false);
  });

  it("ignores unknown keys and does not take values from a __proto__ key", () => {
    const s = parseStoredSettings('{"__proto__": {"darkMode": true, "refreshInterval": 99}, "colour": "red"}');
    expect(s).toEqual(DEFAULT_SETTINGS);
    expect(Object.keys(s).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
  });
});

describe("checkFeedUrl", () => {
  it.each([
    "",
    "https://status.example.com/api/v1/servers.json",
    "http://127.0.0.1:8787/api/v1/servers.json",
    "http://localhost/x",
    "http://[::1]:9/y",
  ])("accepts %j", (url) => {
    expect(checkFeedUrl(url)).toEqual({ ok: true, value: url });
  });

  it.each([
    ["http://status.example.com/x", "A feed on another machine must use https:// (http:// is only for localhost and 127.0.0.1)."],
    ["ftp://status.example.com/x", "The feed URL must start with https://."],
    ["status.example.com", "Enter a full URL such as https://status.example.com/api/v1/servers.json."],
  ])("refuses %j with a message that says what to write", (url, message) => {
    expect(checkFeedUrl(url)).toEqual({ ok: false, message });
  });
});

describe("readStoredSettings: what could not be read is told", () => {
  it.each([
    "garbage",
    "[1]",
    "null",
    JSON.stringify({ refreshInterval: 2 }),
    JSON.stringify({ darkMode: "yes" }),
    JSON.stringify({ feedUrl: "http://evil.example/x" }),
  ])("%s is (partly) unreadable", (raw) => {
    expect(readStoredSettings(raw).unreadable).toBe(true);
  });

  it("nothing stored, or good values (unknown keys aside), are readable", () => {
    expect(readStoredSettings(null).unreadable).toBe(false);
    expect(readStoredSettings(JSON.stringify({ darkMode: true, somethingElse: 1 })).unreadable).toBe(false);
  });
});
