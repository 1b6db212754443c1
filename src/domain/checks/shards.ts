/**
 * A run in shards, and from several places: each shard checks its part of the
 * servers from its place and writes what it saw to a file of its own (an
 * observations file, touching no shared state); one merge applies them all as
 * one run, each server's outcome decided by the places' quorum (places.ts). A server's shard follows from its id
 * alone (a hash), so adding or removing a server moves no other between shards,
 * and the merge of every shard equals one run over the same servers.
 */
import type { CheckOutcome } from "./alerts";
import { fnv1a } from "../kernel/hash";
import { acrossPlaces } from "./places";
import { plainText } from "../kernel/plainText";
import { DETAIL_MAX } from "./judge";
import { FUTURE_TOLERANCE_MS } from "./history";

/** Shard `index` of `count` (1-based, as `--shard 2/4` says it). */
export type Shard = { index: number; count: number };

/** The most shards a run may be cut into. */
const MAX_SHARDS = 1000;

/** '2/4' as a shard; null for anything else (0/4, 5/4, 1/0, 2.5/4, words). */
export function parseShard(text: string): Shard | null {
  const match = /^(\d{1,4})\/(\d{1,4})$/.exec(text.trim());
  if (!match) return null;
  const index = Number(match[1]);
  const count = Number(match[2]);
  return count >= 1 && count <= MAX_SHARDS && index >= 1 && index <= count ? { index, count } : null;
}

/** Whether a server is in a shard: by a hash of its id, so the shards of a run are disjoint and cover every server. */
export const inShard = (serverId: string, shard: Shard): boolean => (fnv1a(serverId) % shard.count) + 1 === shard.index;

/** What one shard saw: content/schema/check-observations.schema.json. */
export type Observations = {
  version: 1;
  /** where the checks were made from; null for the one implicit place */
  location: string | null;
  shard: Shard;
  /** a digest of the content the checks were made from (servers.json, monitoring.json, maintenance.json) */
  content: string;
  startedAt: string;
  finishedAt: string;
  /** the shard's servers with a check, in servers.json's order */
  servers: string[];
  outcomes: CheckOutcome[];
  /** the shard's servers with no result in its run (the deadline, the job's own fault) */
  unfinished: string[];
};

/** A run made of shards' files, ready to apply as one. */
export type MergedRun = {
  outcomes: CheckOutcome[];
  unfinished: string[];
  /** of the unfinished, those whose places were too few for their quorum, and why */
  held: Map<string, string>;
  startedAt: Date;
  finishedAt: Date;
  /** what the operator should know (a shard that did not come) */
  warnings: string[];
};

const shardWords = (shard: Shard) => `shard ${shard.index}/${shard.count}`;

/** The shards of one place checked: each server's outcome there, or what is wrong with the place's files. */
function placeOutcomes(
  place: string,
  files: ReadonlyArray<{ name: string; observations: Observations }>,
  checked: readonly string[],
  warnings: string[],
): Map<string, CheckOutcome> | { problem: string } {
  const count = files[0].observations.shard.count;
  const otherCount = files.find((f) => f.observations.shard.count !== count);
  if (otherCount) {
    return {
      problem: `${otherCount.name} is ${shardWords(otherCount.observations.shard)} but ${files[0].name} is of ${count}: the shards of one run are cut the same way`,
    };
  }
  const byIndex = new Map<number, string>();
  for (const { name, observations } of files) {
    const first = byIndex.get(observations.shard.index);
    if (first !== undefined) {
      return {
        problem: `${first} and ${name} are both ${shardWords(observations.shard)}: overlapping shards would count their servers twice`,
      };
    }
    byIndex.set(observations.shard.index, name);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !byIndex.has(index));
  if (missing.length > 0) {
    warnings.push(
      `${missing.map((index) => shardWords({ index, count })).join(", ")}${place ? ` of ${place}` : ""} did not come: ${missing.length === 1 ? "its" : "their"} servers have no data${place ? " from there" : ""} this run (neither up nor down).`,
    );
  }
  const seen = new Map<string, CheckOutcome>();
  for (const { name, observations } of files) {
    const ours = checked.filter((id) => inShard(id, observations.shard));
    if (ours.length !== observations.servers.length || ours.some((id, i) => observations.servers[i] !== id)) {
      return {
        problem: `${name} holds another cut of the servers than ${shardWords(observations.shard)} of this content (a job of another version made it?)`,
      };
    }
    for (const outcome of observations.outcomes) if (inShard(outcome.server, observations.shard)) seen.set(outcome.server, outcome);
  }
  return seen;
}

/**
 * The files of one run as one run, or why they cannot be merged: files made
 * from other content, shards of one place cut in different ways or given
 * twice, or files that name their place mixed with files that do not. A shard
 * whose file did not come is no data for its servers from its place. From
 * several places, each server's outcome is theirs by quorum (places.ts): a
 * server too few places reported has no data this run (its state holds).
 */
export function mergeShards(
  files: ReadonlyArray<{ name: string; observations: Observations }>,
  checked: readonly string[],
  content: string,
  quorum: (server: string) => number | null = () => null,
  /** the places the checks run from (monitoring.json's job.locations), when it names them */
  expected: readonly string[] | null = null,
): MergedRun | { problem: string } {
  if (files.length === 0) return { problem: "no observations file was given to merge" };
  const other = files.find((f) => f.observations.content !== content);
  if (other) {
    return {
      problem: `${other.name} was made from other content than content/ holds now (servers.json, monitoring.json or maintenance.json changed): merge the files of one run, made from this content`,
    };
  }
  const unnamed = files.find((f) => f.observations.location === null);
  const named = files.find((f) => f.observations.location !== null);
  if (unnamed && named) {
    return {
      problem: `${unnamed.name} names no place but ${named.name} comes from ${named.observations.location}: when checks come from several places, every shard says where from (--location)`,
    };
  }
  const stranger = expected
    ? files.find((f) => f.observations.location === null || !expected.includes(f.observations.location))
    : undefined;
  if (expected && stranger) {
    return {
      problem: `${stranger.name} comes from ${stranger.observations.location ?? "no named place"}, which monitoring.json's job.locations (${expected.join(", ")}) does not name`,
    };
  }
  const warnings: string[] = [];
  const places = [...new Set(files.map((f) => f.observations.location ?? ""))].sort();
  const missingPlaces = expected ? expected.filter((place) => !places.includes(place)) : [];
  if (missingPlaces.length > 0) {
    warnings.push(
      `no file came from ${missingPlaces.join(", ")}: no data from there this run (a server whose state its answer could change has no data).`,
    );
  }
  const seenAt = new Map<string, Map<string, CheckOutcome>>();
  for (const place of places) {
    const seen = placeOutcomes(
      place,
      files.filter((f) => (f.observations.location ?? "") === place),
      checked,
      warnings,
    );
    if (!(seen instanceof Map)) return seen;
    seenAt.set(place, seen);
  }
  const outcomes: CheckOutcome[] = [];
  const unfinished: string[] = [];
  const held = new Map<string, string>();
  for (const id of checked) {
    const reported = places.flatMap((place) => {
      const outcome = seenAt.get(place)!.get(id);
      return outcome ? [{ location: place, outcome }] : [];
    });
    if (reported.length === 0) {
      unfinished.push(id);
      // From several places, its last result stays and says why; from one, a shard that did not come is said in the log.
      if (places.length > 1 || (expected?.length ?? 0) > 1) held.set(id, "no place reported it");
      continue;
    }
    // One place (or the one unnamed place), with no other expected: a run as from one machine, its outcome as it is.
    if (places.length === 1 && (expected === null || expected.length === 1)) {
      outcomes.push(reported[0].outcome);
      continue;
    }
    // Without job.locations, the places that sent files are the places: a place whose shard did not come is absent, not gone.
    const across = acrossPlaces(reported, quorum(id), expected ?? places);
    if ("outcome" in across) outcomes.push(across.outcome);
    else {
      unfinished.push(id);
      held.set(id, across.held);
    }
  }
  if (held.size > 0) {
    const some = [...held].slice(0, 5).map(([id, why]) => `${id}: ${why}`);
    warnings.push(
      `${held.size} server${held.size === 1 ? "" : "s"} had too few places for their quorum, so no data this run (their state holds): ${some.join("; ")}${held.size > 5 ? " …" : ""}`,
    );
  }
  const times = files.map((f) => f.observations);
  return {
    outcomes,
    unfinished,
    held,
    startedAt: new Date(Math.min(...times.map((t) => Date.parse(t.startedAt)))),
    finishedAt: new Date(Math.max(...times.map((t) => Date.parse(t.finishedAt)))),
    warnings,
  };
}

/** A text a shard wrote, cleaned as a server's own words are (conditions.ts plainText); anything else as it is. */
function cleaned(value: unknown, max: number, depth = 0): unknown {
  if (typeof value === "string") return plainText(value, max);
  if (depth > 8 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => cleaned(item, max, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [plainText(key, 200), cleaned(item, max, depth + 1)]));
}

/**
 * A shard's file as the merge may use it (#44): its times held against this
 * machine's clock and against each other (started before it finished, each
 * check within the run, none ahead of the clock beyond FUTURE_TOLERANCE_MS:
 * a file from a machine whose clock runs ahead would stamp the history ahead,
 * and every later run would refuse to write before it), and its words cleaned
 * as a server's are (one line, no control, bidirectional or invisible
 * characters, bounded): a shard is another machine, trusted no more than a
 * server. Why the file cannot be used, or its cleaned observations.
 */
export function vetObservations(observations: Observations, now: Date): Observations | { problem: string } {
  const limit = now.getTime() + FUTURE_TOLERANCE_MS;
  const started = Date.parse(observations.startedAt);
  const finished = Date.parse(observations.finishedAt);
  const clock = `this machine's clock (${now.toISOString()})`;
  if (started > limit)
    return { problem: `its run started at ${observations.startedAt}, ahead of ${clock}: the machine that checked has its clock set ahead` };
  if (finished > limit)
    return { problem: `its run ended at ${observations.finishedAt}, ahead of ${clock}: the machine that checked has its clock set ahead` };
  if (finished < started) return { problem: `its run ended (${observations.finishedAt}) before it started (${observations.startedAt})` };
  const outside = observations.outcomes.find((o) => {
    const at = Date.parse(o.checkedAt);
    return !(at >= started - FUTURE_TOLERANCE_MS && at <= finished + FUTURE_TOLERANCE_MS);
  });
  if (outside) {
    return {
      problem: `its check of ${plainText(outside.server, 200)} is stamped ${outside.checkedAt}, outside its run (${observations.startedAt} to ${observations.finishedAt})`,
    };
  }
  return {
    ...observations,
    location: observations.location === null ? null : plainText(observations.location, 100),
    outcomes: observations.outcomes.map((o) => ({
      ...o,
      detail: plainText(o.detail, DETAIL_MAX),
      ...(o.security ? { security: cleaned(o.security, 2000) as typeof o.security } : {}),
      ...(o.places ? { places: cleaned(o.places, 200) as typeof o.places } : {}),
    })),
  };
}
