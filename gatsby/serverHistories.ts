import fs from "node:fs";
import path from "node:path";
import type { CheckHistory, CheckHistoryV1 } from "../src/domain/checks/history";
import { rollupColumnsProblem, samplesByServer, upgradeHistory, withMissingDays, type ServerRollup } from "../src/domain/checks/rollups";
import type { LatestChecks } from "../src/domain/checks/run";
import { CHECK_HISTORY_FILE, CHECK_ROLLUP_FILE, rollupFileName } from "../src/domain/content/files";
import { validators } from "../src/domain/content/schemaIssues";
import { serverHistoryFigures, type ServerHistoryFigures } from "../src/domain/checks/serverHistory";
import { contentDirectory } from "./readContent";

/** A check job's file the build cannot read: the build stops, naming the file. */
function readChecked<T>(file: string, schemaName: string, extra: (value: T) => string | null = () => null): T {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(
      `${file} is not valid JSON (${error instanceof Error ? error.message : String(error)}); the next check run sets it aside.`,
    );
  }
  const validate = validators().get(schemaName)!;
  const problem = validate(value)
    ? extra(value as T)
    : `${validate.errors?.[0]?.instancePath || "/"} ${validate.errors?.[0]?.message ?? ""}`.trim();
  if (problem !== null) throw new Error(`${file} does not match its schema (${problem}); the next check run sets it aside.`);
  return value as T;
}

/**
 * Each checked server's story (src/domain/checks/serverHistory.ts) for the server
 * pages and /api/v1/servers/<id>.json: every server of servers.json with a
 * check and some history, taken at latest.json's finishedAt, from history.json
 * (version 1 read as the job converts it) and content/checks/servers/<id>.json.
 * The folder is read once, only the files of checked servers (a file of a
 * renamed server is passed over). Empty without latest.json.
 */
export function readServerHistories(contentDir = contentDirectory()): Map<string, ServerHistoryFigures> {
  const checks = path.join(contentDir, "checks");
  const figures = new Map<string, ServerHistoryFigures>();
  const latestFile = path.join(checks, "latest.json");
  if (!fs.existsSync(latestFile)) return figures;
  const asOf = new Date((JSON.parse(fs.readFileSync(latestFile, "utf8")) as LatestChecks).finishedAt);
  const servers = JSON.parse(fs.readFileSync(path.join(contentDir, "servers.json"), "utf8")) as Array<{ id: string; check?: unknown }>;
  const checked = servers.filter((s) => s.check !== undefined).map((s) => s.id);

  const historyFile = path.join(checks, "history.json");
  const read = fs.existsSync(historyFile)
    ? readChecked<CheckHistory | CheckHistoryV1>(historyFile, CHECK_HISTORY_FILE.name)
    : ({ version: 2, runs: [] } satisfies CheckHistory);
  const upgraded = read.version === 1 ? upgradeHistory(read) : null;
  const history = upgraded?.history ?? (read as CheckHistory);

  // Gathered once for all servers: once a server, 10,000 servers with 48 hours of runs took about 2.5 s each.
  const samples = samplesByServer(history);
  const folder = path.join(checks, "servers");
  const present = new Set(fs.existsSync(folder) ? fs.readdirSync(folder) : []);
  for (const server of checked) {
    const name = rollupFileName(server);
    let rollup: ServerRollup | null = present.has(name)
      ? { ...readChecked<ServerRollup>(path.join(folder, name), CHECK_ROLLUP_FILE.name, rollupColumnsProblem), server }
      : null;
    const fromV1 = upgraded?.rollups.get(server);
    if (fromV1) rollup = rollup ? withMissingDays(rollup, fromV1) : fromV1;
    const story = serverHistoryFigures(history, rollup, server, asOf, samples);
    if (story.firstCheck !== null) figures.set(server, story);
  }
  return figures;
}

/** What this build's pages were made from (createPages), for the API files written after them (onPostBuild). */
let builtFrom: { dir: string; figures: Map<string, ServerHistoryFigures> } | null = null;

/**
 * The histories for the server pages: read afresh (each createPages, `gatsby
 * develop`'s too), and kept for the API files of the same build, so one build
 * reads the folder once (with 10,000 checked servers a read takes about 29 s).
 */
export function readServerHistoriesForPages(contentDir = contentDirectory()): Map<string, ServerHistoryFigures> {
  builtFrom = { dir: contentDir, figures: readServerHistories(contentDir) };
  return builtFrom.figures;
}

/** The histories the pages of this build were made from, or a read of the folder when no pages were made in this process. */
export function serverHistoriesOfThisBuild(contentDir = contentDirectory()): Map<string, ServerHistoryFigures> {
  return builtFrom?.dir === contentDir ? builtFrom.figures : readServerHistories(contentDir);
}
