/**
 * The order and pace of one run's checks: every server checked once, a failure
 * tried once more after a pause, within three bounds.
 *
 * - Starts are spaced: at least spacingMs between any two (retries too), so
 *   answers never come back in a crowd and wait in the job's event loop, where
 *   that wait would be read as the servers' time (issue #19).
 * - Probes in flight are bounded (each holds one socket, one file descriptor),
 *   not checks: a failed check waiting out its retry pause holds no place, and
 *   its retry is queued, ahead of first tries once it is due, rather than
 *   holding back the servers after it.
 * - The bound is kept within the process's open-file limit (ulimit -n), so a
 *   large fleet never runs out of descriptors and reads as offline.
 *
 * A server that never answers then costs its timeout twice of its own time,
 * not of everyone's: with 10,000 servers, 10 % silent and a 10 s timeout, the
 * run takes about the time to start every check (2 ms apart) plus two timeouts.
 */
import fs from "node:fs";
import { spawnSync } from "node:child_process";
import { worthMeasuringAgain, type CheckTarget, type Judgement, type ProbeOutcome } from "../src/model/checks";
import { judge } from "../src/model/checkJudge";

export type QueueOptions = {
  probe: (target: CheckTarget) => Promise<ProbeOutcome>;
  /** probes in flight at most */
  concurrency: number;
  /** the least time between two probes' starts */
  spacingMs: number;
  /** the pause before a failed check is tried again */
  retryPauseMs: number;
  /** told of each check's final judgement, as it comes */
  onDone?: (index: number, judgement: Judgement) => void;
  /** told of each answer measured again because the job stood still while it came */
  onMeasuredAgain?: (index: number) => void;
};

type Retry = { index: number; dueAt: number };

/** How a probe was started: a first try, the try after a failure, or a measurement taken again after a stall of the job's. */
type Attempt = "first" | "retry" | "again";

/**
 * Checks every target; the judgements come back in the targets' order. A check
 * that fails (offline) is tried once more retryPauseMs after its failure; its
 * second judgement is the one kept. An answer the job stood still through
 * (model/checks.ts worthMeasuringAgain) is measured again, once, in its turn
 * (spaced like every start, ahead of first tries); the new measurement is kept
 * unless it failed, then the first one stays. Rejects only when a probe
 * rejects (the job's own probe never does).
 */
export function checkAll(targets: readonly CheckTarget[], options: QueueOptions): Promise<Judgement[]> {
  const { probe, spacingMs, retryPauseMs, onDone, onMeasuredAgain } = options;
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const judgements = Array.from<Judgement | undefined>({ length: targets.length });
  // Retries are due in the order they failed (the pause is the same for all): a first-in, first-out queue.
  const retries: Retry[] = [];
  let retryHead = 0;
  // Measurements to take again: due at once, in the order their stalls were seen, each with the judgement it would replace.
  const again: number[] = [];
  let againHead = 0;
  const keptBefore = new Map<number, Judgement>();
  let nextFirst = 0;
  let inFlight = 0;
  let remaining = targets.length;
  let lastStart = -Infinity;
  let wake: NodeJS.Timeout | undefined;

  return new Promise((resolve, reject) => {
    if (remaining === 0) return resolve([]);
    let failed = false;

    const finish = (index: number, judgement: Judgement) => {
      judgements[index] = judgement;
      remaining -= 1;
      onDone?.(index, judgement);
      if (remaining === 0) {
        clearTimeout(wake);
        resolve(judgements as Judgement[]);
      }
    };

    const start = (index: number, attempt: Attempt) => {
      inFlight += 1;
      lastStart = performance.now();
      probe(targets[index]).then(
        (outcome) => {
          inFlight -= 1;
          const judgement = judge(outcome, targets[index]);
          if (attempt === "again") {
            // A measurement taken again that failed says nothing of the first: that one stays.
            finish(index, judgement.status === "offline" ? keptBefore.get(index)! : judgement);
            keptBefore.delete(index);
          } else if (worthMeasuringAgain(outcome, judgement)) {
            keptBefore.set(index, judgement);
            again.push(index);
            onMeasuredAgain?.(index);
          } else if (attempt === "retry") {
            finish(index, judgement.status === "offline" ? { ...judgement, detail: `${judgement.detail} (tried twice)` } : judgement);
          } else if (judgement.status === "offline" && !(outcome.kind === "failed" && outcome.reason === "unset-variable")) {
            // A lost packet is not an outage: tried again after the pause, which holds no place. A check that sent nothing
            // (a header's variable not set) is not: the pause changes nothing, and "tried twice" would be untrue.
            retries.push({ index, dueAt: performance.now() + retryPauseMs });
          } else {
            finish(index, judgement);
          }
          pump();
        },
        (error: unknown) => {
          failed = true;
          clearTimeout(wake);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    };

    /** Starts what may start now, and sets one timer for the next moment something may. */
    function pump() {
      clearTimeout(wake);
      wake = undefined;
      while (!failed && remaining > 0 && inFlight < concurrency) {
        const now = performance.now();
        const againDue = againHead < again.length;
        const retryDue = retryHead < retries.length && retries[retryHead].dueAt <= now;
        const firstLeft = nextFirst < targets.length;
        if (!againDue && !retryDue && !firstLeft) {
          // Only retries still pausing (or checks in flight, whose end calls pump).
          if (retryHead < retries.length) wake = setTimeout(pump, Math.max(1, Math.ceil(retries[retryHead].dueAt - now)));
          return;
        }
        const wait = lastStart + spacingMs - now;
        if (wait > 0) {
          wake = setTimeout(pump, Math.ceil(wait));
          return;
        }
        if (againDue) {
          start(again[againHead], "again");
          againHead += 1;
        } else if (retryDue) {
          const { index } = retries[retryHead];
          retryHead += 1;
          start(index, "retry");
        } else {
          start(nextFirst, "first");
          nextFirst += 1;
        }
      }
    }

    pump();
  });
}

/** Descriptors the job keeps for itself (standard streams, the event loop, DNS, its files) before any check's socket. */
const RESERVED_DESCRIPTORS = 64;

/**
 * The process's open-file limit (the soft one: what `ulimit -n` says), or null
 * when it cannot be told. Linux says it in /proc; elsewhere a shell is asked.
 */
export function openFileLimit(): number | null {
  try {
    const line = /^Max open files\s+(\S+)/m.exec(fs.readFileSync("/proc/self/limits", "utf8"));
    if (line) return line[1] === "unlimited" ? Infinity : Number(line[1]);
  } catch {
    // Not Linux: ask a shell, which inherits this process's limit.
  }
  const shell = spawnSync("sh", ["-c", "ulimit -n"], { encoding: "utf8" });
  const said = shell.status === 0 ? shell.stdout.trim() : "";
  if (said === "unlimited") return Infinity;
  return /^\d+$/.test(said) ? Number(said) : null;
}

/**
 * Probes in flight at most: the wanted bound, within half of what the open-file
 * limit leaves after the job's own descriptors (a check holds one socket, two
 * for a moment while it follows a redirect). Unknown limit: the smallest usual
 * one, 256 (macOS's default).
 */
export function concurrencyWithin(wanted: number, limit: number | null): number {
  const usable = Math.floor(((limit ?? 256) - RESERVED_DESCRIPTORS) / 2);
  return Math.max(1, Math.min(wanted, usable));
}

/** The open-file limit at which concurrencyWithin allows `wanted` probes in flight: what an operator should set. */
export function openFilesFor(wanted: number): number {
  return wanted * 2 + RESERVED_DESCRIPTORS;
}
