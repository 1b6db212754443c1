import type { AppliedRun } from "../../src/domain/checks/run";
import type { SecurityState, Finding } from "../../src/domain/security/findings";
import type { HeldLock } from "../../io/jobLock";
import { writeSecurityState, writeState } from "../../io/jobFiles";
import { plural } from "./words";

/** Times a piece of work as one of the run's phases (applyUnderLock.ts keeps the tally). */
export type Timed = <T>(phase: "reading" | "working" | "writing", work: () => T) => T;

/**
 * The write phase, under the lock: the run's files (alerts, history, rollups, latest.json: io/jobFiles.ts
 * writeState), then the security scan's, in that order; each file whole, and only while the lock is
 * still this run's. A run that stops (or a disk that fills) before the last leaves the ones after as
 * they were, and the next run works out again what is owed from what the files hold.
 */
export function writeRun(
  contentDir: string,
  applied: AppliedRun | null,
  security: { state: SecurityState; fresh: Finding[] } | null,
  lock: HeldLock,
  log: (line: string) => void,
  timed: Timed,
): void {
  if (applied !== null) timed("writing", () => writeState(contentDir, applied, lock));
  if (security === null) return;
  timed("writing", () => writeSecurityState(contentDir, security.state, lock));
  const fresh = security.fresh;
  const named = fresh.slice(0, 10).map((f) => `${f.server}: ${f.rule}`);
  if (fresh.length > 0) log(`Security: ${plural(fresh.length, "new finding")} (${named.join(", ")}${fresh.length > 10 ? " …" : ""}).`);
}
