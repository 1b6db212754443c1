/**
 * A run in shards: each shard checks its part of the servers and writes what it
 * saw to a file of its own (an observations file, touching no shared state);
 * one merge applies them all as one run. A server's shard follows from its id
 * alone (a hash), so adding or removing a server moves no other between shards,
 * and the merge of every shard equals one run over the same servers.
 */
import type { CheckOutcome } from "./alerts";
import { fnv1a } from "../kernel/hash";

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
  startedAt: Date;
  finishedAt: Date;
  /** what the operator should know (a shard that did not come) */
  warnings: string[];
};

const shardWords = (shard: Shard) => `shard ${shard.index}/${shard.count}`;

/**
 * The shards' files of one run as one run, or why they cannot be merged: files
 * made from other content, from several locations, with other shard counts,
 * or two files of the same shard. A shard whose file did not come is no data
 * for its servers (neither up nor down), and said.
 */
export function mergeShards(
  files: ReadonlyArray<{ name: string; observations: Observations }>,
  checked: readonly string[],
  content: string,
): MergedRun | { problem: string } {
  if (files.length === 0) return { problem: "no observations file was given to merge" };
  const other = files.find((f) => f.observations.content !== content);
  if (other) {
    return {
      problem: `${other.name} was made from other content than content/ holds now (servers.json, monitoring.json or maintenance.json changed): merge the files of one run, made from this content`,
    };
  }
  const locations = [...new Set(files.map((f) => f.observations.location ?? "(no location)"))];
  if (locations.length > 1) {
    return {
      problem: `the files come from several locations (${locations.join(", ")}): this job merges the shards of one location; results from several places are not merged yet`,
    };
  }
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
  const warnings: string[] = [];
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !byIndex.has(index));
  if (missing.length > 0) {
    warnings.push(
      `${missing.map((index) => shardWords({ index, count })).join(", ")} did not come: ${missing.length === 1 ? "its" : "their"} servers have no data this run (neither up nor down; their last results stay).`,
    );
  }
  const seen = new Map<string, CheckOutcome>();
  for (const { observations } of files) {
    for (const outcome of observations.outcomes) if (inShard(outcome.server, observations.shard)) seen.set(outcome.server, outcome);
  }
  const outcomes = checked.flatMap((id) => {
    const outcome = seen.get(id);
    return outcome ? [outcome] : [];
  });
  const times = files.map((f) => f.observations);
  return {
    outcomes,
    unfinished: checked.filter((id) => !seen.has(id)),
    startedAt: new Date(Math.min(...times.map((t) => Date.parse(t.startedAt)))),
    finishedAt: new Date(Math.max(...times.map((t) => Date.parse(t.finishedAt)))),
    warnings,
  };
}
