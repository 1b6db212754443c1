/**
 * The check job's files in content/checks/ (latest.json, alerts.json,
 * history.json, notify-state.json, and servers/<id>.json: each server's
 * rollups), for the job and for the build: read and checked against their
 * schemas, upgraded from older versions, and written whole (io/writeWhole.ts)
 * under the job's lock (io/jobLock.ts).
 *
 * Damage loses only what is damaged (#44). The job keeps a damaged file as it
 * was beside it (<name>.damaged-<time>) and goes on with what can be read of
 * it: history.json and the rollups are written a line per run and a line per
 * column, so a damaged line costs its run, or its column's figures, and the
 * rest is read line by line (salvageHistory, salvageRollup); any other file
 * starts afresh. A path of the wrong kind (a file where the folder belongs, a
 * folder where a file does) is moved aside (<name>.wrong-kind-<time>) and made
 * again. Nothing is deleted. The build stops on a damaged file, naming it.
 *
 * One piece (about 440 lines): every file of the job is read, checked, mended
 * and written through here, so its defences (#30, #44) are in one place; what
 * a damaged line-laid file keeps is io/salvage.ts's.
 */
import fs from "node:fs";
import path from "node:path";
import { emptyHistory, type CheckHistory, type CheckHistoryV1 } from "../src/domain/checks/history";
import { rollupColumnsProblem, upgradeHistory, withMissingDays, type RollupSeries, type ServerRollup } from "../src/domain/checks/rollups";
import type { CheckState, LatestChecks } from "../src/domain/checks/run";
import {
  CHECK_FILES,
  CHECK_HISTORY_FILE,
  CHECK_OBSERVATIONS_FILE,
  CHECK_SECURITY_FILE,
  CHECK_ROLLUP_FILE,
  rollupFileName,
  serverOfRollupFile,
} from "../src/domain/content/files";
import type { Observations } from "../src/domain/checks/shards";
import { emptySecurityState, updateSecurity, type Finding, type SecurityState } from "../src/domain/security/findings";
import type { RuleOutcome } from "../src/domain/security/rules";
import { validators } from "../src/domain/content/schemaIssues";
import type { Alert } from "../src/domain/kernel/types";
import { writeFailure, writeFileAtomically, writeFilesAtomically } from "./writeWhole";
import { linesInWords, salvageHistory, salvageRollup, type Salvaged } from "./salvage";

export const checksDirectory = (contentDir: string) => path.join(contentDir, "checks");
/** Where each server's rollups are kept: content/checks/servers/<id>.json. */
export const rollupsDirectory = (contentDir: string) => path.join(contentDir, "checks", "servers");

/** What a write under the lock asks of it (io/jobLock.ts's HeldLock): that it is still this run's, renewed. */
type Confirmable = { confirm: () => void };

type Warn = (message: string) => void;

/** Why a file's value is not what the job expects, or null: a schema's check, or the job's own. */
type Checker = (value: unknown) => string | null;

const schemaChecker =
  (name: string): Checker =>
  (value) => {
    const validate = validators().get(name)!;
    return validate(value)
      ? null
      : `it does not match its schema (${validate.errors?.[0]?.instancePath || "/"} ${validate.errors?.[0]?.message ?? ""})`;
  };

/** A job's file read and checked: its value, or why it cannot be used (in words that follow "it"), and its text when it could be read. */
function readChecked(file: string, check: string | Checker): { value: unknown; problem: string | null; text: string | null } {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    return { value: undefined, problem: `it could not be read (${error instanceof Error ? error.message : String(error)})`, text: null };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { value: undefined, problem: `it is not valid JSON (${error instanceof Error ? error.message : String(error)})`, text };
  }
  try {
    return { value, problem: (typeof check === "string" ? schemaChecker(check) : check)(value), text };
  } catch (error) {
    // A value so odd that checking it fails is not a file the job can use either: said as what happened, not as bad JSON.
    return { value, problem: `it could not be checked (${error instanceof Error ? error.message : String(error)})`, text };
  }
}

/** A time for the names of what is set aside: an ISO time without colons or dots, a valid name on every file system. */
const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");

/** What a path is: a file, a folder, something else (a socket, a pipe), or nothing (also when a folder above it is a file). */
function kindOf(target: string): "file" | "folder" | "other" | null {
  try {
    const stat = fs.statSync(target, { throwIfNoEntry: false });
    return stat === undefined ? null : stat.isFile() ? "file" : stat.isDirectory() ? "folder" : "other";
  } catch (error) {
    if ((error as { code?: string }).code === "ENOTDIR") return null;
    throw error;
  }
}

/**
 * A path of the job's that is of the wrong kind (a file where a folder belongs,
 * a folder or a pipe where a file does) is moved aside, never deleted, with a
 * warning that names it; a folder is made again, a file is written by the run.
 * True when it was moved.
 */
export function ensureKind(target: string, kind: "file" | "folder", warn: Warn, cost = ""): boolean {
  const found = kindOf(target);
  if (found === null || found === kind) return false;
  setAside(target, found, kind, warn, cost);
  return true;
}

/** A path of the wrong kind moved aside (a folder made again), said. */
function setAside(target: string, found: "file" | "folder" | "other", kind: "file" | "folder", warn: Warn, cost: string): void {
  const aside = `${target}.wrong-kind-${stamp()}`;
  fs.renameSync(target, aside);
  const what = found === "folder" ? "a folder" : found === "file" ? "a file" : "neither a file nor a folder";
  if (kind === "folder") {
    try {
      fs.mkdirSync(target, { recursive: true });
    } catch (error) {
      throw writeFailure(target, error, `what had its name was moved to ${path.basename(aside)}`, "made");
    }
  }
  warn(
    `${target} was ${what} where the job keeps a ${kind}: it was moved to ${path.basename(aside)} (nothing was deleted) and ${kind === "folder" ? "the folder made again" : `starts afresh${cost}`}.`,
  );
}

/** A file laid out a line per record: what of a damaged text can be kept (null: nothing), and how it is written again. */
type Mend<T> = { salvage: (text: string, file: string) => Salvaged<T> | null; format: (value: T) => string };

/** What a mend keeps of a text, only when that passes the file's own check; never an exception (what cannot be read is damage). */
function salvaged<T>(mend: Mend<T> | null, text: string | null, file: string, check: string | Checker): Salvaged<T> | null {
  if (mend === null || text === null) return null;
  try {
    const kept = mend.salvage(text, file);
    if (kept === null) return null;
    return (typeof check === "string" ? schemaChecker(check) : check)(kept.value) === null ? kept : null;
  } catch {
    return null;
  }
}

/**
 * A file of the job, checked; a missing file is `fallback`. A damaged one is
 * kept as it was beside it (<name>.damaged-<time>); what `mend` can read of it
 * line by line is kept (and written back at once, so a run that then writes
 * nothing loses nothing), else it starts afresh as `fallback` with a warning
 * that says what that costs (`cost`, when given). A path of the wrong kind is
 * moved aside (ensureKind) and starts afresh.
 */
export function readJobFile<T>(
  file: string,
  check: string | Checker,
  fallback: T,
  warn: Warn,
  cost = "",
  mend: Mend<T> | null = mendOf<T>(check),
): T {
  const kind = kindOf(file);
  if (kind === null) return fallback;
  if (kind !== "file") {
    setAside(file, kind, "file", warn, cost);
    return fallback;
  }
  const { value, problem, text } = readChecked(file, check);
  if (problem === null) return value as T;
  const aside = `${file}.damaged-${stamp()}`;
  const kept = salvaged(mend, text, file, check);
  if (kept !== null && mend !== null) {
    // A second name for the damaged file (no space needed on a full disk); where links are refused, it is moved.
    let linked = true;
    try {
      fs.linkSync(file, aside);
    } catch {
      linked = false;
      fs.renameSync(file, aside);
    }
    let writtenBack = "";
    try {
      writeFileAtomically(file, mend.format(kept.value));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      writtenBack = ` What was kept could not be written back now (${why}): ${linked ? "the damaged file stays in place, read the same way next time" : "this run writes it with its files"}.`;
    }
    warn(
      `${path.basename(file)} could not be read whole (${problem}): ${kept.said} The file as it was is kept as ${path.basename(aside)}.${writtenBack}`,
    );
    return kept.value;
  }
  fs.renameSync(file, aside);
  warn(`${path.basename(file)} could not be read: ${problem}. It was moved to ${path.basename(aside)} and starts afresh${cost}.`);
  return fallback;
}

/**
 * A file of the job as the build reads it: checked as the job checks it, but
 * never moved (the build only reads); a damaged file stops the build, naming
 * it, and its damaged lines when the job can keep the others.
 */
export function readJobFileForBuild<T>(file: string, check: string | Checker): T {
  const { value, problem, text } = readChecked(file, check);
  if (problem === null) return value as T;
  const kept = salvaged(mendOf<T>(check), text, file, check);
  const next =
    kept === null
      ? "the next check run sets it aside"
      : `${linesInWords(kept.lines)} ${kept.lines.length === 1 ? "is" : "are"} damaged: the next check run keeps the rest of it and sets the file as it was aside`;
  throw new Error(`${file} could not be read: ${problem}; ${next}.`);
}

const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * history.json with one run per line: compact (pretty-printed it would be 2.5
 * times larger), and a run changes a few lines, so a repository that keeps the
 * file (as the GitHub workflow does) stores small differences.
 */
export function formatHistory(history: CheckHistory): string {
  const runs = history.runs.length === 0 ? "" : `\n${history.runs.map((run) => JSON.stringify(run)).join(",\n")}\n`;
  return `{"version":${history.version},\n"runs":[${runs}]}\n`;
}

/**
 * A server's rollups with one column per line (each place's columns too): a
 * run changes the ends of ten lines or so, so a repository that keeps the
 * folder stores small differences. Every column the series holds is written.
 */
export function formatRollup(rollup: ServerRollup): string {
  // Every column the holder has, whatever its name: a column added later is never left out of the file.
  const columns = (holder: object, skip: readonly string[] = []) =>
    Object.entries(holder)
      .filter(([k, v]) => v !== undefined && !skip.includes(k))
      .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
  const series = (s: RollupSeries) => {
    const lines = columns(s, ["from", "places"]);
    if (s.places) {
      const places = Object.entries(s.places).map(([place, c]) => `${JSON.stringify(place)}:{\n${columns(c).join(",\n")}}`);
      lines.push(`"places":{\n${places.join(",\n")}}`);
    }
    return `{"from":${JSON.stringify(s.from)},\n${lines.join(",\n")}}`;
  };
  const months = rollup.months ? `,\n"months":${JSON.stringify(rollup.months)}` : "";
  const outages = rollup.outages ? `,\n"outages":${JSON.stringify(rollup.outages)}` : "";
  return `{"version":${rollup.version},"server":${JSON.stringify(rollup.server)},\n"hourly":${series(rollup.hourly)},\n"daily":${series(rollup.daily)}${months}${outages}}\n`;
}

export const rollupChecker: Checker = (value) =>
  schemaChecker(CHECK_ROLLUP_FILE.name)(value) ?? rollupColumnsProblem(value as ServerRollup);

/*
 * Reading a damaged history.json or rollup file line by line. formatHistory and
 * formatRollup put one run, or one column, on each line, so damage (a flipped
 * byte, a file cut short, a disk's bad block) is held to the lines it touched:
 * each line is read on its own, what passes its schema is kept, and the rest
 * is said by line number. A line that a change left valid (a digit for
 * another) cannot be told from the original without a checksum per line, which
 * the format does not have: that is kept as read.
 */

const historyMend: Mend<CheckHistory> = { salvage: salvageHistory, format: formatHistory };
const rollupMend: Mend<ServerRollup> = { salvage: salvageRollup, format: formatRollup };

/** How a file checked so is mended: history.json and the rollups line by line; the others are not (they start afresh). */
function mendOf<T>(check: string | Checker): Mend<T> | null {
  if (check === CHECK_HISTORY_FILE.name) return historyMend as unknown as Mend<T>;
  if (check === rollupChecker) return rollupMend as unknown as Mend<T>;
  return null;
}

/**
 * Every server's rollups in content/checks/servers/, by the id its file is
 * named after. A damaged file keeps what its lines still hold (salvageRollup),
 * and is set aside as it was; one with nothing to keep starts afresh (that
 * server's older rollups). A file where the folder belongs is moved aside.
 */
export function readRollups(contentDir: string, warn: Warn): Map<string, ServerRollup> {
  const dir = rollupsDirectory(contentDir);
  const rollups = new Map<string, ServerRollup>();
  ensureKind(dir, "folder", warn);
  if (!fs.existsSync(dir)) return rollups;
  for (const name of fs.readdirSync(dir).sort()) {
    const server = serverOfRollupFile(name);
    if (server === null) continue;
    const cost = `: ${server} loses its rollups older than the raw runs (48 hours), no other server loses anything`;
    const rollup = readJobFile<ServerRollup | null>(path.join(dir, name), rollupChecker, null, warn, cost);
    // The file's name says whose it is (a file renamed after its server keeps its history).
    if (rollup) rollups.set(server, { ...rollup, server });
  }
  return rollups;
}

/**
 * history.json as the job and the build use it, in version 2: a version 1
 * file's runs, and its day tallies as each server's daily rollups (which
 * `withDaysOfV1` adds to that server's stored ones); null days for version 2.
 */
export function historyOfVersion2(read: CheckHistory | CheckHistoryV1): {
  history: CheckHistory;
  daysOfV1: Map<string, ServerRollup> | null;
} {
  if (read.version !== 1) return { history: read, daysOfV1: null };
  const upgraded = upgradeHistory(read);
  return { history: upgraded.history, daysOfV1: upgraded.rollups };
}

/** A server's stored rollups with the days a version 1 history kept of it (the stored days win). */
export function withDaysOfV1(
  stored: ServerRollup | null,
  server: string,
  daysOfV1: ReadonlyMap<string, ServerRollup> | null,
): ServerRollup | null {
  const days = daysOfV1?.get(server);
  if (!days) return stored;
  return stored ? withMissingDays(stored, days) : days;
}

/**
 * What the job kept from its earlier runs; a history.json of version 1 is
 * converted (its day tallies become daily rollups). A damaged history keeps
 * every run its lines still hold (salvageHistory); paths of the wrong kind are
 * moved aside.
 */
export function readState(contentDir: string, warn: Warn): CheckState {
  const dir = checksDirectory(contentDir);
  ensureKind(dir, "folder", warn);
  const [latest, alerts] = CHECK_FILES;
  const read = readJobFile<CheckHistory | CheckHistoryV1>(
    path.join(dir, "history.json"),
    CHECK_HISTORY_FILE.name,
    emptyHistory(),
    warn,
    // The rollups of the raw window are worked out again from the raw runs at every run (domain/checks/rollups.ts).
    ": every server's hours and days of the last 48 hours now hold only the runs from here on (older ones are kept)",
  );
  const rollups = readRollups(contentDir, warn);
  const { history, daysOfV1 } = historyOfVersion2(read);
  if (daysOfV1 !== null) {
    for (const server of daysOfV1.keys()) rollups.set(server, withDaysOfV1(rollups.get(server) ?? null, server, daysOfV1)!);
    warn(
      `history.json was of version 1: its day tallies (${Object.keys((read as CheckHistoryV1).days).length} days) become daily rollups in servers/<id>.json, its runs stay; it is written as version 2.`,
    );
  }
  return {
    history,
    latest: readJobFile<LatestChecks | null>(path.join(dir, "latest.json"), latest.name, null, warn),
    alerts: readJobFile<Alert[]>(path.join(dir, "alerts.json"), alerts.name, [], warn),
    rollups,
  };
}

const securityFile = (contentDir: string) => path.join(checksDirectory(contentDir), "security.json");

/**
 * checks/security.json brought up to a run at `at` that judged `judged` (each
 * HTTPS-checked server that answered, or whose certificate was refused): the
 * state to write (writeSecurityState) and the findings it saw first. A damaged
 * file is set aside and the findings start afresh; null without any HTTPS
 * check and no file (nothing to write).
 */
export function readSecurityUpdate(
  contentDir: string,
  judged: ReadonlyMap<string, RuleOutcome[]>,
  known: ReadonlySet<string>,
  at: Date,
  warn: Warn,
): { before: SecurityState; state: SecurityState; fresh: Finding[] } | null {
  const file = securityFile(contentDir);
  if (judged.size === 0 && !fs.existsSync(file)) return null;
  const before = readJobFile<SecurityState>(file, CHECK_SECURITY_FILE.name, emptySecurityState(), warn, ": the findings start afresh");
  return { before, ...updateSecurity(before, judged, known, at) };
}

export function writeSecurityState(contentDir: string, state: SecurityState, lock?: Confirmable): void {
  writeFilesAtomically([[securityFile(contentDir), pretty(state)]], undefined, lock?.confirm);
}

/**
 * Writes the state. alerts.json first: a run that stops after it is recognised
 * by the next (its alert is newer than the history's last run) and not alerted
 * twice. Then history.json, then each server's rollups: a run that stops before
 * its rollups loses nothing, since the next run works out every hour and day of
 * the raw window again from history.json. latest.json last, so a build never
 * sees results the history and rollups do not hold.
 */
export function writeState(contentDir: string, state: CheckState, lock?: Confirmable): void {
  const dir = checksDirectory(contentDir);
  if (state.rollups.size > 0) {
    try {
      fs.mkdirSync(rollupsDirectory(contentDir), { recursive: true });
    } catch (error) {
      throw writeFailure(rollupsDirectory(contentDir), error, "every file of this run was left as it was", "made");
    }
  }
  const files: Array<readonly [string, string]> = [
    [path.join(dir, "alerts.json"), pretty(state.alerts)],
    [path.join(dir, "history.json"), formatHistory(state.history)],
    ...[...state.rollups].map(
      ([server, rollup]) => [path.join(rollupsDirectory(contentDir), rollupFileName(server)), formatRollup(rollup)] as const,
    ),
  ];
  // latest.json is never written empty: a run that has no results of its own (one that came late) leaves the newer one.
  if (state.latest !== null) files.push([path.join(dir, "latest.json"), pretty(state.latest)]);
  // Writing 10,000 files stands the event loop still: the lock is renewed (and checked still ours) as it goes.
  let written = 0;
  lock?.confirm();
  writeFilesAtomically(files, lock ? () => (++written % 500 === 0 ? lock.confirm() : undefined) : undefined, lock?.confirm);
  lock?.confirm();
}

/**
 * The shards' observations files for a merge: each file named, and each folder's
 * .json files; every one checked against its schema. The first that cannot be
 * read is the problem (a merge of part of a run's files would be another run).
 */
/** The largest shard's file a merge reads: past it a file is refused unread, named (a shard is trusted no more than a server). */
const OBSERVATIONS_MAX_BYTES = 64 * 1024 * 1024;

export function readObservationFiles(
  paths: readonly string[],
): { files: Array<{ name: string; observations: Observations }> } | { problem: string } {
  const names: string[] = [];
  for (const given of paths) {
    const stat = fs.statSync(given, { throwIfNoEntry: false });
    if (!stat) return { problem: `${given} does not exist` };
    if (stat.isDirectory()) {
      const inside = fs
        .readdirSync(given)
        .filter((name) => name.endsWith(".json"))
        .sort();
      if (inside.length === 0) return { problem: `${given} holds no .json file` };
      names.push(...inside.map((name) => path.join(given, name)));
    } else names.push(given);
  }
  const files: Array<{ name: string; observations: Observations }> = [];
  for (const name of names) {
    // A shard is another machine (#44): a file larger than any run of 10,000 servers writes is not read at all.
    const size = fs.statSync(name, { throwIfNoEntry: false })?.size ?? 0;
    if (size > OBSERVATIONS_MAX_BYTES) {
      return {
        problem: `${name} is ${Math.round(size / 1024 / 1024)} MB, more than a shard's file may be (${OBSERVATIONS_MAX_BYTES / 1024 / 1024} MB)`,
      };
    }
    const { value, problem } = readChecked(name, CHECK_OBSERVATIONS_FILE.name);
    if (problem !== null) return { problem: `${name} is not a shard's observations file: ${problem}` };
    files.push({ name, observations: value as Observations });
  }
  return { files };
}
