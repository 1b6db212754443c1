/**
 * The objectives as OpenSLO v1 documents (#48, openslo.com: `kind: SLO`,
 * `budgetingMethod: Timeslices`), one a file under /api/v1/openslo/, and
 * read back: an objective written and read again is the same objective
 * (every field objectives.json has), so OpenSLO tooling and this site can
 * hand objectives to each other.
 *
 * How an objective is said in OpenSLO:
 *   - its id is `metadata.name` (objectives.json's ids are DNS labels, as
 *     OpenSLO asks), its name `metadata.displayName` and the objective's
 *     `displayName`;
 *   - its target is `target` (a share: 99.9 % is 0.999; OpenSLO allows no
 *     target of 1, so an objective of 100 % has no document);
 *   - its window is `timeWindow`: the last 7, 28 or 30 days rolling, or the
 *     calendar month (UTC) as a one-month calendar window;
 *   - a time slice is one of the job's intervals (`timeSliceWindow`), good
 *     when its check found the server up (`timeSliceTarget: 1`: one check,
 *     all of it up); a group's slices are each server's, counted together;
 *   - its servers are the ids in the indicator's metric source
 *     (`type: ServerMonitor`), for the good checks and for all of them;
 *   - what an objective does with maintenance, when it says, is an
 *     annotation (MAINTENANCE_ANNOTATION): OpenSLO has no field for it.
 */
import type { Objective } from "../domain/objectives/objectiveContent";
import type { MaintenancePolicy } from "../domain/objectives/budget";
import { API_PATH } from "./api";

export const OPENSLO_PATH = `${API_PATH}/openslo`;
export const OPENSLO_INDEX_PATH = `${OPENSLO_PATH}/index.json`;

/** The metric source this site is, in an OpenSLO indicator. */
const SOURCE_TYPE = "ServerMonitor";
/** OpenSLO has no word for maintenance: an objective that says what it does with it says so in an annotation (its own, prefixed). */
const MAINTENANCE_ANNOTATION = "server-monitor/maintenance";
/** A calendar window's start: any month's first moment (UTC), as OpenSLO writes a date with its time. */
const MONTH_START = "2020-01-01 00:00:00";

type Duration = `${number}${"m" | "h" | "d" | "M"}`;

type Source<C> = { metricSource: { type: string; spec: { servers: string[]; checks: C; underMs?: number } } };
type Indicator = {
  metadata: { name: string; displayName: string };
  spec: { ratioMetric: { counter: boolean; good: Source<"up" | "under">; total: Source<"all"> } };
};
type SloObjective = { displayName: string; target: number; timeSliceTarget: 1; timeSliceWindow: Duration; indicator?: Indicator };

/**
 * The document, as plain data (YAML or JSON alike). An objective with a latency target is a composite SLO: two
 * objectives, each with its indicator (checks up; checks answered under the time), and none at the spec's level.
 */
export type OpenSloDocument = {
  apiVersion: "openslo/v1";
  kind: "SLO";
  metadata: { name: string; displayName: string; annotations?: { [MAINTENANCE_ANNOTATION]: MaintenancePolicy } };
  spec: {
    description: string;
    service: string;
    indicator?: Indicator;
    timeWindow: [
      { duration: Duration; isRolling: true } | { duration: "1M"; isRolling: false; calendar: { startTime: string; timeZone: "UTC" } },
    ];
    budgetingMethod: "Timeslices";
    objectives: SloObjective[];
  };
};

/** An id with a suffix, still a DNS label of at most 63 characters (the id cut, never the suffix). */
const labelWith = (id: string, suffix: string) => `${id.slice(0, 63 - suffix.length).replace(/-+$/, "")}${suffix}`;

/** YAML as every reader takes it: strings double-quoted, so that no YAML 1.1 reader sees an id "on" as a boolean or a date as a timestamp. */
export const OPENSLO_YAML = { lineWidth: 0, defaultStringType: "QUOTE_DOUBLE", defaultKeyType: "PLAIN" } as const;

/** A slot's length in OpenSLO's shorthand: whole hours as hours, else whole minutes (at least one). */
export function durationOf(intervalMs: number): Duration {
  const minutes = Math.max(1, Math.round(intervalMs / 60_000));
  return minutes % 60 === 0 ? `${minutes / 60}h` : `${minutes}m`;
}

/**
 * An objective's document; null for a target of 100 %, which OpenSLO cannot say (its target is below 1).
 * `intervalMs`: the job's usual interval, one slice (5 minutes when not known yet: the schedule's).
 */
export function openSloDocument(objective: Objective, intervalMs: number | null, service: string): OpenSloDocument | null {
  if (objective.availability >= 100) return null;
  const slice = durationOf(intervalMs ?? 5 * 60_000);
  const servers = [...objective.servers];
  const up: Indicator = {
    metadata: { name: labelWith(objective.id, "-checks"), displayName: "Checks that found the servers up, of all checks" },
    spec: {
      ratioMetric: {
        counter: true,
        good: { metricSource: { type: SOURCE_TYPE, spec: { servers, checks: "up" } } },
        total: { metricSource: { type: SOURCE_TYPE, spec: { servers, checks: "all" } } },
      },
    },
  };
  const availability: SloObjective = {
    displayName: objective.name,
    target: Number((objective.availability / 100).toPrecision(12)),
    timeSliceTarget: 1,
    timeSliceWindow: slice,
  };
  const latency = objective.latency;
  const fast: Indicator | null = latency
    ? {
        metadata: { name: labelWith(objective.id, "-fast"), displayName: `Checks answered under ${latency.underMs} ms, of all checks` },
        spec: {
          ratioMetric: {
            counter: true,
            good: { metricSource: { type: SOURCE_TYPE, spec: { servers, checks: "under", underMs: latency.underMs } } },
            total: { metricSource: { type: SOURCE_TYPE, spec: { servers, checks: "all" } } },
          },
        },
      }
    : null;
  return {
    apiVersion: "openslo/v1",
    kind: "SLO",
    metadata: {
      name: objective.id,
      displayName: objective.name,
      ...(objective.maintenance ? { annotations: { [MAINTENANCE_ANNOTATION]: objective.maintenance } } : {}),
    },
    spec: {
      description: `${objective.availability} % of the time slices good: a slice is one of the check job's intervals (${slice}) of one server, good when its check found the server up (online or warning); a slice without a check is unknown and counts neither way.${latency ? ` And ${latency.percent} % of the checks answered under ${latency.underMs} ms.` : ""}`,
      service,
      ...(fast === null ? { indicator: up } : {}),
      timeWindow: [
        objective.window === "month"
          ? { duration: "1M", isRolling: false, calendar: { startTime: MONTH_START, timeZone: "UTC" } }
          : { duration: objective.window as Duration, isRolling: true },
      ],
      budgetingMethod: "Timeslices",
      objectives:
        fast === null || !latency
          ? [availability]
          : [
              { ...availability, indicator: up },
              {
                displayName: `${objective.name}: answered under ${latency.underMs} ms`,
                target: Number((latency.percent / 100).toPrecision(12)),
                timeSliceTarget: 1,
                timeSliceWindow: slice,
                indicator: fast,
              },
            ],
    },
  };
}

type Found = { objective: Objective } | { errors: string[] };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const at = (value: unknown, ...path: Array<string | number>): unknown =>
  path.reduce<unknown>(
    (node, key) =>
      isRecord(node) && typeof key === "string" ? node[key] : Array.isArray(node) && typeof key === "number" ? node[key] : undefined,
    value,
  );

/**
 * An objective from an OpenSLO v1 SLO document (one this site wrote, or any that says the same):
 * or what is wrong with it, each error naming its field. Objectives.json's own rules (servers
 * that exist and have a check) are the content validation's, after.
 */
export function objectiveFromOpenSlo(document: unknown): Found {
  const errors: string[] = [];
  const need = (ok: boolean, field: string, expected: string, found: unknown) => {
    if (!ok) errors.push(`field "${field}": expected ${expected}, found ${found === undefined ? "nothing" : JSON.stringify(found)}`);
    return ok;
  };
  if (!need(at(document, "apiVersion") === "openslo/v1", "apiVersion", '"openslo/v1"', at(document, "apiVersion"))) return { errors };
  if (!need(at(document, "kind") === "SLO", "kind", '"SLO"', at(document, "kind"))) return { errors };
  const id = at(document, "metadata", "name");
  need(typeof id === "string" && /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(id), "metadata.name", "a DNS label (the objective's id)", id);
  const objectives = at(document, "spec", "objectives");
  // one objective (the availability), or two: the availability and a latency target, each with its indicator
  need(
    Array.isArray(objectives) && (objectives.length === 1 || objectives.length === 2),
    "spec.objectives",
    "one or two objectives",
    objectives,
  );
  const composite = Array.isArray(objectives) && objectives.length === 2;
  const displayName = at(document, "metadata", "displayName") ?? at(document, "spec", "objectives", 0, "displayName") ?? id;
  need(typeof displayName === "string" && displayName.length > 0, "metadata.displayName", "a name", displayName);
  need(
    at(document, "spec", "budgetingMethod") === "Timeslices",
    "spec.budgetingMethod",
    '"Timeslices"',
    at(document, "spec", "budgetingMethod"),
  );
  const target = at(document, "spec", "objectives", 0, "target");
  const percent = at(document, "spec", "objectives", 0, "targetPercent");
  const availability =
    typeof target === "number" ? Number((target * 100).toPrecision(12)) : typeof percent === "number" ? percent : Number.NaN;
  need(
    availability > 0 && availability < 100,
    "spec.objectives[0].target",
    "a share above 0 and below 1 (or targetPercent)",
    target ?? percent,
  );
  const window = at(document, "spec", "timeWindow", 0);
  const duration = at(window, "duration");
  const rolling = at(window, "isRolling") === true;
  const calendarMonth = !rolling && duration === "1M" && at(window, "calendar", "timeZone") === "UTC";
  const ours = rolling && (duration === "7d" || duration === "28d" || duration === "30d") ? duration : calendarMonth ? "month" : null;
  need(ours !== null, "spec.timeWindow[0]", "7d, 28d or 30d rolling, or 1M calendar in UTC", window);
  const indicatorPath = composite ? ["spec", "objectives", 0, "indicator"] : ["spec", "indicator"];
  const good = at(document, ...indicatorPath, "spec", "ratioMetric", "good", "metricSource");
  const servers = at(good, "spec", "servers");
  const where = composite ? "spec.objectives[0].indicator" : "spec.indicator";
  // the availability's indicator counts the checks up (a latency one, answers under a time, is not an availability)
  const checks = at(good, "spec", "checks");
  need(checks === undefined || checks === "up", `${where}.spec.ratioMetric.good.metricSource.spec.checks`, '"up"', checks);
  need(at(good, "type") === SOURCE_TYPE, `${where}.spec.ratioMetric.good.metricSource.type`, `"${SOURCE_TYPE}"`, at(good, "type"));
  need(
    Array.isArray(servers) && servers.length > 0 && servers.every((s) => typeof s === "string"),
    `${where}.spec.ratioMetric.good.metricSource.spec.servers`,
    "a list of server ids",
    servers,
  );
  // a latency target: the second objective, its good checks those answered under a time
  let latency: Objective["latency"];
  if (composite) {
    const fast = at(document, "spec", "objectives", 1, "indicator", "spec", "ratioMetric", "good", "metricSource", "spec");
    const underMs = at(fast, "underMs");
    const share = at(document, "spec", "objectives", 1, "target");
    const percent = typeof share === "number" ? Number((share * 100).toPrecision(12)) : Number.NaN;
    if (
      need(
        at(fast, "checks") === "under" && Number.isInteger(underMs) && (underMs as number) >= 1,
        "spec.objectives[1].indicator.spec.ratioMetric.good.metricSource.spec",
        '{ checks: "under", underMs: <whole milliseconds> }',
        fast,
      ) &&
      need(percent > 0 && percent < 100, "spec.objectives[1].target", "a share above 0 and below 1", share)
    ) {
      latency = { percent, underMs: underMs as number };
    }
  }
  const maintenance = at(document, "metadata", "annotations", MAINTENANCE_ANNOTATION);
  need(
    maintenance === undefined || maintenance === "counted" || maintenance === "excluded",
    `metadata.annotations["${MAINTENANCE_ANNOTATION}"]`,
    '"counted" or "excluded"',
    maintenance,
  );
  if (errors.length > 0) return { errors };
  return {
    objective: {
      id: id as string,
      name: displayName as string,
      servers: [...(servers as string[])],
      availability,
      window: ours as Objective["window"],
      ...(maintenance === "counted" || maintenance === "excluded" ? { maintenance } : {}),
      ...(latency ? { latency } : {}),
    },
  };
}

/** The site's name as an OpenSLO service's: a DNS label ("Location Tracker" -> "location-tracker"). */
export function serviceName(title: string): string {
  const label = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63)
    .replace(/-+$/, "");
  return label === "" ? "status-site" : label;
}

/** The index of the documents (/api/v1/openslo/index.json): each objective's file, or why it has none. */
export function openSloIndex(objectives: readonly Objective[]): {
  version: 1;
  documents: Array<{ id: string; file: string | null; why: string | null }>;
} {
  return {
    version: 1,
    documents: objectives.map((o) =>
      o.availability >= 100
        ? { id: o.id, file: null, why: "a target of 100 %: OpenSLO's target is below 1" }
        : { id: o.id, file: `${OPENSLO_PATH}/${o.id}.yaml`, why: null },
    ),
  };
}

/**
 * Objectives read from OpenSLO documents (`where` names each: its file and its place in it), merged into those
 * of objectives.json: an SLO whose id is there replaces it, the others are added after; documents of another
 * kind (a Service, an SLI) are passed over. Every error names its document and its field.
 */
export function importOpenSlo(
  documents: ReadonlyArray<{ where: string; value: unknown }>,
  before: readonly Objective[],
): { objectives: Objective[]; errors: string[]; said: string[] } {
  const errors: string[] = [];
  const said: string[] = [];
  const objectives = [...before];
  const seen = new Set<string>();
  for (const { where, value } of documents) {
    if (isRecord(value) && typeof value.yamlError === "string") {
      errors.push(`${where}: not YAML: ${value.yamlError}`);
      continue;
    }
    if (value === null || value === undefined) continue;
    if (isRecord(value) && value.kind !== undefined && value.kind !== "SLO") {
      said.push(`${where}: a ${JSON.stringify(value.kind)}, passed over (only SLOs become objectives)`);
      continue;
    }
    const found = objectiveFromOpenSlo(value);
    if ("errors" in found) {
      errors.push(...found.errors.map((e) => `${where}: ${e}`));
      continue;
    }
    const { objective } = found;
    if (seen.has(objective.id)) {
      errors.push(`${where}: field "metadata.name": expected an id no other document has, found "${objective.id}" again`);
      continue;
    }
    seen.add(objective.id);
    const at = objectives.findIndex((o) => o.id === objective.id);
    if (at >= 0) objectives[at] = objective;
    else objectives.push(objective);
    said.push(`${where}: objective "${objective.id}" ${at >= 0 ? "replaced" : "added"}`);
  }
  return { objectives, errors, said };
}
