/** @jest-environment node */
/**
 * Issue #49: what a heartbeat says that its schema cannot hold is refused
 * with file, record and field: a period under the check job's interval, a
 * cron that never fires (or fires more often than the job runs), a time zone
 * that is none, and a JSONPath that is not one time.
 */
import fs from "node:fs";
import path from "node:path";
import { validateContent } from "../../../src/domain/content/validate";
import type { ContentTexts } from "../../../src/domain/kernel/contentIssue";
import { withCheckOn } from "../contentTexts";
import { JOB_SCHEDULE_MINUTES } from "../../../src/domain/checks/jobSettings";
import { shortestGapMs } from "../../../src/domain/checks/heartbeat";
import { MINUTE_MS } from "../../../src/domain/kernel/time";

const ROOT = path.join(__dirname, "..", "..", "..");
const withCheck = (check: Record<string, unknown>) => withCheckOn(1, check);

const url = "https://backups.example.org/status.json";
const time = { json: "$.finishedAt" };

describe("a heartbeat's content (#49)", () => {
  it("takes a period, a cron in a zone, a header, and started with maxRunMinutes", () => {
    for (const heartbeat of [
      { time, periodMinutes: 60, graceMinutes: 10 },
      { time: { header: "Last-Modified" }, cron: "0 3 * * *", timeZone: "Europe/Berlin", graceMinutes: 60 },
      { time, started: { json: "$.startedAt" }, maxRunMinutes: 120, cron: "30 1 * * 1-5", graceMinutes: 1 },
      { time, periodMinutes: 60, graceMinutes: 0 },
      { time: { listing: "s3" }, periodMinutes: 1440, graceMinutes: 60 },
      { time: { newest: "$.items[*].updated" }, periodMinutes: 1440, graceMinutes: 60 },
    ]) {
      expect(validateContent(withCheck({ url, heartbeat })).errors).toEqual([]);
    }
  });

  it.each([
    [
      "a period under the job's interval",
      { time, periodMinutes: 2, graceMinutes: 5 },
      "check.heartbeat.periodMinutes",
      /expected at least the check job's interval, 5 min.*found 2/,
    ],
    [
      "a cron that never fires",
      { time, cron: "0 0 30 2 *", graceMinutes: 5 },
      "check.heartbeat.cron",
      /expected a cron expression that fires.*"0 0 30 2 \*": it never fires \(no such date\)/,
    ],
    [
      "a cron of six fields (croner would read seconds first)",
      { time, cron: "0 3 * * * *", graceMinutes: 5 },
      "check.heartbeat.cron",
      /"0 3 \* \* \* \*": 6 fields, where a cron has 5/,
    ],
    [
      "a cron without a grace",
      { time, cron: "0 3 * * *", graceMinutes: 0 },
      "check.heartbeat.graceMinutes",
      /expected at least 1 with cron/,
    ],
    ["a cron that is none", { time, cron: "61 * * * *", graceMinutes: 5 }, "check.heartbeat.cron", /Invalid value for minute: 61/],
    [
      "a cron more often than the job runs",
      { time, cron: "* * * * *", graceMinutes: 5 },
      "check.heartbeat.cron",
      /fires 1 min apart at the closest/,
    ],
    [
      "a time zone that is none",
      { time, cron: "0 3 * * *", timeZone: "Mars/Olympus", graceMinutes: 5 },
      "check.heartbeat.timeZone",
      /expected an IANA time zone.*"Mars\/Olympus"/,
    ],
    [
      "a time zone without a cron",
      { time, periodMinutes: 60, timeZone: "UTC", graceMinutes: 5 },
      "check.heartbeat.timeZone",
      /expected a timeZone only with cron/,
    ],
    ["neither a period nor a cron", { time, graceMinutes: 5 }, "check.heartbeat", /neither periodMinutes nor cron/],
    [
      "both a period and a cron",
      { time, periodMinutes: 60, cron: "0 3 * * *", graceMinutes: 5 },
      "check.heartbeat.cron",
      /both periodMinutes and cron/,
    ],
    [
      "a JSONPath that selects a list",
      { time: { json: "$.runs[*].at" }, periodMinutes: 60, graceMinutes: 5 },
      "check.heartbeat.time.json",
      /which can select several values/,
    ],
    [
      "a JSONPath that is none",
      { time: { json: "$.[" }, periodMinutes: 60, graceMinutes: 5 },
      "check.heartbeat.time.json",
      /expected a JSONPath \(RFC 9535\) that selects one time/,
    ],
    [
      "started without maxRunMinutes",
      { time, started: { json: "$.s" }, periodMinutes: 60, graceMinutes: 5 },
      "check.heartbeat.started",
      /started without maxRunMinutes/,
    ],
    ["a header that is no name", { time: { header: "Last Modified" }, periodMinutes: 60, graceMinutes: 5 }, "check.heartbeat.time", /./],
  ])("%s is refused, naming file, record and field", (_title, heartbeat, field, message) => {
    const { errors } = validateContent(withCheck({ url, heartbeat }));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: "content/servers.json", field });
    expect(errors[0].message).toMatch(/^content\/servers\.json, record 2/);
    expect(errors[0].message).toMatch(message);
  });

  it("refuses a response-time threshold, which a heartbeat would never judge", () => {
    const errors = validateContent(withCheck({ url, warnAboveMs: 300, heartbeat: { time, periodMinutes: 60, graceMinutes: 5 } })).errors;
    expect(errors.map((e) => [e.field, e.message.includes("no response-time threshold on a heartbeat")])).toEqual([
      ["check.warnAboveMs", true],
    ]);
  });

  it("is refused on a tcp check, and with HEAD when it reads the body", () => {
    const tcp = validateContent(withCheck({ tcp: "db.example.org:5432", heartbeat: { time, periodMinutes: 60, graceMinutes: 5 } })).errors;
    expect(tcp.map((e) => e.field)).toEqual(["check.heartbeat"]);
    const head = validateContent(withCheck({ url, method: "HEAD", heartbeat: { time, periodMinutes: 60, graceMinutes: 5 } })).errors;
    expect(head.map((e) => e.field)).toEqual(["check.method"]);
    const listing = validateContent(
      withCheck({ url, method: "HEAD", heartbeat: { time: { listing: "s3" }, periodMinutes: 60, graceMinutes: 5 } }),
    );
    expect(listing.errors.map((e) => e.field)).toEqual(["check.method"]);
    const badPath = validateContent(withCheck({ url, heartbeat: { time: { newest: "$.[" }, periodMinutes: 60, graceMinutes: 5 } }));
    expect(badPath.errors.map((e) => e.field)).toEqual(["check.heartbeat.time.newest"]);
  });

  it("judges the period against the workflow's schedule, never the interval the job happened to keep", () => {
    const texts = withCheck({ url, heartbeat: { time, periodMinutes: 10, graceMinutes: 5 } });
    const stamp = "2026-11-29T12:00:00.000Z";
    // Runs 11 hours apart (the job stopped for a while): the content is as good as before.
    const latest = { version: 1, startedAt: stamp, finishedAt: stamp, intervalSeconds: 41_820, results: [], performance: [] };
    texts["checks/latest.json" as keyof ContentTexts] = JSON.stringify(latest);
    expect(validateContent(texts).errors).toEqual([]);
  });

  it("holds the default interval to the workflow's schedule", () => {
    const workflow = fs.readFileSync(path.join(ROOT, ".github", "workflows", "monitor.yml"), "utf8");
    const cron = /schedule:\s*\n\s*-\s*cron:\s*"([^"]+)"/.exec(workflow)![1];
    expect(shortestGapMs(cron, "UTC")).toBe(JOB_SCHEDULE_MINUTES * MINUTE_MS);
  });

  describe("a relayed heartbeat", () => {
    const relayUrl = "https://healthchecks.io/api/v3/checks/?slug=nightly-backup";
    const key = { "X-Api-Key": { env: "HC_READ_KEY" } };

    it("takes the API v3 list narrowed to one check, its key from the environment (a self-hosted one in a folder too)", () => {
      expect(validateContent(withCheck({ url: relayUrl, headers: key, heartbeat: { relay: "healthchecks" } })).errors).toEqual([]);
      const own = "https://hc.example.org/hc/api/v3/checks?tag=nightly";
      expect(validateContent(withCheck({ url: own, headers: key, heartbeat: { relay: "healthchecks" } })).errors).toEqual([]);
      const here = "http://127.0.0.1:8000/api/v3/checks/?slug=nightly-backup";
      expect(validateContent(withCheck({ url: here, headers: key, heartbeat: { relay: "healthchecks" } })).errors).toEqual([]);
    });

    it.each([
      [
        "a schedule of its own",
        { url: relayUrl, headers: key, heartbeat: { relay: "healthchecks", periodMinutes: 60 } },
        "check.heartbeat.periodMinutes",
        /expected no periodMinutes with relay/,
      ],
      [
        "an address that is not the list of checks",
        { url: "https://healthchecks.io/api/v3/checks/abc", headers: key, heartbeat: { relay: "healthchecks" } },
        "check.url",
        /API v3 list of checks, narrowed to one/,
      ],
      [
        "the whole list, not one check",
        { url: "https://healthchecks.io/api/v3/checks/", headers: key, heartbeat: { relay: "healthchecks" } },
        "check.url",
        /narrowed to one/,
      ],
      ["no key", { url: relayUrl, heartbeat: { relay: "healthchecks" } }, "check.headers", /found no X-Api-Key header/],
      [
        "plain HTTP to another host",
        { url: relayUrl.replace("https:", "http:"), headers: key, heartbeat: { relay: "healthchecks" } },
        "check.url",
        /an https:\/\/ address for a relay/,
      ],
      [
        "conditions it would not judge",
        { url: relayUrl, headers: key, expect: { status: 200 }, heartbeat: { relay: "healthchecks" } },
        "check.expect",
        /expected no expect with relay/,
      ],
      [
        "a HEAD",
        { url: relayUrl, headers: key, method: "HEAD", heartbeat: { relay: "healthchecks" } },
        "check.method",
        /expected GET with relay/,
      ],
      [
        "a key written in content",
        { url: relayUrl, headers: { "X-Api-Key": "hcr-1234" }, heartbeat: { relay: "healthchecks" } },
        "check.headers.X-Api-Key",
        /found a key written in servers\.json \(not shown\)/,
      ],
    ])("%s is refused, naming the field", (_title, check, field, message) => {
      const { errors } = validateContent(withCheck(check));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ file: "content/servers.json", field });
      expect(errors[0].message).toMatch(message);
      expect(errors[0].message).not.toContain("hcr-1234");
    });
  });
});
