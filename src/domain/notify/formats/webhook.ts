/** The webhook's JSON body (docs/operators.md, "Notifications"): versioned, every field a program needs. */
import { messageKey, type Notice, type NotifyMessage } from "../notifications";
import { describe, stateCounts, worstFirst } from "../wording";

/** The webhook body's version: a receiver checks it; a change that breaks a receiver raises it. */
const WEBHOOK_VERSION = 1;

function noticeBody(notice: Notice) {
  const { id, name, ip, location } = notice.server;
  return {
    version: WEBHOOK_VERSION,
    event: notice.event,
    server: { id, name, ip, location },
    from: notice.from,
    to: notice.to,
    since: notice.since,
    at: notice.at,
    detail: notice.detail,
    durationMs: notice.durationMs,
    url: notice.url,
    key: notice.key,
    ...(notice.certificate ? { certificate: notice.certificate } : {}),
    ...(notice.cause ? { cause: notice.cause } : {}),
    ...(notice.flapping ? { flapping: notice.flapping } : {}),
    ...(notice.dependents ? { dependents: notice.dependents } : {}),
    ...(notice.afterRoot ? { afterRoot: notice.afterRoot } : {}),
    ...(notice.unreachableBecause ? { unreachableBecause: notice.unreachableBecause } : {}),
    ...(notice.maintenance ? { maintenance: notice.maintenance } : {}),
    ...(notice.objective ? { objective: notice.objective } : {}),
  };
}

/**
 * The webhook's JSON body (docs/operators.md, "Notifications"): one notice; a digest
 * with the counts and every notice (all of them: a program reads it, not a
 * person); a test.
 */
export function webhookBody(message: NotifyMessage): Record<string, unknown> {
  return { ...bodyOf(message), idempotencyKey: messageKey(message) };
}

function bodyOf(message: NotifyMessage): Record<string, unknown> {
  if (message.kind === "notice") return noticeBody(message.notice);
  if (message.kind === "digest") {
    return {
      version: WEBHOOK_VERSION,
      event: "digest",
      counts: stateCounts(message.notices),
      notices: worstFirst(message.notices).map(noticeBody),
      url: message.siteUrl,
    };
  }
  return {
    version: WEBHOOK_VERSION,
    event: "test",
    channel: message.channel,
    at: message.at,
    url: message.siteUrl,
    text: describe(message).title,
  };
}
