import fc from "fast-check";
import { checkTarget, type CheckConfig, type HeartbeatTarget } from "../../../src/domain/checks/definition";
import { AHEAD_TOLERANCE_MS, judgeHeartbeat, readTime, shortestGapMs } from "../../../src/domain/checks/heartbeat";
import { judge } from "../../../src/domain/checks/judge";
import type { ProbeOutcome } from "../../../src/domain/checks/outcome";
import { HOUR_MS, MINUTE_MS } from "../../../src/domain/kernel/time";

const at = (iso: string) => Date.parse(iso);

const heartbeatOf = (heartbeat: CheckConfig["heartbeat"]): HeartbeatTarget => {
  const target = checkTarget({ url: "https://backups.example.org/status.json", heartbeat });
  if (target?.kind !== "http" || target.heartbeat === null) throw new Error("no heartbeat");
  return target.heartbeat;
};

const daily = heartbeatOf({ time: { json: "$.finishedAt" }, periodMinutes: 24 * 60, graceMinutes: 60 });

describe("readTime: the time a watched job publishes", () => {
  it("reads ISO 8601 with its zone, an HTTP date, and seconds or milliseconds since 1970", () => {
    expect(readTime("2026-11-29T03:40:00Z")).toEqual({ at: at("2026-11-29T03:40:00Z") });
    expect(readTime("2026-11-29T04:40:00+01:00")).toEqual({ at: at("2026-11-29T03:40:00Z") });
    expect(readTime("2026-11-29 03:40:00.250Z")).toEqual({ at: at("2026-11-29T03:40:00.250Z") });
    expect(readTime("Sun, 29 Nov 2026 03:40:00 GMT")).toEqual({ at: at("2026-11-29T03:40:00Z") });
    expect(readTime(1_795_923_600)).toEqual({ at: 1_795_923_600_000 });
    expect(readTime(1_795_923_600_000)).toEqual({ at: 1_795_923_600_000 });
    expect(readTime("1795923600")).toEqual({ at: 1_795_923_600_000 });
  });

  it("refuses a time without its zone, and anything that is no time, in words", () => {
    expect(readTime("2026-11-29T03:40:00")).toEqual({ problem: '"2026-11-29T03:40:00", a time without its zone (add Z or an offset)' });
    expect(readTime("yesterday")).toEqual({ problem: '"yesterday", not a time' });
    expect(readTime("2026-13-45T99:99:00Z")).toEqual({ problem: '"2026-13-45T99:99:00Z", not a time' });
    // Dates that do not exist, which Date would roll over into real ones (2026-02-30 into March 2).
    expect(readTime("2026-02-30T00:00:00Z")).toEqual({ problem: '"2026-02-30T00:00:00Z", not a time' });
    expect(readTime("2026-11-29T24:00:00Z")).toEqual({ problem: '"2026-11-29T24:00:00Z", not a time' });
    expect(readTime("2026-11-29T03:40:00+25:00")).toEqual({ problem: '"2026-11-29T03:40:00+25:00", not a time' });
    expect(readTime("Mon, 31 Feb 2026 03:40:00 GMT")).toEqual({ problem: '"Mon, 31 Feb 2026 03:40:00 GMT", not a time' });
    expect(readTime("Mon, 29 Nov 2026 03:40:00 GMT")).toEqual({
      problem: '"Mon, 29 Nov 2026 03:40:00 GMT", not a time (Mon is not its weekday)',
    });
    expect(readTime("2028-02-29T00:00:00Z")).toEqual({ at: at("2028-02-29T00:00:00Z") });
    // What a damaged file holds is quoted as plain text: no line break or reordering character reaches a detail.
    expect(readTime("2026-11-29\u202e\nT03:40")).toEqual({ problem: '"2026-11-29 T03:40", not a time' });
    expect(readTime(true)).toEqual({ problem: "boolean, not a time" });
    expect(readTime(null)).toEqual({ problem: "null, not a time" });
    expect(readTime(-5)).toEqual({ problem: "-5, not a time" });
    expect(readTime({ at: 1 })).toEqual({ problem: "object, not a time" });
  });

  it("never throws, whatever the value (generated)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.double(), fc.integer({ min: 1e15, max: Number.MAX_SAFE_INTEGER })), (value) => {
        const read = readTime(value);
        // A time read is one a Date holds: the job writes it as ISO 8601.
        return "at" in read ? new Date(read.at).toISOString().length > 0 : typeof read.problem === "string";
      }),
      { numRuns: 300 },
    );
  });
});

describe("judgeHeartbeat: a period and a grace", () => {
  const ping = at("2026-11-28T03:40:00Z");

  it("is up within the period, late within the grace, down after, and up again with a new ping", () => {
    const onTime = judgeHeartbeat(daily, ping, null, ping + 23 * HOUR_MS);
    expect(onTime).toMatchObject({ status: "online", late: false, due: ping + 24 * HOUR_MS });
    expect(onTime.detail).toBe("last ping 2026-11-28 03:40 UTC (23 h ago); next due by 2026-11-29 03:40 UTC");
    const late = judgeHeartbeat(daily, ping, null, ping + 24 * HOUR_MS + 30 * MINUTE_MS);
    expect(late).toMatchObject({ status: "warning", late: true });
    expect(late.detail).toBe(
      "late: last ping 2026-11-28 03:40 UTC (1 d ago), due by 2026-11-29 03:40 UTC; down after 2026-11-29 04:40 UTC",
    );
    const down = judgeHeartbeat(daily, ping, null, ping + 25 * HOUR_MS + 1);
    expect(down).toMatchObject({ status: "offline", late: false });
    expect(down.detail).toBe("no ping since 2026-11-28 03:40 UTC (1 d 1 h ago): due by 2026-11-29 03:40 UTC");
    expect(judgeHeartbeat(daily, ping + 25 * HOUR_MS, null, ping + 25 * HOUR_MS + MINUTE_MS).status).toBe("online");
  });

  it("calls a ping ahead of the job's clock a warning, never up (a wrong clock would stay green)", () => {
    const now = at("2026-11-29T03:40:00Z");
    expect(judgeHeartbeat(daily, now + AHEAD_TOLERANCE_MS, null, now).status).toBe("online");
    const ahead = judgeHeartbeat(daily, at("2099-01-01T00:00:00Z"), null, now);
    expect(ahead.status).toBe("warning");
    expect(ahead.detail).toMatch(/ahead of the check job's clock: one of the clocks is wrong/);
  });

  it("goes only from up to late to down as the clock runs, with no new ping (generated)", () => {
    const rank = { online: 0, warning: 1, offline: 2 } as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 10_080 }),
        fc.integer({ min: 0, max: 1440 }),
        fc.array(fc.integer({ min: 0, max: 20 * 24 * 60 }), { minLength: 2, maxLength: 30 }),
        (period, grace, minutes) => {
          const target = heartbeatOf({ time: { header: "Last-Modified" }, periodMinutes: period, graceMinutes: grace });
          const states = [...minutes].sort((a, b) => a - b).map((m) => judgeHeartbeat(target, ping, null, ping + m * MINUTE_MS));
          states.forEach((state, i) => {
            const m = [...minutes].sort((a, b) => a - b)[i];
            const expected = m <= period ? "online" : m <= period + grace ? "warning" : "offline";
            expect(state.status).toBe(expected);
            if (i > 0) expect(rank[state.status]).toBeGreaterThanOrEqual(rank[states[i - 1].status]);
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("judgeHeartbeat: a cron in a time zone", () => {
  // 03:00 in Berlin: 02:00 UTC in winter, 01:00 UTC from the last Sunday of March (2027-03-28).
  const nightly = heartbeatOf({ time: { json: "$.finishedAt" }, cron: "0 3 * * *", timeZone: "Europe/Berlin", graceMinutes: 60 });

  it("expects the run at 03:00 Berlin time on both sides of the change to summer time", () => {
    // Winter: the run due 02:00 UTC, pinged 02:20.
    expect(judgeHeartbeat(nightly, at("2027-03-27T02:20:00Z"), null, at("2027-03-27T02:30:00Z")).status).toBe("online");
    // The day of the change: due at 01:00 UTC, down after 02:00 UTC. A judge that kept winter's offset would wait for 02:00
    // and give it until 03:00.
    const dueSummer = judgeHeartbeat(nightly, at("2027-03-27T02:20:00Z"), null, at("2027-03-28T01:30:00Z"));
    expect(dueSummer).toMatchObject({ status: "online", late: false, due: at("2027-03-28T01:00:00Z") });
    expect(dueSummer.detail).toBe(
      "the run due 2027-03-28 01:00 UTC has not reported yet; down after 2027-03-28 02:00 UTC; last ping 2027-03-27 02:20 UTC (23 h 10 min ago)",
    );
    expect(judgeHeartbeat(nightly, at("2027-03-27T02:20:00Z"), null, at("2027-03-28T02:01:00Z")).status).toBe("offline");
    // Pinged at 03:10 summer time (01:10 UTC): on time, and the next run is due at 01:00 UTC.
    const pinged = judgeHeartbeat(nightly, at("2027-03-28T01:10:00Z"), null, at("2027-03-28T01:30:00Z"));
    expect(pinged).toMatchObject({ status: "online", due: at("2027-03-29T01:00:00Z") });
  });

  it("awaits a run through its grace (it reports when it ends), and is down when the run before was missed too", () => {
    const hourly = heartbeatOf({ time: { json: "$.at" }, cron: "15 * * * *", graceMinutes: 30 });
    const ping = at("2026-11-29T08:20:00Z");
    expect(judgeHeartbeat(hourly, ping, null, at("2026-11-29T09:20:00Z")).status).toBe("online");
    expect(judgeHeartbeat(hourly, ping, null, at("2026-11-29T09:46:00Z")).status).toBe("offline");
    const missedTwo = judgeHeartbeat(hourly, ping, null, at("2026-11-29T10:20:00Z"));
    expect(missedTwo.status).toBe("offline");
    expect(missedTwo.detail).toMatch(/^missed the run due 2026-11-29 09:15 UTC/);
  });

  it("measures a cron's closest times (the validation's 'more often than the job runs')", () => {
    expect(shortestGapMs("*/5 * * * *", "UTC", new Date("2026-11-29T00:00:00Z"))).toBe(5 * MINUTE_MS);
    expect(shortestGapMs("0 3 * * *", "Europe/Berlin", new Date("2027-03-01T00:00:00Z"), 60)).toBe(23 * HOUR_MS);
  });
});

describe("judgeHeartbeat: a run under way (started)", () => {
  const long = heartbeatOf({
    time: { json: "$.finishedAt" },
    started: { json: "$.startedAt" },
    maxRunMinutes: 120,
    cron: "0 1 * * *",
    graceMinutes: 30,
  });
  const finished = at("2026-11-28T01:50:00Z");

  it("is up while a run that started is within maxRunMinutes, even past the grace; down when it runs too long", () => {
    const start = at("2026-11-29T01:00:30Z");
    const running = judgeHeartbeat(long, finished, start, at("2026-11-29T02:10:00Z"));
    expect(running.status).toBe("online");
    expect(running.detail).toMatch(/^running since 2026-11-29 01:00 UTC \(1 h 9 min, at most 2 h\)/);
    const tooLong = judgeHeartbeat(long, finished, start, at("2026-11-29T03:01:00Z"));
    expect(tooLong.status).toBe("offline");
    expect(tooLong.detail).toMatch(/^started 2026-11-29 01:00 UTC and not finished after 2 h \(too long\)/);
  });

  it("judges the finish alone when the start is older than it (the last run ended)", () => {
    const done = at("2026-11-29T01:40:00Z");
    expect(judgeHeartbeat(long, done, at("2026-11-29T01:00:00Z"), at("2026-11-29T05:00:00Z")).status).toBe("online");
  });
});

/**
 * 30 days of the check job on GitHub's schedule: every 5 minutes, each run
 * late by 0 to 30 minutes (GitHub's schedule is best effort: docs/operators.md
 * cites the figures), one in twenty dropped, and a few hours-long gaps.
 */
function scheduleRuns(seed: number, days = 30): number[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const start = at("2026-10-01T00:00:00Z");
  const runs: number[] = [];
  for (let t = start; t < start + days * 24 * HOUR_MS; t += 5 * MINUTE_MS) {
    const r = random();
    if (r < 0.05) continue;
    // Most runs a little late, some up to 30 minutes; one in 500 hours late (then the runs meanwhile are dropped).
    const late = r > 0.998 ? (2 + random() * 4) * HOUR_MS : random() ** 3 * 30 * MINUTE_MS;
    runs.push(t + late);
  }
  // A run starts after the one before (one at a time, the workflow's concurrency group).
  runs.sort((a, b) => a - b);
  return runs;
}

describe("replay: 30 days of late and dropped runs of the check job", () => {
  const watched = [
    { name: "hourly, 10 min grace", period: 60, grace: 10 },
    { name: "every 15 min, no grace", period: 15, grace: 0 },
    { name: "daily, an hour's grace", period: 24 * 60, grace: 60 },
  ];

  it.each(watched)("a heartbeat on time ($name) is never called down, nor late", ({ period, grace }) => {
    const target = heartbeatOf({ time: { json: "$.at" }, periodMinutes: period, graceMinutes: grace });
    for (const seed of [1, 2, 3]) {
      const runs = scheduleRuns(seed);
      // The watched job pings every period, a little early (its own schedule), from before the first run.
      const first = runs[0] - period * MINUTE_MS;
      for (const run of runs) {
        const pings = Math.floor((run - first) / (period * MINUTE_MS));
        const ping = first + pings * period * MINUTE_MS;
        expect(judgeHeartbeat(target, ping, null, run).status).toBe("online");
      }
    }
  });

  it("a nightly cron in Berlin that pings 10 to 40 minutes after each run is due is never down nor late, across the end of summer time", () => {
    const nightly = heartbeatOf({ time: { json: "$.at" }, cron: "30 2 * * *", timeZone: "Europe/Berlin", graceMinutes: 60 });
    // 02:30 Berlin time: 00:30 UTC in summer, 01:30 UTC after 2026-10-25 (summer time ends at 01:00 UTC that day, after
    // its 02:30: a time that comes twice runs once, at the first, as cron does).
    const fires: number[] = [];
    for (let day = at("2026-09-30T00:30:00Z"); day < at("2026-11-01T00:00:00Z"); day += 24 * HOUR_MS) {
      const summer = day < at("2026-10-25T01:00:00Z");
      fires.push(summer ? day : day + HOUR_MS);
    }
    for (const seed of [7, 8]) {
      let awaited = 0;
      for (const run of scheduleRuns(seed)) {
        const done = fires.filter((fire) => fire + (10 + (fire % 31)) * MINUTE_MS <= run);
        const last = done.at(-1)!;
        const ping = last + (10 + (last % 31)) * MINUTE_MS;
        const judged = judgeHeartbeat(nightly, ping, null, run);
        // Never down, and never late either: a run under way within its grace is awaited, not a warning every night.
        expect(judged.status).toBe("online");
        if (judged.detail.includes("has not reported yet")) awaited += 1;
      }
      // The job's runs do see runs under way (between a run's time and its ping).
      expect(awaited).toBeGreaterThan(0);
    }
  });

  it.each(watched)(
    "a heartbeat that stops ($name) is down at the first run after period + grace, and at every run after",
    ({ period, grace }) => {
      const target = heartbeatOf({ time: { json: "$.at" }, periodMinutes: period, graceMinutes: grace });
      for (const seed of [4, 5, 6]) {
        const runs = scheduleRuns(seed);
        const stoppedAt = runs[Math.floor(runs.length / 2)] + 7 * MINUTE_MS;
        const downBy = stoppedAt + (period + grace) * MINUTE_MS;
        const firstAfter = runs.find((run) => run > downBy)!;
        for (const run of runs.filter((r) => r > stoppedAt)) {
          const status = judgeHeartbeat(target, stoppedAt, null, run).status;
          expect(status).toBe(run > downBy ? "offline" : run > stoppedAt + period * MINUTE_MS ? "warning" : "online");
        }
        // Down within period + grace and one run of the job: the next run after that moment, whenever it came.
        expect(judgeHeartbeat(target, stoppedAt, null, firstAfter).status).toBe("offline");
      }
    },
  );
});

describe("judge: a heartbeat's answer", () => {
  const target = checkTarget({
    url: "https://backups.example.org/status.json",
    heartbeat: { time: { json: "$.finishedAt" }, periodMinutes: 60, graceMinutes: 15 },
  })!;
  const headerTarget = checkTarget({
    url: "https://backups.example.org/backup.tar",
    method: "HEAD",
    heartbeat: { time: { header: "Last-Modified" }, periodMinutes: 60, graceMinutes: 15 },
  })!;
  const now = new Date("2026-11-29T12:00:00Z");
  const answer = (text: string, extra: Partial<Extract<ProbeOutcome, { kind: "answered" }>> = {}): ProbeOutcome => ({
    kind: "answered",
    ms: 42,
    httpStatus: 200,
    body: { text, bytes: text.length, cut: null },
    ...extra,
  });

  it("judges the time a JSON body holds, never the answer's speed", () => {
    const judged = judge(answer('{"finishedAt":"2026-11-29T11:20:00Z"}', { ms: 9000 }), target, now);
    expect(judged).toMatchObject({ status: "online", responseTime: 9000 });
    expect(judged.detail).toBe("last ping 2026-11-29 11:20 UTC (40 min ago); next due by 2026-11-29 12:20 UTC");
    expect(judge(answer('{"finishedAt":"2026-11-29T10:50:00Z"}'), target, now)).toMatchObject({
      status: "warning",
      warningCause: "late",
    });
  });

  it("is down in words when the time cannot be read", () => {
    expect(judge(answer('{"finishedAt":"soon"}'), target, now).detail).toBe('no time of the last ping: $.finishedAt is "soon", not a time');
    expect(judge(answer("{}"), target, now).detail).toBe("no time of the last ping: nothing at $.finishedAt");
    expect(judge(answer("<html>"), target, now).detail).toBe('no time of the last ping: the body is not JSON (it begins "<html>")');
    expect(judge(answer("", { httpStatus: 404 }), target, now)).toMatchObject({ status: "offline" });
    expect(judge(answer("", { heartbeatHeaders: { "last-modified": null } }), headerTarget, now).detail).toBe(
      "no time of the last ping: no Last-Modified header in the answer",
    );
  });

  it("reads a Last-Modified header", () => {
    const judged = judge(answer("", { heartbeatHeaders: { "last-modified": "Sun, 29 Nov 2026 09:00:00 GMT" } }), headerTarget, now);
    expect(judged.status).toBe("offline");
    expect(judged.detail).toBe("no ping since 2026-11-29 09:00 UTC (3 h ago): due by 2026-11-29 10:00 UTC");
  });

  it("is a result in words whatever the watched job wrote (generated bodies and headers)", () => {
    const statuses = new Set(["online", "warning", "offline"]);
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), (value, header) => {
        const document = fc.sample(fc.constant({ finishedAt: value }), 1)[0];
        const json = judge(answer(JSON.stringify(document)), target, now);
        const fromHeader = judge(answer("", { heartbeatHeaders: { "last-modified": header } }), headerTarget, now);
        for (const judged of [json, fromHeader]) {
          expect(statuses.has(judged.status)).toBe(true);
          expect(judged.detail.length).toBeLessThanOrEqual(400);
          // eslint-disable-next-line no-control-regex -- the characters a detail must never carry
          expect(judged.detail).not.toMatch(/[\u0000-\u001f\u202a-\u202e]/);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("reads the newest object of an S3 listing, and says when the listing cannot tell", () => {
    const listing = checkTarget({
      url: "https://backups.s3.example.org/?list-type=2&prefix=nightly/",
      heartbeat: { time: { listing: "s3" }, periodMinutes: 1440, graceMinutes: 60 },
    })!;
    const xml = (objects: string[], truncated = false) =>
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>backups</Name><Prefix>nightly/</Prefix><KeyCount>${objects.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>${truncated}</IsTruncated>${objects
        .map((at, i) => `<Contents><Key>nightly/${i}.tar.gz</Key><LastModified>${at}</LastModified><Size>1024</Size></Contents>`)
        .join("")}</ListBucketResult>`;
    const judged = judge(answer(xml(["2026-11-27T03:10:00.000Z", "2026-11-29T03:12:00.000Z", "2026-11-28T03:11:00.000Z"])), listing, now);
    expect(judged.status).toBe("online");
    expect(judged.detail).toMatch(/^last ping 2026-11-29 03:12 UTC/);
    expect(judge(answer(xml([])), listing, now).detail).toBe("no time of the last ping: the listing holds no object");
    expect(judge(answer(xml(["2026-11-29T03:12:00.000Z"], true)), listing, now).detail).toMatch(/the listing is cut \(IsTruncated/);
    expect(judge(answer("<Error><Code>AccessDenied</Code></Error>"), listing, now).detail).toMatch(/not an S3 listing/);
    expect(
      judge(answer(xml(["2026-11-29T03:12:00.000Z"]), { body: { text: "<ListBucketResult>", bytes: 16384, cut: "limit" } }), listing, now)
        .detail,
    ).toMatch(/the listing was cut at the body limit \(16384 bytes read\): raise bodyLimit/);
  });

  it("reads the newest of the times a JSONPath selects in a JSON listing, passing over what is no time", () => {
    const listed = checkTarget({
      url: "https://storage.example.org/storage/v1/b/backups/o?prefix=nightly/",
      heartbeat: { time: { newest: "$.items[*].updated" }, periodMinutes: 1440, graceMinutes: 60 },
    })!;
    const body = JSON.stringify({ items: [{ updated: "2026-11-28T03:00:00Z" }, { updated: "soon" }, { updated: "2026-11-29T03:05:00Z" }] });
    expect(judge(answer(body), listed, now).detail).toMatch(/^last ping 2026-11-29 03:05 UTC/);
    expect(judge(answer(JSON.stringify({ items: [{ updated: "soon" }] })), listed, now).detail).toBe(
      "no time of the last ping: the value at $.items[*].updated is not a time",
    );
    expect(judge(answer(JSON.stringify({ items: [] })), listed, now).detail).toBe(
      "no time of the last ping: nothing at $.items[*].updated",
    );
  });
});
