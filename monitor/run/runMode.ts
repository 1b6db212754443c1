/** What `npm run check` is asked to do besides a whole run: one shard (to a file), or the merge of the shards' files. */
import { parseShard, type Shard } from "../../src/domain/checks/shards";

export type RunMode = { shard?: Shard; location?: string; out?: string; merge?: string[] };

/** The flags of a shard or a merge, or why they are not understood. */
export function modeOf(argv: readonly string[]): RunMode | { problem: string } {
  const value = (flag: string): string | undefined | null => {
    const at = argv.indexOf(flag);
    if (at < 0) return undefined;
    const next = argv[at + 1];
    return next === undefined || next.startsWith("--") ? null : next;
  };
  const mode: RunMode = {};
  const shard = value("--shard");
  if (shard === null) return { problem: "--shard needs a value such as 2/4 (the second of four shards)" };
  if (shard !== undefined) {
    const parsed = parseShard(shard);
    if (!parsed) return { problem: `--shard ${shard} is not a shard: write it as index/count, such as 2/4 (1 to count, count up to 1000)` };
    mode.shard = parsed;
  }
  const location = value("--location");
  if (location === null || (location !== undefined && !/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(location)))
    return { problem: "--location needs a name of letters, digits, dots, dashes or underscores, such as eu-west" };
  if (location !== undefined) mode.location = location;
  const out = value("--out");
  if (out === null) return { problem: "--out needs the file to write the shard's observations to" };
  if (out !== undefined) mode.out = out;
  const at = argv.indexOf("--merge");
  if (at >= 0) {
    const files: string[] = [];
    for (const arg of argv.slice(at + 1)) {
      if (arg.startsWith("--")) break;
      files.push(arg);
    }
    if (files.length === 0) return { problem: "--merge needs the shards' files, or folders holding them" };
    if (mode.shard || mode.out || mode.location)
      return { problem: "--merge takes files only: --shard, --out and --location are for the runs that make them" };
    mode.merge = files;
  }
  return mode;
}
