import type { CheckState, RunServer } from "../../src/domain/checks/run";
import { samplesByServer, seriesMap } from "../../src/domain/checks/rollups";
import { DEPENDENT_NAMES } from "../../src/domain/checks/dependencies";
import { DAY_MS, HOUR_MS } from "../../src/domain/kernel/time";
import type { Objective } from "../../src/domain/objectives/objectiveContent";
import { objectiveBurnRates, tallyObjectives } from "../../src/domain/objectives/tally";
import type { ObjectiveNow } from "../../src/domain/notify/plan";

/** A slot when the job's usual interval is not known yet (its first run): burn rates need none, budgets do and are left unsaid. */
const ANY_SLOT_MS = 5 * 60_000;

/**
 * Each objective as the run just applied measures it (#48), for its burn-rate alerts: counted the way the
 * build counts it (domain/objectives/tally.ts), from the rollups the run brought up to its raw runs and
 * those raw runs, at the run's end.
 */
export function objectivesNow(
  objectives: readonly Objective[],
  applied: CheckState,
  servers: ReadonlyMap<string, RunServer>,
): ObjectiveNow[] {
  if (objectives.length === 0 || applied.latest === null) return [];
  const asOf = new Date(applied.latest.finishedAt);
  const intervalMs = applied.latest.intervalSeconds ? applied.latest.intervalSeconds * 1000 : null;
  const samples = samplesByServer(applied.history);
  const tally = tallyObjectives(objectives, asOf, intervalMs ?? ANY_SLOT_MS);
  for (const [server, rollup] of applied.rollups) {
    if (tally.counts(server)) {
      tally.add(server, seriesMap(rollup.hourly, HOUR_MS), samples.get(server) ?? [], seriesMap(rollup.daily, DAY_MS));
    }
  }
  return tally.result().map(({ objective, budget, burn }) => ({
    objective,
    rates: objectiveBurnRates(objective, burn),
    budgetLeft: intervalMs === null ? null : { share: budget.remainingShare, seconds: (budget.remaining * intervalMs) / 1000 },
    names: objective.servers.slice(0, DEPENDENT_NAMES).map((id) => `${servers.get(id)?.name ?? id} (${id})`),
  }));
}
