/**
 * What the paging services (PagerDuty, Opsgenie) share: which problem a
 * notice is about, so that the incident a fall opens is the one its reminders
 * update and its return closes (the same key on every notice of it), and
 * whether the notice opens (or updates) the problem or closes it.
 */
import { alertIdPrefix } from "../../checks/alertIds";
import type { Notice } from "../notifications";

/** 2026-11-24T14:30:00.123Z -> 20261124T143000Z, as the alerts' ids write a time. */
const compact = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d+/, "");

/** Whether a notice opens (or updates) a problem, or closes it. */
export function pagingAction(notice: Notice): "open" | "close" {
  if (notice.event === "maintenance") return notice.maintenance?.edge === "ended" ? "close" : "open";
  if (notice.event === "objective") return notice.objective?.edge === "ended" ? "close" : "open";
  if (notice.event === "recovered" || notice.event === "checked") return "close";
  if (notice.event === "settled") return notice.to === "online" ? "close" : "open";
  return "open";
}

/**
 * The problem's key: the server's alerts' prefix and when the problem began
 * (check-<server id>-20261124T143000Z, the id of its first alert without its
 * kind); a certificate's is its expiry's, a security finding's its rule's; an
 * objective's alert's is the objective's, its level's and when its episode began.
 * The same for a fall, its reminders and its return, whatever the run.
 */
export function problemKey(notice: Notice): string {
  if (notice.objective) return `objective-${notice.objective.id}-${notice.objective.level}-${compact(notice.since)}`;
  const prefix = alertIdPrefix(notice.server.id);
  if (notice.event === "certificate") return `${prefix}certificate-${compact(notice.certificate?.expires ?? notice.since)}`;
  if (notice.event === "security") return `${prefix}security-${notice.finding?.rule ?? "finding"}`;
  if (notice.event === "maintenance") return `${prefix}maintenance-${compact(notice.maintenance?.start ?? notice.since)}`;
  if (notice.event === "flapping") return `${prefix}${compact(notice.flapping?.since ?? notice.since)}`;
  // A return (or a settling) carries when the state it ends began; unknown, its own time (nothing was opened to close).
  const began = notice.event === "recovered" || notice.event === "settled" ? (notice.problemSince ?? notice.since) : notice.since;
  return `${prefix}${compact(began)}`;
}
