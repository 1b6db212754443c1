/**
 * Incident drafts (#47): when a confirmed fall (a root cause, with whatever
 * depends on it) has lasted past monitoring.json's job.draftAfterMinutes, the
 * job drafts the incident an editor would write: its title, the servers it
 * affects, when it began, what the first failing check saw, the places that
 * saw it. An editor publishes it (copies it into incidents.json, or the web
 * editor does) or discards it; the job never publishes one. One draft per
 * cause; a recovery before it is published adds its end. Pure: the job writes
 * what this plans (monitor/run/draftPhase.ts).
 */
import { alertIdPrefix } from "../checks/alertIds";
import { dependentsWords, namesWithCount } from "../checks/dependencies";
import type { PlaceSeen } from "../checks/outcome";
import { formatUtcDateTime } from "../kernel/format";
import { DAY_MS, formatLongDuration, MINUTE_MS } from "../kernel/time";
import type { Incident } from "./incidents";

/** The minutes a fall lasts before it is drafted, unless monitoring.json says (0: no drafts). */
export const DEFAULT_DRAFT_AFTER_MINUTES = 10;
/** A draft's memory is kept this long after its end (a run later than that would not draft it again: it is over). */
const KEPT_MS = 7 * DAY_MS;

/** What the job remembers of the drafts it wrote (content/checks/drafts.json), by cause and beginning. */
export type DraftMemory = {
  version: 1;
  drafts: Record<string, RememberedDraft>;
};
/** A draft written: its cause (id and name), when it began and ended, the servers in it, and what the first failing check saw. */
type RememberedDraft = {
  id: string;
  cause: string;
  name: string;
  began: string;
  resolved: string | null;
  affected: string[];
  firstCheck: string;
  places: string[] | null;
};
export const emptyDraftMemory = (): DraftMemory => ({ version: 1, drafts: {} });

/** A draft as the job writes it (content/drafts/<id>.json): what it is, and the incident ready for incidents.json. */
export type IncidentDraft = {
  draft: {
    /** the root cause's server id */
    cause: string;
    began: string;
    /** when it answered again, if it did before an editor published the draft */
    resolved: string | null;
    /** checks from several places: those that saw it down in the newest run; null from one place */
    places: string[] | null;
    /** what the first failing check saw */
    firstCheck: string;
    writtenAt: string;
    note: string;
  };
  incident: Incident;
};

/** A server's newest result, as drafting reads it. */
export type DraftResult = {
  server: { id: string; name: string };
  status: string;
  checkedAt: string;
  detail: string;
  /** the root cause it is down behind (latest.json's) */
  cause?: string;
  maintenance?: boolean;
  notChecked?: unknown;
  places?: readonly PlaceSeen[];
};

const NOTE =
  "Drafted by the check job: nothing of it is published. Check it, then copy `incident` into content/incidents.json " +
  "(or publish it from the web editor), or delete this file. The job writes no draft of this cause again.";

const compact = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d+/, "");
const utc = (iso: string) => formatUtcDateTime(new Date(iso));

/** A draft's id: its cause's alerts' prefix without "check-", and when it began (draft-core-switch-1-20261129T100501Z). */
const draftId = (cause: string, began: string) => `draft-${alertIdPrefix(cause).slice("check-".length)}${compact(began)}`;

function incidentOf(draft: RememberedDraft, dependents: ReadonlyArray<{ id: string; name: string }>): Incident {
  const { began, resolved } = draft;
  const root = { server: { id: draft.cause, name: draft.name }, detail: draft.firstCheck };
  const names = dependents.map((d) => d.name);
  const behind = names.length > 0 ? `; ${dependentsWords(names.length, false)}: ${namesWithCount(names)}` : "";
  const seen = draft.places && draft.places.length > 0 ? ` Seen from ${draft.places.join(", ")}.` : "";
  const updates: Incident["updates"] = [
    {
      at: began,
      status: "investigating",
      message: `${root.server.name} has been down since ${utc(began)}, as the checks confirmed it: ${root.detail}${behind}.${seen}`,
    },
  ];
  if (resolved !== null) {
    const span = Date.parse(resolved) - Date.parse(began);
    updates.push({
      at: resolved,
      status: "resolved",
      message: `${root.server.name} answers again since ${utc(resolved)}${span > 0 ? `, after ${formatLongDuration(span)}` : ""}.`,
    });
  }
  return {
    id: draftId(root.server.id, began),
    title:
      names.length > 0
        ? `${root.server.name} is down, and ${names.length} ${names.length === 1 ? "server" : "servers"} behind it`
        : `${root.server.name} is down`,
    impact: "major",
    affected: [root.server.id, ...dependents.map((d) => d.id)],
    updates,
  };
}

/**
 * The drafts a run writes (new, or changed: more servers behind it, or its
 * end), and the memory after it. `openSince`: each server's open outage's
 * beginning (its rollups'); a fall drafts once it is `afterMinutes` old.
 */
export function planDrafts(options: {
  memory: DraftMemory;
  results: readonly DraftResult[];
  openSince: ReadonlyMap<string, string>;
  now: Date;
  afterMinutes: number;
}): { memory: DraftMemory; write: IncidentDraft[] } {
  const { results, openSince, now, afterMinutes } = options;
  const drafts = { ...options.memory.drafts };
  const write: IncidentDraft[] = [];
  if (afterMinutes <= 0) return { memory: options.memory, write };
  const byId = new Map(results.map((r) => [r.server.id, r] as const));
  /** A server as a draft names it: its name now, else its id (gone from servers.json since). */
  const named = (id: string) => ({ id, name: byId.get(id)?.server.name ?? id });
  const draftOf = (known: RememberedDraft): IncidentDraft => ({
    draft: {
      cause: known.cause,
      began: known.began,
      resolved: known.resolved,
      places: known.places,
      firstCheck: known.firstCheck,
      writtenAt: now.toISOString(),
      note: NOTE,
    },
    incident: incidentOf(known, known.affected.slice(1).map(named)),
  });

  // Falls old enough: one draft per cause (its dependents in it), rewritten when more servers fall behind it.
  for (const root of results) {
    if (root.status !== "offline" || root.cause !== undefined || root.maintenance || root.notChecked) continue;
    const began = openSince.get(root.server.id);
    if (began === undefined || now.getTime() - Date.parse(began) < afterMinutes * MINUTE_MS) continue;
    const dependents = results.filter((r) => r.cause === root.server.id && r.status === "offline").map((r) => r.server.id);
    const key = `${root.server.id}|${began}`;
    const known = drafts[key];
    // Known: rewritten only when more servers fell behind it (never with fewer: they fell with it).
    const affected = [...new Set([...(known?.affected ?? [root.server.id]), ...dependents])];
    if (known && known.affected.length === affected.length) continue;
    const entry: RememberedDraft = known
      ? { ...known, affected }
      : {
          id: draftId(root.server.id, began),
          cause: root.server.id,
          name: root.server.name,
          began,
          resolved: null,
          affected,
          firstCheck: root.detail,
          places: root.places ? root.places.filter((p) => p.status === "offline").map((p) => p.location) : null,
        };
    drafts[key] = entry;
    write.push(draftOf(entry));
  }

  // A cause that answers again (or whose fall ended) before an editor published its draft: the draft says when.
  for (const [key, known] of Object.entries(drafts)) {
    if (known.resolved !== null) continue;
    const root = byId.get(known.cause);
    if (!root || (root.status === "offline" && openSince.get(known.cause) === known.began)) continue;
    drafts[key] = { ...known, resolved: root.checkedAt };
    write.push(draftOf(drafts[key]));
  }

  // Ended long ago: forgotten.
  for (const [key, known] of Object.entries(drafts)) {
    if (known.resolved !== null && now.getTime() - Date.parse(known.resolved) > KEPT_MS) delete drafts[key];
  }
  return { memory: { version: 1, drafts }, write };
}

/**
 * A draft written again where an editor may have changed it already (the
 * drafts' branch of the editorial workflow): the editor's record is kept, words,
 * impact and updates included, and what the job learned since is added: servers
 * that fell behind it, and its end (the `resolved` update) when the record has
 * none and it comes after the record's newest update (updates are oldest first).
 * A record that is not an incident (an editor's slip) is replaced by the draft.
 */
export function draftOver(onBranch: unknown, draft: Incident): Incident {
  const kept = onBranch as Partial<Incident> | null;
  if (!kept || typeof kept !== "object" || !Array.isArray(kept.affected) || !Array.isArray(kept.updates)) return draft;
  const updates = kept.updates as Array<{ status?: unknown; at?: unknown } | null>;
  const newest = Math.max(
    ...updates.map((u) => (typeof u?.at === "string" ? Date.parse(u.at) : Number.NaN)).filter((t) => !Number.isNaN(t)),
  );
  const end = draft.updates.find((u) => u.status === "resolved");
  const ended = updates.some((u) => u?.status === "resolved");
  const addEnd = end !== undefined && !ended && !(Date.parse(end.at) <= newest);
  return {
    ...(kept as Incident),
    affected: [...new Set([...kept.affected, ...draft.affected])],
    updates: addEnd ? [...kept.updates, end] : kept.updates,
  };
}
