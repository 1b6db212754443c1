/** @jest-environment node */
import {
  DEFAULT_CHECK_INTERVAL_S,
  STALE_AFTER_INTERVALS,
  countSources,
  figuresNote,
  liveLine,
  overallState,
  systemsLine,
  type LiveState,
} from "../../../src/model/shell/statusLine";
import { figureSourceLabel } from "../../../src/domain/kernel/status";
import { formatAge } from "../../../src/domain/kernel/time";
import type { FigureSource } from "../../../src/domain/kernel/types";
import { formatClock } from "../../../src/domain/kernel/format";
import { IMPACT_TONES } from "../../../src/domain/incidents/statusNotices";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("the staleness rule", () => {
  it("calls checks stale after 3 intervals and assumes 300 s until one is seen", () => {
    expect(STALE_AFTER_INTERVALS).toBe(2);
    expect(DEFAULT_CHECK_INTERVAL_S).toBe(300);
  });
});

describe("systemsLine", () => {
  it("says 'No servers listed', neutral and still, without servers", () => {
    expect(systemsLine({ total: 0, offline: 0, warning: 0 })).toEqual({ tone: "neutral", text: "No servers listed", pulse: false });
  });

  it("says 'All systems operational' and pulses online when none needs attention", () => {
    expect(systemsLine({ total: 7, offline: 0, warning: 0 })).toEqual({ tone: "online", text: "All systems operational", pulse: true });
  });

  it.each([
    [1, "1 server offline"],
    [2, "2 servers offline"],
  ])("names %d offline server(s), pulsing offline", (offline, text) => {
    expect(systemsLine({ total: 5, offline, warning: 0 })).toEqual({ tone: "offline", text, pulse: true });
  });

  it.each([
    [1, "1 server in warning"],
    [2, "2 servers in warning"],
  ])("names %d server(s) in warning, in the warning tone without pulse", (warning, text) => {
    expect(systemsLine({ total: 5, offline: 0, warning })).toEqual({ tone: "warning", text, pulse: false });
  });

  it.each([
    [1, 2, "1 server offline, 2 in warning"],
    [2, 1, "2 servers offline, 1 in warning"],
    [3, 3, "3 servers offline, 3 in warning"],
  ])("names %d offline and %d in warning together, in the offline tone", (offline, warning, text) => {
    expect(systemsLine({ total: 10, offline, warning })).toEqual({ tone: "offline", text, pulse: true });
  });

  // #44: a server nobody has a fresh result for is never "operational".
  it.each([
    [{ offline: 0, warning: 0, unchecked: 1 }, "warning", "1 server not checked"],
    [{ offline: 0, warning: 0, unchecked: 3 }, "warning", "3 servers not checked"],
    [{ offline: 1, warning: 1, unchecked: 2 }, "offline", "1 server offline, 1 in warning, 2 not checked"],
  ] as const)("%j: %s, %s", (counts, tone, text) => {
    expect(systemsLine({ total: 10, ...counts })).toMatchObject({ tone, text });
  });
});

describe("systemsLine with incidents and maintenance", () => {
  const calm = { total: 7, offline: 0, warning: 0 };

  it.each([
    ["major", "1 major incident open"],
    ["critical", "1 critical incident open"],
  ] as const)("is not 'All systems operational' with a %s incident open: offline tone", (impact, text) => {
    expect(systemsLine(calm, { incidents: 1, worstImpact: impact, inMaintenance: 0 })).toEqual({ tone: "offline", text, pulse: true });
  });

  it("names a minor incident in the warning tone, and counts several by their worst impact", () => {
    expect(systemsLine(calm, { incidents: 1, worstImpact: "minor", inMaintenance: 0 })).toEqual({
      tone: "warning",
      text: "1 minor incident open",
      pulse: false,
    });
    expect(systemsLine(calm, { incidents: 3, worstImpact: "major", inMaintenance: 0 }).text).toBe("3 incidents open, the worst major");
  });

  it("keeps 'All systems operational' for an incident of no impact (a notice)", () => {
    expect(systemsLine(calm, { incidents: 1, worstImpact: "none", inMaintenance: 0 })).toEqual({
      tone: "online",
      text: "All systems operational",
      pulse: true,
    });
  });

  it("says servers in maintenance in the informational tone, after what needs attention", () => {
    expect(systemsLine(calm, { incidents: 0, worstImpact: null, inMaintenance: 2 })).toEqual({
      tone: "info",
      text: "2 servers in maintenance",
      pulse: false,
    });
    expect(systemsLine({ total: 7, offline: 1, warning: 0 }, { incidents: 1, worstImpact: "minor", inMaintenance: 1 })).toEqual({
      tone: "offline",
      text: "1 server offline, 1 minor incident open, 1 server in maintenance",
      pulse: true,
    });
  });
});

describe("formatAge", () => {
  it.each([
    [0, "just now"],
    [45 * SECOND, "just now"],
    [MINUTE - 1, "just now"],
    [MINUTE, "1 min ago"],
    [3 * MINUTE, "3 min ago"],
    [3 * MINUTE + 59 * SECOND, "3 min ago"],
    [59 * MINUTE + 59 * SECOND, "59 min ago"],
    [HOUR, "1 h ago"],
    [5 * HOUR, "5 h ago"],
    [5 * HOUR + 59 * MINUTE, "5 h ago"],
    [47 * HOUR + 59 * MINUTE, "47 h ago"],
    [48 * HOUR, "2 days ago"],
    [3 * DAY, "3 days ago"],
    [3 * DAY + 23 * HOUR, "3 days ago"],
    [400 * DAY, "400 days ago"],
  ])("%d ms reads %j", (ms, text) => {
    expect(formatAge(ms)).toBe(text);
  });

  it("reads 'just now' for a time in the future (a clock a little ahead)", () => {
    expect(formatAge(-5 * MINUTE)).toBe("just now");
  });
});

describe("liveLine", () => {
  const NEWEST = "2026-11-23T10:37:12.000Z";
  const newest = Date.parse(NEWEST);
  const measured = (over: Partial<LiveState> = {}): LiveState => ({
    measured: 4,
    newestCheck: NEWEST,
    intervalSeconds: 300,
    autoRefresh: true,
    refreshSeconds: 30,
    now: newest,
    ...over,
  });

  it("in the static HTML, which cannot know the time, names the newest check's UTC time", () => {
    expect(liveLine(measured({ now: null }))).toEqual({
      tone: "online",
      text: "Live monitoring active",
      pulse: true,
      stale: false,
      detail: "newest check 10:37 UTC",
    });
  });

  it("in the static HTML never calls old checks stale", () => {
    expect(liveLine(measured({ now: null, newestCheck: "2020-01-01T23:05:00Z" }))).toEqual({
      tone: "online",
      text: "Live monitoring active",
      pulse: true,
      stale: false,
      detail: "newest check 23:05 UTC",
    });
  });

  it("is live with the age of fresh checks", () => {
    expect(liveLine(measured({ now: newest + 3 * MINUTE }))).toEqual({
      tone: "online",
      text: "Live monitoring active",
      pulse: true,
      stale: false,
      detail: "checked 3 min ago",
    });
    expect(liveLine(measured({ now: newest + 20 * SECOND })).detail).toBe("checked just now");
  });

  it("is still live at exactly 2 intervals", () => {
    expect(liveLine(measured({ now: newest + 10 * MINUTE }))).toEqual({
      tone: "online",
      text: "Live monitoring active",
      pulse: true,
      stale: false,
      detail: "checked 10 min ago",
    });
  });

  it("is late once the newest check is older than 2 intervals", () => {
    expect(liveLine(measured({ now: newest + 10 * MINUTE })).stale).toBe(false);
    expect(liveLine(measured({ now: newest + 10 * MINUTE + 1 }))).toEqual({
      tone: "warning",
      text: "Checks are late",
      pulse: false,
      stale: true,
      detail: "last result 10 min ago",
    });
    expect(liveLine(measured({ now: newest + 5 * HOUR })).detail).toBe("last result 5 h ago");
  });

  it("uses the observed interval", () => {
    expect(liveLine(measured({ intervalSeconds: 60, now: newest + 2 * MINUTE })).stale).toBe(false);
    expect(liveLine(measured({ intervalSeconds: 60, now: newest + 2 * MINUTE + 1 }))).toEqual({
      tone: "warning",
      text: "Checks are late",
      pulse: false,
      stale: true,
      detail: "last result 2 min ago",
    });
    expect(liveLine(measured({ intervalSeconds: 3600, now: newest + 2 * HOUR })).stale).toBe(false);
  });

  it("assumes 300 s while the interval is not known", () => {
    expect(liveLine(measured({ intervalSeconds: null, now: newest + 10 * MINUTE })).stale).toBe(false);
    expect(liveLine(measured({ intervalSeconds: null, now: newest + 10 * MINUTE + 1 }))).toEqual({
      tone: "warning",
      text: "Checks are late",
      pulse: false,
      stale: true,
      detail: "last result 10 min ago",
    });
  });

  it("is live for a newest check a little in the future", () => {
    expect(liveLine(measured({ now: newest - 30 * SECOND })).detail).toBe("checked just now");
  });

  it("is the simulation without measured figures, whatever the newest check", () => {
    const simulated = { tone: "info", text: "Simulated data", pulse: true, stale: false, detail: "updated every 30 s" };
    expect(liveLine(measured({ measured: 0 }))).toEqual(simulated);
    expect(liveLine(measured({ measured: 0, newestCheck: null, now: null }))).toEqual(simulated);
    expect(liveLine(measured({ measured: 0, refreshSeconds: 10 })).detail).toBe("updated every 10 s");
  });

  it("says 'Simulation paused' when auto-refresh is off and nothing is measured", () => {
    expect(liveLine(measured({ measured: 0, autoRefresh: false }))).toEqual({
      tone: "neutral",
      text: "Simulation paused",
      pulse: false,
      stale: false,
      detail: null,
    });
  });

  const feedLive = { mode: "live" as const, lastSuccess: newest + 2 * MINUTE, dataTime: newest + MINUTE, downSince: null };

  it("with a feed, 'updated' is the time of its data, and the time of the fetch only where the data has none", () => {
    // Jest runs in UTC: the reader's zone is UTC, and says so.
    const clock = (ms: number) => `${formatClock(new Date(ms))} UTC`;
    expect(liveLine(measured({ now: newest + 2 * MINUTE, feed: feedLive })).detail).toBe(`updated ${clock(newest + MINUTE)}`);
    expect(liveLine(measured({ now: newest + 2 * MINUTE, feed: { ...feedLive, dataTime: null } })).detail).toBe(
      `updated ${clock(newest + 2 * MINUTE)}`,
    );
    // Settings → Times in UTC: the same, said in UTC whatever the zone.
    expect(liveLine(measured({ now: newest + 2 * MINUTE, feed: feedLive, timeZone: "utc" })).detail).toBe(
      `updated ${new Date(newest + MINUTE).toISOString().slice(11, 19)} UTC`,
    );
  });

  it("a feed without measured figures is never live monitoring: its figures are simulated", () => {
    const line = liveLine(measured({ measured: 0, now: newest + 2 * MINUTE, feed: feedLive }));
    expect(line.text).toBe("Simulated data");
    expect(line.tone).toBe("info");
    expect(line.detail).toBe("the status feed has sent no measured figures");
    expect(liveLine(measured({ measured: 0, autoRefresh: false, feed: feedLive })).text).toBe("Simulation paused");
  });

  it("stays live for measured figures when auto-refresh is off", () => {
    expect(liveLine(measured({ autoRefresh: false, now: newest + MINUTE }))).toEqual({
      tone: "online",
      text: "Live monitoring active",
      pulse: true,
      stale: false,
      detail: "checked 1 min ago",
    });
  });
});

describe("figureSourceLabel", () => {
  it.each<[FigureSource, string]>([
    ["measured", "Measured"],
    ["simulated", "Simulated"],
    ["sample", "Sample (not checked yet)"],
  ])("%s reads %j", (source, label) => {
    expect(figureSourceLabel(source)).toBe(label);
  });
});

describe("figuresNote", () => {
  it("says every value is simulated when nothing is measured or sampled", () => {
    expect(figuresNote({ measured: 0, sample: 0, simulated: 5 }, true, 30)).toBe(
      "Values are simulated in your browser every 30 s; this site has no live backend.",
    );
  });

  it("says the simulation is paused when auto-refresh is off", () => {
    expect(figuresNote({ measured: 0, sample: 0, simulated: 5 }, false, 30)).toBe(
      "Simulation paused: Auto-refresh is off in Settings. Values are simulated in your browser; this site has no live backend.",
    );
  });

  it("names each source with its number of servers", () => {
    expect(figuresNote({ measured: 3, sample: 1, simulated: 2 }, true, 15)).toBe(
      "Figures: 3 servers measured; 1 server with sample figures until their first check; 2 servers without a check simulated in your browser every 15 s.",
    );
  });

  it("says the simulated ones are paused when auto-refresh is off", () => {
    expect(figuresNote({ measured: 1, sample: 0, simulated: 1 }, false, 30)).toBe(
      "Figures: 1 server measured; 1 server without a check simulated in your browser, paused (Auto-refresh is off in Settings).",
    );
  });

  it("with a status feed followed, says the feed sends no measured figures rather than 'no live backend'", () => {
    expect(figuresNote({ measured: 0, sample: 0, simulated: 5 }, true, 30, true)).toBe(
      "Values are simulated in your browser every 30 s; the status feed has sent no measured figures.",
    );
    expect(figuresNote({ measured: 0, sample: 0, simulated: 5 }, false, 30, true)).toBe(
      "Simulation paused: Auto-refresh is off in Settings. Values are simulated in your browser; the status feed has sent no measured figures.",
    );
  });

  it("leaves out the sources no server has", () => {
    expect(figuresNote({ measured: 6, sample: 0, simulated: 0 }, true, 30)).toBe("Figures: 6 servers measured.");
    expect(figuresNote({ measured: 0, sample: 2, simulated: 0 }, true, 30)).toBe(
      "Figures: 2 servers with sample figures until their first check.",
    );
  });
});

describe("countSources", () => {
  it("counts the servers of each source", () => {
    const list: Array<{ source: FigureSource }> = [
      { source: "measured" },
      { source: "sample" },
      { source: "measured" },
      { source: "simulated" },
      { source: "measured" },
    ];
    expect(countSources(list)).toEqual({ measured: 3, simulated: 1, sample: 1 });
  });

  it("is all zero for no servers", () => {
    expect(countSources([])).toEqual({ measured: 0, simulated: 0, sample: 0 });
  });
});

describe("overallState: the site in one word, for status.json and the top bar", () => {
  const calm = { total: 7, offline: 0, warning: 0 };
  const none = { incidents: 0, worstImpact: null, inMaintenance: 0 } as const;

  it("is operational with nothing wrong, unknown without servers", () => {
    expect(overallState(calm, none)).toMatchObject({ state: "operational", tone: "online", text: "All systems operational" });
    expect(overallState({ total: 0, offline: 0, warning: 0 }, none)).toMatchObject({ state: "unknown", tone: "neutral" });
  });

  it.each([
    ["critical", "outage"],
    ["major", "outage"],
    ["minor", "degraded"],
  ] as const)("takes an open %s incident's colour from the notices' impact tones: %s", (impact, state) => {
    const overall = overallState(calm, { incidents: 1, worstImpact: impact, inMaintenance: 0 });
    expect(overall.state).toBe(state);
    expect(overall.tone).toBe(IMPACT_TONES[impact]);
    expect(overall.text).toBe(`1 ${impact} incident open`);
  });

  it("a major incident is not 'all systems operational', even when every server answers", () => {
    expect(overallState(calm, { incidents: 2, worstImpact: "major", inMaintenance: 0 })).toMatchObject({
      state: "outage",
      text: "2 incidents open, the worst major",
    });
  });

  it("is maintenance while servers are in a window and nothing worse is so", () => {
    expect(overallState(calm, { incidents: 0, worstImpact: null, inMaintenance: 1 })).toMatchObject({
      state: "maintenance",
      tone: "info",
      text: "1 server in maintenance",
    });
    expect(overallState({ total: 7, offline: 0, warning: 1 }, { incidents: 0, worstImpact: null, inMaintenance: 1 }).state).toBe(
      "degraded",
    );
  });

  it("an incident of no impact changes nothing", () => {
    expect(overallState(calm, { incidents: 1, worstImpact: "none", inMaintenance: 0 }).state).toBe("operational");
  });
});
