/**
 * The objectives counted a server at a time (#48), the same way where they
 * are counted: the build (the pages, /api/v1/objectives.json, /metrics.txt)
 * and the check job (its burn-rate alerts). Each server's hourly rollups and
 * raw runs are read once, added to every objective that names it, and let go:
 * a group of 10,000 is never all in memory.
 */
import type { RollupMap } from "../checks/rollups";
import {
  addBurn,
  addDays,
  addSlots,
  budgetOf,
  burnCounts,
  BURN_WINDOWS,
  burnOf,
  NO_BURN,
  NO_SLOTS,
  windowBounds,
  windowDays,
  type Budget,
  type BurnCounts,
  type BurnWindow,
  type DaySlots,
  type SlotCount,
} from "./budget";
import type { BurnRates } from "./burnAlerts";
import { addLatency, latencyBudget, latencyCount, NO_LATENCY, type LatencyBudget, type LatencyCount } from "./latency";
import { maintenanceOf, targetOf, windowOf, type Objective } from "./objectiveContent";

/**
 * An objective counted: its budget at `asOf`, its checks in each burn window, its window a day at a time, and its
 * latency target's budget (null without one).
 */
export type ObjectiveTally = { objective: Objective; budget: Budget; burn: BurnCounts; days: DaySlots[]; latency: LatencyBudget | null };

type Sample = { at: number; up: boolean; maintenance?: boolean };

/** The objectives' counts, added to a server at a time (`add`), then read (`result`); each server's own too, when asked. */
export function tallyObjectives(objectives: readonly Objective[], asOf: Date, intervalMs: number) {
  const at = asOf.getTime();
  const slots: SlotCount[] = objectives.map(() => NO_SLOTS);
  const days: DaySlots[][] = objectives.map(() => []);
  const burns: BurnCounts[] = objectives.map(() => NO_BURN);
  const latencies: LatencyCount[] = objectives.map((o) => NO_LATENCY(windowBounds(windowOf(o.window), at).from));
  const of = new Map<string, number[]>();
  objectives.forEach((o, i) => o.servers.forEach((server) => of.set(server, [...(of.get(server) ?? []), i])));
  return {
    /** Whether any objective names the server (a server none names need not be read). */
    counts: (server: string) => of.has(server),
    /**
     * A server's hourly and daily rollups and raw runs added to each objective that names it; its own tallies, one per
     * such objective.
     */
    add(server: string, hourly: RollupMap, samples: readonly Sample[], daily: RollupMap): ObjectiveTally[] {
      const own: ObjectiveTally[] = [];
      const indexes = of.get(server) ?? [];
      if (indexes.length === 0) return own;
      // A server's burn counts once for each way of counting maintenance its objectives ask for.
      const burnOf = new Map<string, BurnCounts>();
      for (const i of indexes) {
        const objective = objectives[i];
        const policy = maintenanceOf(objective);
        const burn = burnOf.get(policy) ?? burnCounts(samples, hourly, at, policy);
        burnOf.set(policy, burn);
        const window = windowOf(objective.window);
        const serverDays = windowDays([hourly], window, at, intervalMs);
        const counted = serverDays.reduce<SlotCount>(addSlots, NO_SLOTS);
        slots[i] = addSlots(slots[i], counted);
        days[i] = addDays(days[i], serverDays);
        burns[i] = addBurn(burns[i], burn);
        const latency = objective.latency ? latencyCount(daily, window, at, objective.latency.underMs) : null;
        if (latency) latencies[i] = addLatency(latencies[i], latency);
        own.push({
          objective,
          budget: budgetOf(counted, 1, targetOf(objective), window, at, intervalMs, policy),
          burn,
          days: serverDays,
          latency: latency && objective.latency ? latencyBudget(latency, objective.latency) : null,
        });
      }
      return own;
    },
    /** Each objective counted over all its servers. */
    result: (): ObjectiveTally[] =>
      objectives.map((objective, i) => ({
        objective,
        budget: budgetOf(
          slots[i],
          objective.servers.length,
          targetOf(objective),
          windowOf(objective.window),
          at,
          intervalMs,
          maintenanceOf(objective),
        ),
        burn: burns[i],
        days: days[i],
        latency: objective.latency ? latencyBudget(latencies[i], objective.latency) : null,
      })),
  };
}

/** An objective's burn rate in each window (null: nothing checked in it). */
export function objectiveBurnRates(objective: Pick<Objective, "availability">, burn: BurnCounts): BurnRates {
  const target = targetOf(objective);
  return Object.fromEntries(Object.keys(BURN_WINDOWS).map((w) => [w, burnOf(burn[w as BurnWindow], target)])) as BurnRates;
}
