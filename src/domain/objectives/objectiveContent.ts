/**
 * content/objectives.json (#48): its rules beyond its schema, and the
 * objectives as the build reads them. Each objective names servers of
 * servers.json that have a check (a server nobody checks has no slot to
 * count), and its id is its own.
 */
import { describeFound, makeIssue, recordOf, type ContentIssue } from "../kernel/contentIssue";
import type { MaintenancePolicy, ObjectiveWindow } from "./budget";
import type { LatencyTarget } from "./latency";

const FILE = "content/objectives.json";

/** An objective as the file holds it. */
export type Objective = {
  id: string;
  name: string;
  servers: string[];
  availability: number;
  window: "7d" | "28d" | "30d" | "month";
  /** the checks made in maintenance: left out (absent: the default) or counted as bad slots */
  maintenance?: MaintenancePolicy;
  /** a latency target besides the availability: a share of checks answered under a time */
  latency?: LatencyTarget;
};

/** What an objective does with checks made in maintenance. */
export const maintenanceOf = (objective: Pick<Objective, "maintenance">): MaintenancePolicy => objective.maintenance ?? "excluded";

/** An objective's target as a share (99.9 → 0.999, not 0.9990000000000001). */
export const targetOf = (objective: Pick<Objective, "availability">): number => Number((objective.availability / 100).toPrecision(12));

/** An objective's window as the budget counts it. */
export const windowOf = (window: Objective["window"]): ObjectiveWindow =>
  window === "month" ? { calendar: "month" } : { rolling: window === "7d" ? 7 : window === "28d" ? 28 : 30 };

export function objectiveIssues(objectives: unknown, servers: unknown[] | undefined): ContentIssue[] {
  if (!Array.isArray(objectives)) return [];
  const records = (servers ?? []).filter(
    (s): s is { id: string; check?: unknown } => !!s && typeof (s as { id?: unknown }).id === "string",
  );
  const ids = new Set(records.map((s) => s.id));
  const checked = new Set(records.filter((s) => s.check !== undefined).map((s) => s.id));
  const seen = new Map<string, number>();
  const issues: ContentIssue[] = [];
  objectives.forEach((objective: unknown, index) => {
    if (objective === null || typeof objective !== "object") return;
    const { id, servers: named } = objective as { id?: unknown; servers?: unknown };
    const record = recordOf(objectives, index);
    if (typeof id === "string") {
      const first = seen.get(id);
      if (first !== undefined) {
        issues.push(
          makeIssue(
            {
              level: "error",
              file: FILE,
              record,
              field: "id",
              expected: "an id no other objective has",
              found: `"${id}" again (record ${first + 1} has it)`,
            },
            "Give each objective its own id.",
          ),
        );
      } else seen.set(id, index);
    }
    if (!Array.isArray(named)) return;
    named.forEach((server: unknown, at) => {
      if (typeof server !== "string") return;
      if (!ids.has(server)) {
        const known = [...checked].slice(0, 10).join(", ");
        issues.push(
          makeIssue({
            level: "error",
            file: FILE,
            record,
            field: `servers[${at}]`,
            expected: `the id of a server in servers.json with a check (${known}${checked.size > 10 ? ", …" : ""})`,
            found: describeFound(server),
          }),
        );
      } else if (!checked.has(server)) {
        issues.push(
          makeIssue(
            {
              level: "error",
              file: FILE,
              record,
              field: `servers[${at}]`,
              expected: "a server with a check (only a checked server has slots to count)",
              found: `${describeFound(server)}, which has no check`,
            },
            "Give it a check in servers.json, or leave it out of the objective.",
          ),
        );
      }
    });
  });
  return issues;
}
