/**
 * The objectives over a UTC month (#48), for its report: each objective of
 * objectives.json judged on the month's own checks of its servers, whatever
 * its window (a month's report is of the month). Counted from the report's
 * figures of each server (domain/reports/month.ts): its checks up and down
 * are good and bad slots, its checks in maintenance left out or counted bad
 * as the objective says, and the slots the usual interval expected and no
 * check came for are unknown. A check a dependency made fail is bad here, as
 * in every objective: the report's causedDowntime setting is its
 * availability's, not the objectives'.
 */
import { budgetOf, type Budget, type SlotCount } from "./budget";
import { maintenanceOf, targetOf, type Objective } from "./objectiveContent";

/** A server's month as the report counts it. */
type ServerCount = { server: string; checks: number; up: number; maintenanceChecks: number; covered: number | null };

export type MonthObjective = {
  id: string;
  name: string;
  /** the target, in percent, and what maintenance does */
  availability: number;
  maintenance: "excluded" | "counted";
  /** the servers it counts that the month's report has */
  servers: number;
  /** good of good and bad, 0 to 1; null when no slot was measured */
  attained: number | null;
  /**
   * the month's budget not overspent (a month in progress: its budget also counts the slots to come, so true means it
   * can still be met, false that it cannot); without the job's interval, attained at least the target; null when
   * nothing was measured
   */
  met: boolean | null;
  slots: { good: number; bad: number; unknown: number; maintenance: number };
  /** the month's error budget and what is left of it, in slots and seconds (null without the job's interval) */
  budget: { slots: number; seconds: number; remainingSlots: number; remainingSeconds: number; remainingShare: number | null } | null;
};

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** Each objective over the month [start, end) as of `asOf`, from the report's servers. */
export function monthObjectives(
  objectives: readonly Objective[],
  servers: readonly ServerCount[],
  month: { start: string; end: string; asOf: string },
  intervalMs: number | null,
): MonthObjective[] {
  const byId = new Map(servers.map((s) => [s.server, s] as const));
  const to = Math.min(Date.parse(month.asOf), Date.parse(month.end) - 1);
  return objectives.map((objective) => {
    const counted = objective.servers.flatMap((id) => byId.get(id) ?? []);
    const slots: SlotCount = { good: 0, bad: 0, unknown: 0, maintenance: 0, expected: 0 };
    for (const s of counted) {
      const made = s.checks + s.maintenanceChecks;
      const expected = s.covered !== null && s.covered > 0 ? made / s.covered : made;
      slots.good += s.up;
      slots.bad += s.checks - s.up;
      slots.maintenance += s.maintenanceChecks;
      slots.unknown += Math.max(0, expected - made);
      slots.expected += Math.max(expected, made);
    }
    const policy = maintenanceOf(objective);
    const target = targetOf(objective);
    const budget: Budget | null =
      intervalMs === null ? null : budgetOf(slots, counted.length, target, { calendar: "month" }, to, intervalMs, policy);
    const good = slots.good;
    const bad = slots.bad + (policy === "counted" ? slots.maintenance : 0);
    const attained = good + bad > 0 ? good / (good + bad) : null;
    return {
      id: objective.id,
      name: objective.name,
      availability: objective.availability,
      maintenance: policy,
      servers: counted.length,
      attained,
      met: attained === null ? null : budget !== null ? budget.remaining >= 0 : attained >= target,
      slots: { good, bad, unknown: round(slots.unknown), maintenance: slots.maintenance },
      budget:
        budget === null || intervalMs === null
          ? null
          : {
              slots: round(budget.total),
              seconds: round((budget.total * intervalMs) / 1000),
              remainingSlots: round(budget.remaining),
              remainingSeconds: round((budget.remaining * intervalMs) / 1000),
              remainingShare: budget.remainingShare === null ? null : round(budget.remainingShare),
            },
    };
  });
}
