/**
 * PagerDuty's Events API v2 (developer.pagerduty.com, "Send an Alert Event"):
 * a fall triggers an alert whose dedup_key is the problem's (paging.ts), so its
 * reminders update it and its return resolves it; the routing key is added by
 * the sender (monitor/notify/http.ts), never kept here. A test is a change
 * event, which PagerDuty records without paging anyone.
 */
import type { Notice, NotifyMessage } from "../notifications";
import { clip, describe, type MessageText } from "../wording";
import { pagingAction, problemKey } from "./paging";

/** PagerDuty's severities, worst first. */
type Severity = "critical" | "error" | "warning" | "info";

/** The events endpoint's paths: alerts, and change events (a test: nobody is paged). */
const PAGERDUTY_PATHS = { alert: "/v2/enqueue", change: "/v2/change/enqueue" } as const;

/** The API's hosts by region (the account's). */
export const PAGERDUTY_HOSTS = { us: "https://events.pagerduty.com", eu: "https://events.eu.pagerduty.com" } as const;

/** A summary is at most 1024 characters (PagerDuty cuts it; we do, with an ellipsis). */
const SUMMARY_MAX = 1024;

function severityOf(notice: Notice): Severity {
  if (notice.event === "security")
    return notice.finding?.severity === "high" ? "error" : notice.finding?.severity === "medium" ? "warning" : "info";
  if (notice.event === "certificate") return (notice.certificate?.daysLeft ?? 0) <= 1 ? "error" : "warning";
  if (notice.event === "unchecked") return "error";
  return notice.to === "offline" ? "critical" : notice.to === "warning" ? "warning" : "info";
}

/** Every fact, by its label: PagerDuty shows custom details as a table. */
const detailsOf = (said: MessageText): Record<string, string> => Object.fromEntries(said.facts.map((fact) => [fact.label, fact.value]));

/** The body, without the routing key (the sender adds it): an alert event, or a change event for a test. */
export function pagerdutyBody(message: NotifyMessage): { path: string; body: Record<string, unknown> } {
  const said = describe(message);
  const links = said.url ? [{ href: said.url, text: said.linkLabel }] : [];
  // A test, and a maintenance window's edges, are change events: PagerDuty records them and pages nobody.
  if (message.kind === "test" || (message.kind === "notice" && message.notice.event === "maintenance")) {
    return {
      path: PAGERDUTY_PATHS.change,
      body: {
        payload: {
          summary: clip(said.title, SUMMARY_MAX),
          source: message.kind === "notice" ? `${message.notice.server.name} (${message.notice.server.ip})` : "server monitor",
          timestamp: message.kind === "notice" ? message.notice.since : message.at,
          custom_details: detailsOf(said),
        },
        links,
      },
    };
  }
  if (message.kind === "digest") throw new Error("a paging service is sent each notice on its own, never a digest");
  const { notice } = message;
  const dedupKey = problemKey(notice);
  if (pagingAction(notice) === "close") return { path: PAGERDUTY_PATHS.alert, body: { event_action: "resolve", dedup_key: dedupKey } };
  return {
    path: PAGERDUTY_PATHS.alert,
    body: {
      event_action: "trigger",
      dedup_key: dedupKey,
      payload: {
        summary: clip(said.title, SUMMARY_MAX),
        source: notice.objective ? `objective ${notice.objective.name}` : `${notice.server.name} (${notice.server.ip})`,
        severity: severityOf(notice),
        timestamp: notice.at,
        component: notice.server.id,
        group: notice.objective ? "objectives" : notice.server.location,
        class: notice.event,
        custom_details: detailsOf(said),
      },
      links,
      client: "Server monitor",
      ...(said.url ? { client_url: said.url } : {}),
    },
  };
}
