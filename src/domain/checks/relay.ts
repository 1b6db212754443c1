/**
 * A relayed heartbeat (#49): the watched job pings a healthchecks.io-compatible
 * service (hosted, or self-hosted), and the check job reads that service's word
 * on one check through its API v3 (`GET /api/v3/checks/`, narrowed to one by
 * `?slug=` or `?tag=`, with the project's read-only key in X-Api-Key, from the
 * job's environment). The service holds the schedule and judges it; the job
 * keeps its own history of what it said (every run's result, and the pings).
 *
 * Its statuses: up (online; "running" when a start signal came), grace (late:
 * a warning), down (offline), new (no ping yet) and paused (a warning: nobody
 * watches). A key refused (401, 403) is offline in words, as a header's unset
 * variable is: monitoring of it stopped. A 429 (too many requests) is the
 * service's, not the job's state: no result this run (RelayBusy), never down.
 */
import { jsonDepth, MAX_JSON_DEPTH } from "./conditions";
import { plainText } from "../kernel/plainText";
import type { Judgement, ReadBody } from "./outcome";
import { readTime } from "./heartbeat";
import { formatUtcDateTime } from "../kernel/format";
import { formatLongDuration } from "../kernel/time";

/** The service asked the job to wait: no result for this server this run (the queue records none; the state holds). */
export class RelayBusy extends Error {}

/** A check as healthchecks.io's API v3 lists it: the fields the job reads (a read-write key also sends ping_url). */
type RelayedCheck = {
  name?: unknown;
  status?: unknown;
  started?: unknown;
  last_ping?: unknown;
  next_ping?: unknown;
  ping_url?: unknown;
};

const SERVICE = "healthchecks.io";

/** The relayed heartbeat's judgement from the service's answer (its HTTP status and body), at `now`. */
export function judgeRelay(httpStatus: number, body: ReadBody | undefined, now: Date): Omit<Judgement, "responseTime"> {
  if (httpStatus === 429) throw new RelayBusy(`${SERVICE} asked the check job to wait (HTTP 429, too many requests): no result this run`);
  if (httpStatus === 401 || httpStatus === 403) {
    return {
      status: "offline",
      detail: `not checked: ${SERVICE} refused the API key (HTTP ${httpStatus}); the X-Api-Key header's variable must hold the project's API key (a read-only one is enough)`,
    };
  }
  if (httpStatus < 200 || httpStatus > 299)
    return { status: "offline", detail: `${SERVICE} answered HTTP ${httpStatus}, not its list of checks` };
  if (jsonDepth(body?.text ?? "") > MAX_JSON_DEPTH) {
    return { status: "offline", detail: `${SERVICE}'s answer nests too deeply to read (more than ${MAX_JSON_DEPTH} levels)` };
  }
  let document: unknown;
  try {
    document = JSON.parse(body?.text ?? "");
  } catch {
    return {
      status: "offline",
      detail: `${SERVICE}'s answer is not JSON (${body?.cut ? "it was cut at the body limit" : "its API v3 answers JSON"})`,
    };
  }
  const checks = (document as { checks?: unknown } | null)?.checks;
  if (!Array.isArray(checks)) return { status: "offline", detail: `${SERVICE}'s answer has no list of checks` };
  if (checks.length !== 1) {
    return {
      status: "offline",
      detail:
        checks.length === 0
          ? `${SERVICE} lists no check at this address (its slug or tag may have changed, or the key is another project's)`
          : `${SERVICE} lists ${checks.length} checks at this address: name one (?slug= in the url)`,
    };
  }
  const check = (checks[0] ?? {}) as RelayedCheck;
  const name = typeof check.name === "string" && check.name !== "" ? ` "${plainText(check.name, 60)}"` : "";
  const last = typeof check.last_ping === "string" ? readTime(check.last_ping) : null;
  const next = typeof check.next_ping === "string" ? readTime(check.next_ping) : null;
  const ping = last !== null && "at" in last ? last.at : null;
  const due = next !== null && "at" in next ? next.at : null;
  const lastWords =
    ping === null
      ? "no ping yet"
      : `last ping ${formatUtcDateTime(new Date(ping))} (${formatLongDuration(Math.max(0, now.getTime() - ping))} ago)`;
  // A key that can change checks was given where a read-only one would do: said, never its URL (which would let anyone ping).
  const readWrite = typeof check.ping_url === "string" ? "; the key can change checks: give the job the project's read-only key" : "";
  const seen =
    ping === null ? {} : { heartbeat: { ping: new Date(ping).toISOString(), due: due === null ? null : new Date(due).toISOString() } };
  const says = (state: string) => `${SERVICE}'s check${name} is ${state}: ${lastWords}`;
  switch (check.status) {
    case "up":
      return {
        status: "online",
        detail: `${says(check.started === true ? "up, a run started" : "up")}${due === null ? "" : `; next expected by ${formatUtcDateTime(new Date(due))}`}${readWrite}`,
        ...seen,
      };
    case "grace":
      return { status: "warning", warningCause: "late", detail: `late: ${says("in its grace")}${readWrite}`, ...seen };
    case "down":
      return { status: "offline", detail: `${says("down")}${readWrite}`, ...seen };
    case "new":
      return { status: "warning", warningCause: "unwatched", detail: `${says("new")}${readWrite}`, ...seen };
    case "paused":
      return {
        status: "warning",
        warningCause: "unwatched",
        detail: `${says("paused, so nobody watches its pings")}${readWrite}`,
        ...seen,
      };
    default:
      return {
        status: "offline",
        detail: `${SERVICE} gave a status this site does not know (${plainText(JSON.stringify(check.status ?? null), 40)})`,
      };
  }
}
