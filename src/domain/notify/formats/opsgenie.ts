/**
 * Opsgenie's Alert API (docs.opsgenie.com, "Alert API"): a fall creates an
 * alert whose alias is the problem's (paging.ts), so its reminders are counted
 * on it and its return closes it. The API key is sent by the sender
 * (monitor/notify/http.ts, "Authorization: GenieKey …"), never kept here.
 */
import type { Notice, NotifyMessage } from "../notifications";
import { clip, describe, plainText } from "../wording";
import { pagingAction, problemKey } from "./paging";

/** The API's hosts by region (the account's). */
export const OPSGENIE_HOSTS = { us: "https://api.opsgenie.com", eu: "https://api.eu.opsgenie.com" } as const;

/** Opsgenie's limits (characters): message 130, alias 512, description 15,000, a detail's key 8,000 and value 8,000. */
const LIMITS = { message: 130, alias: 512, description: 15_000, detail: 8_000 } as const;

type Priority = "P1" | "P2" | "P3" | "P4" | "P5";

function priorityOf(notice: Notice): Priority {
  if (notice.event === "maintenance") return "P5";
  if (notice.event === "security") return notice.finding?.severity === "high" ? "P2" : notice.finding?.severity === "medium" ? "P3" : "P4";
  if (notice.event === "certificate") return (notice.certificate?.daysLeft ?? 0) <= 1 ? "P2" : "P4";
  if (notice.event === "unchecked") return "P2";
  return notice.to === "offline" ? "P1" : notice.to === "warning" ? "P3" : "P5";
}

/** A request: where under the API's base, and its JSON body. */
export type OpsgenieRequest = { path: string; body: Record<string, unknown> };

/** Create (or, for a return, close by alias) an alert; a test is a P5 alert that says it is one. */
export function opsgenieRequest(message: NotifyMessage): OpsgenieRequest {
  const said = describe(message);
  if (message.kind === "digest") throw new Error("a paging service is sent each notice on its own, never a digest");
  const details = Object.fromEntries(said.facts.map((fact) => [clip(fact.label, LIMITS.detail), clip(fact.value, LIMITS.detail)]));
  if (message.kind === "test") {
    return {
      path: "/v2/alerts",
      body: {
        message: clip(said.title, LIMITS.message),
        alias: clip(`test|${message.channel}|${message.at}`, LIMITS.alias),
        description: clip(plainText(said), LIMITS.description),
        details,
        source: "server monitor",
        priority: "P5",
        tags: ["server-monitor", "test"],
      },
    };
  }
  const { notice } = message;
  const alias = clip(problemKey(notice), LIMITS.alias);
  if (pagingAction(notice) === "close") {
    return {
      path: `/v2/alerts/${encodeURIComponent(alias)}/close?identifierType=alias`,
      body: { source: "server monitor", note: clip(plainText(said), LIMITS.description) },
    };
  }
  return {
    path: "/v2/alerts",
    body: {
      message: clip(said.title, LIMITS.message),
      alias,
      description: clip(plainText(said), LIMITS.description),
      details,
      entity: clip(`${notice.server.name} (${notice.server.id})`, LIMITS.message),
      source: "server monitor",
      priority: priorityOf(notice),
      tags: ["server-monitor", notice.event, notice.to],
    },
  };
}
