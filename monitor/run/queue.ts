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
 *
 * Nothing one server does ends the run, and the job's own failures are not
 * taken for the server's: a probe that rejects or never settles (an error
 * escaped it: a watchdog ends it after its time), or a judgement that throws
 * where no answer explains it, gives that check no result in this run (no
 * data, neither up nor down) and is told to onJobError, in words; a listener
 * that fails is the listener's. At the deadline the queue ends with what it
 * has (the checks not finished then have no result either).
 */
import fs from "node:fs";
import { spawnSync } from "node:child_process";
import { DNS_TIMEOUT_MS, type CheckTarget } from "../../src/domain/checks/definition";
import { worthMeasuringAgain, type Judgement, type ProbeOutcome } from "../../src/domain/checks/outcome";
import { judge } from "../../src/domain/checks/judge";
import { RelayBusy } from "../../src/domain/checks/relay";

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
  /** when (performance.now()) the queue ends whatever is left: nothing starts after it, and what has not finished has no result */
  deadline?: number;
  /** the run's clock, for what a judgement counts in days (a certificate's); the machine's unless told */
  now?: () => Date;
  /** told of a check the job itself failed on (no result in this run), with what went wrong */
  onJobError?: (index: number, error: string) => void;
  /** how long past its own time (the name's and the answer's timeouts) a probe may take before the watchdog ends it (5 s) */
  graceMs?: number;
  /** the order first tries start in, as indices of `targets` (their own order unless told) */
  order?: readonly number[];
};

type Retry = { index: number; dueAt: number };

/** How a probe was started: a first try, the try after a failure, or a measurement taken again after a stall of the job's. */
type Attempt = "first" | "retry" | "again";

/** An error, in words: its name and message, never a stack. */
const errorWords = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * Checks every target; the judgements come back in the targets' order. A check
 * that fails (offline) is tried once more retryPauseMs after its failure; its
 * second judgement is the one kept. An answer the job stood still through
 * (domain/checks/definition.ts worthMeasuringAgain) is measured again, once, in its turn
 * (spaced like every start, ahead of first tries); the new measurement is kept
 * unless it failed, then the first one stays. Never rejects; at the deadline
 * it resolves with null for every check not finished.
 */
export function checkAll(targets: readonly CheckTarget[], options: QueueOptions): Promise<Array<Judgement | null>> {
  const { probe, spacingMs, retryPauseMs, onDone, onMeasuredAgain, onJobError, deadline = Infinity, graceMs = 5000 } = options;
  const now = options.now ?? (() => new Date());
  const order = options.order?.length === targets.length ? options.order : null;
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

  return new Promise((resolve) => {
    if (remaining === 0) return resolve([]);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearTimeout(wake);
      clearTimeout(cutOff);
      resolve(judgements.map((j) => j ?? null));
    };
    // The deadline ends the queue even while probes are in flight (their late answers are dropped).
    const cutOff = Number.isFinite(deadline) ? setTimeout(end, Math.max(0, deadline - performance.now())) : undefined;

    const finish = (index: number, judgement: Judgement) => {
      if (ended || judgements[index] !== undefined) return;
      judgements[index] = judgement;
      remaining -= 1;
      try {
        onDone?.(index, judgement);
      } catch {
        // A listener's failure is the listener's: the judgement stands, the queue goes on.
      }
      if (remaining === 0) end();
    };

    /** The job failed on this check (not the server): no result in this run, and the words go to the log. */
    const jobError = (index: number, words: string) => {
      if (ended || judgements[index] !== undefined) return;
      // A measurement taken again that the job failed on says nothing of the first: that one stays, as when it fails.
      const first = keptBefore.get(index);
      if (first !== undefined) {
        keptBefore.delete(index);
        return finish(index, first);
      }
      remaining -= 1;
      try {
        onJobError?.(index, words);
      } catch {
        // the listener's
      }
      if (remaining === 0) end();
    };

    const start = (index: number, attempt: Attempt) => {
      inFlight += 1;
      const target = targets[index];
      let settled = false;
      // However the probe ends (or never does, an error having escaped it), this check ends once.
      const once = (then: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(watchdog);
        inFlight -= 1;
        if (ended) return;
        then();
        pump();
      };
      // An https check that also asks plain HTTP for its redirect (#34) has its timeout twice.
      const allowedMs = DNS_TIMEOUT_MS + target.timeoutMs * (target.kind === "http" && target.httpRedirect ? 2 : 1) + graceMs;
      const watchdog = setTimeout(
        () => once(() => jobError(index, `the check did not end within its time (${allowedMs} ms): the job lost track of it`)),
        allowedMs,
      );
      let pending: Promise<ProbeOutcome>;
      // Taken as the probe starts, after the watchdog is set: the spacing is between the probes' own starts.
      lastStart = performance.now();
      try {
        pending = probe(target);
      } catch (error) {
        pending = Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      pending.then(
        (outcome) => once(() => settle(index, attempt, outcome)),
        (error: unknown) => once(() => jobError(index, `the check job's probe failed (${errorWords(error)})`)),
      );
    };

    const settle = (index: number, attempt: Attempt, outcome: ProbeOutcome) => {
      try {
        judged(index, attempt, outcome, judge(outcome, targets[index], now()));
      } catch (error) {
        // A relay that asks the job to wait has said nothing of the watched job: no result this run, in its words.
        if (error instanceof RelayBusy) return jobError(index, error.message);
        // Unforeseen, and no fault of the answer's that anyone knows of: the job's, told as such.
        jobError(index, `the check job could not judge the answer (${errorWords(error)})`);
      }
    };

    const judged = (index: number, attempt: Attempt, outcome: ProbeOutcome, judgement: Judgement) => {
      if (judgement.heartbeat !== undefined && attempt === "first") {
        // A heartbeat's time was read: its state is that time's, which neither a second try nor a second measure changes
        // (an answer without one, a 502 say, is tried again like any failure).
        finish(index, judgement);
      } else if (attempt === "again") {
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
    };

    /** Starts what may start now, and sets one timer for the next moment something may. */
    function pump() {
      clearTimeout(wake);
      wake = undefined;
      while (!ended && remaining > 0 && inFlight < concurrency) {
        const now = performance.now();
        if (now >= deadline) return end();
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
          start(order ? order[nextFirst] : nextFirst, "first");
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
