/**
 * The objectives as open data (#48): /api/v1/objectives.json, each objective of
 * content/objectives.json with what its window's slots say (domain/objectives/
 * budget.ts): attained, the budget and what is left of it, in slots and in
 * seconds, and how much of the window is unknown. Null where nothing can be
 * said: before the job ran, or without its usual interval (no slot to count).
 */
import { BURN_WINDOWS, type Budget, type BurnCounts, type BurnWindow, type MaintenancePolicy } from "../domain/objectives/budget";
import { maintenanceOf } from "../domain/objectives/objectiveContent";
import type { LatencyBudget } from "../domain/objectives/latency";
import { objectiveBurnRates } from "../domain/objectives/tally";
import type { Objective } from "../domain/objectives/objectiveContent";
import { API_PATH } from "./api";
import { API_VERSION } from "./openData";

type Schema = Record<string, unknown>;

export const OBJECTIVES_API_PATH = `${API_PATH}/objectives.json`;

/** An objective and its budget at the build, and its checks in each burn window (null: not counted, `why` says why). */
export type ObjectiveResult = {
  objective: Objective;
  budget: Budget | null;
  burn: BurnCounts | null;
  /** its latency target's checks and budget (absent or null without a latency target) */
  latency?: LatencyBudget | null;
  why: string | null;
};

/** An objective's burn rate in each window (null: nothing checked in it), rounded for publishing. */
export function burnRatesOf(result: ObjectiveResult): Record<BurnWindow, number | null> | null {
  if (result.burn === null) return null;
  const rates = objectiveBurnRates(result.objective, result.burn);
  const rate = (w: BurnWindow) => (rates[w] === null ? null : round(rates[w]));
  return Object.fromEntries(Object.keys(BURN_WINDOWS).map((w) => [w, rate(w as BurnWindow)])) as Record<BurnWindow, number | null>;
}

export type PublishedObjective = Objective & {
  maintenance: MaintenancePolicy;
  from: string | null;
  to: string | null;
  attained: number | null;
  slots: { good: number; bad: number; unknown: number; maintenance: number } | null;
  unknownShare: number | null;
  budget: { slots: number; seconds: number; remainingSlots: number; remainingSeconds: number; remainingShare: number | null } | null;
  burnRates: Record<BurnWindow, number | null> | null;
  /** its latency target's checks over the window's whole UTC days, and their budget; null without a latency target or figures */
  latencyFigures: {
    from: string;
    attained: number | null;
    checks: { good: number; bad: number; unknown: number };
    budget: { checks: number; remainingChecks: number; remainingShare: number | null };
  } | null;
  why: string | null;
};

export type ObjectivesDocument = {
  version: 1;
  generatedAt: string;
  asOf: string | null;
  intervalMs: number | null;
  objectives: PublishedObjective[];
};

const round = (n: number) => Math.round(n * 1e6) / 1e6;

export function objectivesDocument(
  results: readonly ObjectiveResult[],
  asOf: Date | null,
  intervalMs: number | null,
  generatedAt: Date,
): ObjectivesDocument {
  return {
    version: API_VERSION,
    generatedAt: generatedAt.toISOString(),
    asOf: asOf?.toISOString() ?? null,
    intervalMs,
    objectives: results.map((result) => {
      const { budget, why } = result;
      const objective = { ...result.objective, maintenance: maintenanceOf(result.objective) };
      if (budget === null || intervalMs === null) {
        return {
          ...objective,
          from: null,
          to: null,
          attained: null,
          slots: null,
          unknownShare: null,
          budget: null,
          burnRates: null,
          latencyFigures: null,
          why,
        };
      }
      const { good, bad, unknown, maintenance } = budget;
      return {
        ...objective,
        from: new Date(budget.from).toISOString(),
        to: new Date(budget.to).toISOString(),
        attained: budget.attained,
        slots: { good, bad, unknown: round(unknown), maintenance },
        unknownShare: round(budget.unknownShare),
        budget: {
          slots: round(budget.total),
          seconds: round((budget.total * intervalMs) / 1000),
          remainingSlots: round(budget.remaining),
          remainingSeconds: round((budget.remaining * intervalMs) / 1000),
          remainingShare: budget.remainingShare === null ? null : round(budget.remainingShare),
        },
        burnRates: burnRatesOf(result),
        latencyFigures: result.latency
          ? {
              from: new Date(result.latency.from).toISOString(),
              attained: result.latency.attained,
              checks: { good: result.latency.good, bad: result.latency.bad, unknown: result.latency.unknown },
              budget: {
                checks: round(result.latency.total),
                remainingChecks: round(result.latency.remaining),
                remainingShare: result.latency.remainingShare === null ? null : round(result.latency.remainingShare),
              },
            }
          : null,
        why: null,
      };
    }),
  };
}

const DATE_TIME_OR_NULL = { type: ["string", "null"], format: "date-time" } as const;
const share = (description: string) => ({ type: ["number", "null"], description });

export function objectivesSchema(): Schema {
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: "objectives.schema.json",
    title: "Objectives (API v1)",
    description:
      "Each objective of content/objectives.json with its window's time slices (a slot: the check job's usual interval): /api/v1/objectives.json.",
    type: "object",
    required: ["version", "generatedAt", "asOf", "intervalMs", "objectives"],
    additionalProperties: false,
    properties: {
      version: { type: "integer", enum: [API_VERSION] },
      generatedAt: { type: "string", format: "date-time", description: "When the site was built." },
      asOf: { ...DATE_TIME_OR_NULL, description: "the newest run; null before the job ran" },
      intervalMs: { type: ["integer", "null"], minimum: 1, description: "one slot: the job's usual interval; null when not known" },
      objectives: {
        type: "array",
        items: {
          type: "object",
          required: [
            "id",
            "name",
            "servers",
            "availability",
            "window",
            "maintenance",
            "from",
            "to",
            "attained",
            "slots",
            "unknownShare",
            "budget",
            "burnRates",
            "latencyFigures",
            "why",
          ],
          additionalProperties: false,
          properties: {
            id: { type: "string" },
            name: { type: "string" },
            servers: { type: "array", items: { type: "string" } },
            availability: { type: "number", description: "the target, in percent" },
            window: { type: "string", enum: ["7d", "28d", "30d", "month"] },
            maintenance: {
              type: "string",
              enum: ["excluded", "counted"],
              description: "the checks made in maintenance: left out, or counted as bad slots (then among `bad` too)",
            },
            from: { ...DATE_TIME_OR_NULL, description: "the window's first moment counted (a whole hour)" },
            to: { ...DATE_TIME_OR_NULL, description: "its end: the newest run" },
            attained: share("good slots of good and bad ones, 0 to 1; null when none was good or bad"),
            slots: {
              type: ["object", "null"],
              required: ["good", "bad", "unknown", "maintenance"],
              additionalProperties: false,
              properties: {
                good: { type: "number", minimum: 0, description: "a check found the servers up" },
                bad: { type: "number", minimum: 0, description: "a check found them down" },
                unknown: { type: "number", minimum: 0, description: "no check came (neither good nor bad)" },
                maintenance: {
                  type: "number",
                  minimum: 0,
                  description: "checks made in maintenance: left out, or (maintenance counted) among the bad ones too",
                },
              },
            },
            unknownShare: share("unknown slots of all the window's, 0 to 1"),
            budget: {
              type: ["object", "null"],
              description:
                "the error budget: (1 - target) of the window's slots (a calendar month: of the whole month's), and what is left of it; its seconds are the slots' time added up over the servers (server-time: a group of 10 all down spends 10 seconds of it a second)",
              required: ["slots", "seconds", "remainingSlots", "remainingSeconds", "remainingShare"],
              additionalProperties: false,
              properties: {
                slots: { type: "number", minimum: 0 },
                seconds: { type: "number", minimum: 0 },
                remainingSlots: { type: "number", description: "below 0 when overspent" },
                remainingSeconds: { type: "number", description: "below 0 when overspent" },
                remainingShare: share("what is left of the budget, 1 untouched, below 0 overspent; null for a target of 100 %"),
              },
            },
            latency: {
              type: "object",
              description: "its latency target, when it has one: the percentage of checks to be answered under a time",
              required: ["percent", "underMs"],
              additionalProperties: false,
              properties: { percent: { type: "number" }, underMs: { type: "integer", minimum: 1 } },
            },
            latencyFigures: {
              type: ["object", "null"],
              description:
                "its latency target's checks over the window's whole UTC days (from the days' response times: an answer is under the time within 1.5 %): good when answered under it, bad when slower or not answered, unknown when the day's times were not kept; and the budget of checks it allows. Null without a latency target, or before the job ran",
              required: ["from", "attained", "checks", "budget"],
              additionalProperties: false,
              properties: {
                from: { type: "string", format: "date-time", description: "the first day counted" },
                attained: share("good checks of good and bad, 0 to 1; null when none was counted"),
                checks: {
                  type: "object",
                  required: ["good", "bad", "unknown"],
                  additionalProperties: false,
                  properties: {
                    good: { type: "integer", minimum: 0 },
                    bad: { type: "integer", minimum: 0 },
                    unknown: { type: "integer", minimum: 0 },
                  },
                },
                budget: {
                  type: "object",
                  required: ["checks", "remainingChecks", "remainingShare"],
                  additionalProperties: false,
                  properties: {
                    checks: { type: "number", minimum: 0 },
                    remainingChecks: { type: "number" },
                    remainingShare: { type: ["number", "null"] },
                  },
                },
              },
            },
            burnRates: {
              type: ["object", "null"],
              description:
                "how fast the budget burns in the last 5 minutes, 30 minutes, hour, 6 hours and 3 days: the share down over the share the target allows (1: the budget lasts its window); null where nothing was checked (the 5 minutes and the hour count each place's check, of runs checked from two places or more only)",
              required: Object.keys(BURN_WINDOWS),
              additionalProperties: false,
              properties: Object.fromEntries(Object.keys(BURN_WINDOWS).map((w) => [w, { type: ["number", "null"], minimum: 0 }])),
            },
            why: {
              type: ["string", "null"],
              description: "why the objective has no figures (the job has not run, its interval is not known); null when it has",
            },
          },
        },
      },
    },
  };
}
