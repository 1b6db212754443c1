import fs from "node:fs";
import path from "node:path";
import type { CheckHistory, CheckHistoryV1 } from "../../src/domain/checks/history";
import { samplesByServer, seriesMap, uptimeOf, uptimeOverHours, type ServerRollup } from "../../src/domain/checks/rollups";
import { DAY_MS, HOUR_MS } from "../../src/domain/kernel/time";
import type { DaySlots } from "../../src/domain/objectives/budget";
import { tallyObjectives } from "../../src/domain/objectives/tally";
import { monthObjectives } from "../../src/domain/objectives/monthObjectives";
import type { Objective } from "../../src/domain/objectives/objectiveContent";
import type { ObjectiveResult } from "../../src/publish/objectivesData";
import type { LatestChecks } from "../../src/domain/checks/run";
import { CHECK_HISTORY_FILE, rollupFileName } from "../../src/domain/content/files";
import { figuresOfRollup, upToDateRollup, type ServerHistoryFigures } from "../../src/domain/checks/serverHistory";
import { causedDowntimeOf, gatherMonths, reportedMonths, type CausedDowntime, type MonthReport } from "../../src/domain/reports/month";
import { gatherFleetAnalytics, type FleetAnalytics } from "../../src/domain/reports/fleetAnalytics";
import { contentDirectory, readContentFile } from "../../io/contentFiles";
import { historyApiPath, historyDocument } from "../../src/publish/historyData";
import { restartReportTiming, timeReports } from "./reportTiming";
import { historyOfVersion2, readJobFileForBuild, rollupChecker, withDaysOfV1 } from "../../io/jobFiles";

/** What the build makes of the check job's files: each checked server's story, and the months' reports. */
export type CheckedHistory = {
  figures: Map<string, ServerHistoryFigures>;
  reports: MonthReport[];
  /** the newest run and the job's usual interval (null without latest.json) */
  asOf: Date | null;
  intervalMs: number | null;
  /** whether the reports count the checks a dependency made fail (monitoring.json's reports.causedDowntime) */
  causedDowntime: CausedDowntime;
  /** each objective of objectives.json and its budget (/api/v1/objectives.json, /metrics.txt, /objectives) */
  objectives: ObjectiveResult[];
  /** each objective's slots a UTC day at a time, oldest first (its burndown on /objectives; empty before the job ran) */
  objectiveDays: DaySlots[][];
  /** each server's own figures against the objectives that name it (its page) */
  serverObjectives: Map<string, ObjectiveResult[]>;
  /** each checked server's checks up and all checks over the metrics' windows (/metrics.txt) */
  uptimeWindows: Map<string, UptimeWindows>;
  /** the fleet over time, for /analytics (null without latest.json) */
  analytics: FleetAnalytics | null;
};

/** A server's checks up and all checks over the last 24 hours and the last 30 and 365 UTC days (/metrics.txt). */
type UptimeWindows = Record<"1d" | "30d" | "365d", { up: number; total: number }>;

/** Told each checked server's rollups (brought up to the raw runs) as they are read, one at a time. */
type RollupSink = (rollup: ServerRollup, asOf: Date, intervalMs: number | null) => void;

export function readServerHistories(contentDir = contentDirectory()): Map<string, ServerHistoryFigures> {
  return readCheckedHistory(contentDir).figures;
}

/**
 * Each checked server's story (src/domain/checks/serverHistory.ts) for the server
 * pages and /api/v1/servers/<id>.json, and the months' availability reports
 * (src/domain/reports/month.ts): every server of servers.json with a
 * check and some history, taken at latest.json's finishedAt, from history.json
 * (version 1 read as the job converts it) and content/checks/servers/<id>.json.
 * The folder is read once, only the files of checked servers (a file of a
 * renamed server is passed over), a server at a time. Empty without latest.json.
 */
export function readCheckedHistory(contentDir = contentDirectory(), sink?: RollupSink): CheckedHistory {
  const checks = path.join(contentDir, "checks");
  const figures = new Map<string, ServerHistoryFigures>();
  const latestText = readContentFile(path.join(checks, "latest.json"));
  const monitoring = JSON.parse(readContentFile(path.join(contentDir, "monitoring.json")) ?? "{}") as Parameters<
    typeof causedDowntimeOf
  >[0];
  const causedDowntime = causedDowntimeOf(monitoring);
  const uptimeWindows = new Map<string, UptimeWindows>();
  const objectiveList = JSON.parse(readContentFile(path.join(contentDir, "objectives.json")) ?? "[]") as Objective[];
  if (latestText === null) {
    const objectives = objectiveList.map((objective) => ({ objective, budget: null, burn: null, why: "the check job has not run yet" }));
    const objectiveDays = objectiveList.map(() => []);
    const serverObjectives = new Map<string, ObjectiveResult[]>();
    return {
      figures,
      reports: [],
      asOf: null,
      intervalMs: null,
      causedDowntime,
      objectives,
      objectiveDays,
      serverObjectives,
      uptimeWindows,
      analytics: null,
    };
  }
  const latest = JSON.parse(latestText) as LatestChecks;
  const asOf = new Date(latest.finishedAt);
  const intervalMs = latest.intervalSeconds ? latest.intervalSeconds * 1000 : null;
  // Each objective's slots, added up a server at a time (a group of 10,000 is never all in memory).
  const tally = intervalMs === null ? null : tallyObjectives(objectiveList, asOf, intervalMs);
  const serverObjectives = new Map<string, ObjectiveResult[]>();
  const servers = JSON.parse(readContentFile(path.join(contentDir, "servers.json")) ?? "[]") as Array<{
    id: string;
    location?: string;
    check?: unknown;
  }>;
  const checked = servers.filter((s) => s.check !== undefined).map((s) => s.id);
  const locations = new Map(servers.map((s) => [s.id, s.location ?? ""] as const));

  const historyFile = path.join(checks, "history.json");
  const read = fs.existsSync(historyFile)
    ? readJobFileForBuild<CheckHistory | CheckHistoryV1>(historyFile, CHECK_HISTORY_FILE.name)
    : ({ version: 2, runs: [] } satisfies CheckHistory);
  const { history, daysOfV1 } = historyOfVersion2(read);

  // Gathered once for all servers: once a server, 10,000 servers with 48 hours of runs took about 2.5 s each.
  const samples = samplesByServer(history);
  const folder = path.join(checks, "servers");
  const present = new Set(fs.existsSync(folder) ? fs.readdirSync(folder) : []);
  const months = gatherMonths(reportedMonths(asOf), asOf, intervalMs, causedDowntime);
  const fleet = gatherFleetAnalytics(asOf);
  for (const server of checked) {
    const name = rollupFileName(server);
    const stored = present.has(name) ? { ...readJobFileForBuild<ServerRollup>(path.join(folder, name), rollupChecker), server } : null;
    const rollup = upToDateRollup(history, withDaysOfV1(stored, server, daysOfV1), server, asOf, samples);
    const story = figuresOfRollup(rollup, samples, server, asOf, intervalMs);
    if (tally?.counts(server)) {
      const own = tally.add(server, seriesMap(rollup.hourly, HOUR_MS), samples.get(server) ?? [], seriesMap(rollup.daily, DAY_MS));
      serverObjectives.set(
        server,
        own.map(({ objective, budget, burn, latency }) => ({ objective, budget, burn, latency, why: null })),
      );
    }
    if (story.firstCheck !== null) {
      figures.set(server, story);
      fleet.add(rollup, locations.get(server) ?? "");
      const days = (n: number) => {
        const { up, total } = uptimeOf(rollup, [], asOf, n);
        return { up, total };
      };
      uptimeWindows.set(server, { "1d": uptimeOverHours(rollup, asOf, 24), "30d": days(30), "365d": days(365) });
      timeReports(() => {
        months.add(server, rollup);
        sink?.(rollup, asOf, intervalMs);
      });
    }
  }
  const tallied = tally?.result() ?? null;
  return {
    figures,
    // Each month's report with the objectives judged on its checks (#48).
    reports: timeReports(() =>
      months.reports().map((report) => ({ ...report, objectives: monthObjectives(objectiveList, report.servers, report, intervalMs) })),
    ),
    asOf,
    intervalMs,
    causedDowntime,
    objectives:
      tallied === null
        ? objectiveList.map((objective) => ({
            objective,
            budget: null,
            burn: null,
            why: "the check job's usual interval is not known yet (it needs two runs)",
          }))
        : tallied.map(({ objective, budget, burn, latency }) => ({ objective, budget, burn, latency, why: null })),
    objectiveDays: tallied === null ? objectiveList.map(() => []) : tallied.map((t) => t.days),
    serverObjectives,
    uptimeWindows,
    analytics: fleet.result(),
  };
}

/** What this build's pages were made from (createPages), for the API files written after them (onPostBuild). */
let builtFrom: ({ dir: string } & CheckedHistory) | null = null;

/**
 * The histories for the server pages: read afresh (each createPages, `gatsby
 * develop`'s too), and kept for the API files of the same build, so one build
 * reads the folder once (with 10,000 checked servers a read takes about 29 s).
 */
export function readServerHistoriesForPages(
  contentDir = contentDirectory(),
  publicDir = path.join(process.cwd(), "public"),
): Map<string, ServerHistoryFigures> {
  restartReportTiming();
  builtFrom = {
    dir: contentDir,
    ...readCheckedHistory(
      contentDir,
      timeReports(() => publishHistory(publicDir)),
    ),
  };
  return builtFrom.figures;
}

/**
 * Writes each server's daily history (/api/v1/history/<id>.json, #33) in the same
 * pass that reads it for its page, so 10,000 servers' rollups are never all held.
 * The folder is emptied first: a server whose check was removed leaves no file.
 */
function publishHistory(publicDir: string): RollupSink {
  const folder = path.join(publicDir, ...historyApiPath("x").split("/").filter(Boolean).slice(0, -1));
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const builtAt = new Date();
  return (rollup, asOf, intervalMs) => {
    fs.writeFileSync(path.join(folder, `${rollup.server}.json`), JSON.stringify(historyDocument(rollup, asOf, intervalMs, builtAt)));
  };
}

/** The fleet over time as this build's pages read it (/analytics), or a read of the folder when no pages were made in this process. */
export function fleetAnalyticsOfThisBuild(contentDir = contentDirectory()): FleetAnalytics | null {
  return (builtFrom?.dir === contentDir ? builtFrom : readCheckedHistory(contentDir)).analytics;
}

/** The servers that have a history, the newest run and the job's interval, as this build's pages read them. */
export function historyOfThisBuild(
  contentDir = contentDirectory(),
): Pick<CheckedHistory, "asOf" | "intervalMs" | "causedDowntime"> & { servers: string[] } {
  // Only the servers whose files this build wrote (with their pages): a list never names a file that is not there.
  if (builtFrom?.dir !== contentDir) return { asOf: null, intervalMs: null, causedDowntime: "counted", servers: [] };
  const { asOf, intervalMs, causedDowntime } = builtFrom;
  return { asOf, intervalMs, causedDowntime, servers: [...builtFrom.figures.keys()] };
}

/** The objectives and their budgets, as this build's pages read the folder (or a read of it). */
export function objectivesOfThisBuild(
  contentDir = contentDirectory(),
): Pick<CheckedHistory, "objectives" | "objectiveDays" | "asOf" | "intervalMs"> {
  const read = builtFrom?.dir === contentDir ? builtFrom : readCheckedHistory(contentDir);
  return { objectives: read.objectives, objectiveDays: read.objectiveDays, asOf: read.asOf, intervalMs: read.intervalMs };
}

/** Each checked server's uptime over the metrics' windows, as this build's pages read the folder (or a read of it). */
export function uptimeWindowsOfThisBuild(contentDir = contentDirectory()): Map<string, UptimeWindows> {
  return (builtFrom?.dir === contentDir ? builtFrom : readCheckedHistory(contentDir)).uptimeWindows;
}

/** The histories the pages of this build were made from, or a read of the folder when no pages were made in this process. */
export function serverHistoriesOfThisBuild(contentDir = contentDirectory()): Map<string, ServerHistoryFigures> {
  return builtFrom?.dir === contentDir ? builtFrom.figures : readServerHistories(contentDir);
}

/** The months' reports this build's pages were made with, or a read of the folder when no pages were made in this process. */
export function monthReportsOfThisBuild(contentDir = contentDirectory()): MonthReport[] {
  return builtFrom?.dir === contentDir ? builtFrom.reports : readCheckedHistory(contentDir).reports;
}

/** Each server's own figures against the objectives that name it, as this build's server pages read them (empty otherwise). */
export function serverObjectivesOfThisBuild(): Pick<CheckedHistory, "serverObjectives" | "asOf" | "intervalMs"> {
  if (builtFrom === null) return { serverObjectives: new Map(), asOf: null, intervalMs: null };
  const { serverObjectives, asOf, intervalMs } = builtFrom;
  return { serverObjectives, asOf, intervalMs };
}
