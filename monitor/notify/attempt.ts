/** One try at sending, as the senders (http.ts, email.ts) report it to deliver (send.ts). */

/**
 * One try's outcome: `retry` when trying again may help, `waitMs` when the receiver asked for a wait;
 * `unanswered` when the receiver had the whole message but gave no answer in time (it may have it: never sent again).
 */
export type Attempt = { ok: true; unanswered?: string } | { ok: false; retry: boolean; reason: string; waitMs?: number };

type ErrorLike = { name?: unknown; message?: unknown; code?: unknown; cause?: unknown };

/** An error's fields, read without instanceof: fetch's errors may come from another realm (a test's sandbox). */
export function fields(error: unknown): { name: string; message: string; code: string; cause: unknown } {
  const like: ErrorLike = typeof error === "object" && error !== null ? error : { message: String(error) };
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return { name: text(like.name), message: text(like.message), code: text(like.code), cause: like.cause };
}
