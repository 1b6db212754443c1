/**
 * Local stand-ins for the paging services, written from their published API
 * references, on 127.0.0.1: they check what the real ones check (fields,
 * lengths, enumerations, the key), answer as they answer (202 and their JSON,
 * 400 or 422 with the errors, 401 without a key, 429 when told to throttle,
 * with Retry-After), and keep the incidents the events open and close.
 *
 * - PagerDuty Events API v2: POST /v2/enqueue (trigger, acknowledge, resolve by
 *   dedup_key) and POST /v2/change/enqueue (change events, which page nobody).
 * - Opsgenie Alert API: POST /v2/alerts (create; an open alert with the same
 *   alias is counted, not created again) and POST /v2/alerts/:alias/close?identifierType=alias.
 */
import http from "node:http";
import type net from "node:net";

export type Json = Record<string, unknown>;
export type PagingRequest = { path: string; headers: http.IncomingHttpHeaders; body: Json | null };

export type Base = {
  base: string;
  requests: PagingRequest[];
  /** the next `times` requests get 429 Too Many Requests, with Retry-After: `seconds` */
  throttle(times: number, seconds: number): void;
  reset(): void;
  close(): Promise<void>;
};

export type PagerDutyReceiver = Base & {
  /** incidents by dedup_key: open or resolved, and how many triggers they had */
  incidents: Map<string, { status: "triggered" | "resolved"; triggers: number; summary: string; severity: string }>;
  changes: Json[];
};

export type OpsgenieReceiver = Base & {
  /** alerts by alias: open or closed, and how many creates they had (Opsgenie's count) */
  alerts: Map<string, { status: "open" | "closed"; count: number; message: string; priority: string; entity?: string }>;
};

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)));
}

/** How a service says "too many requests": the header Retry-After (PagerDuty, Opsgenie), or in its JSON (Telegram, Matrix). */
type Throttled = (seconds: number) => { body: Json; headers: Record<string, string> };
const RETRY_AFTER_HEADER: Throttled = (seconds) => ({
  body: { status: "throttle event", message: "Too many requests" },
  headers: { "retry-after": String(seconds) },
});

/** A receiver's common part: the requests kept, throttling, JSON bodies read; `handle` answers the rest. */
export async function startReceiver(
  handle: (request: PagingRequest, answer: (status: number, body: Json) => void, method: string) => void,
  throttledAs: Throttled = RETRY_AFTER_HEADER,
): Promise<Base> {
  const requests: PagingRequest[] = [];
  let throttled: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let body: Json | null = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Json;
      } catch {
        body = null;
      }
      const request = { path: req.url ?? "", headers: req.headers, body };
      requests.push(request);
      const answer = (status: number, json: Json, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(json));
      };
      const wait = throttled.shift();
      if (wait !== undefined) {
        const said = throttledAs(wait);
        return answer(429, said.body, said.headers);
      }
      if (req.method !== "POST" && req.method !== "PUT") return answer(405, { message: "Method not allowed" });
      if (body === null) return answer(400, { status: "invalid event", message: "Event object is invalid", errors: ["Invalid JSON"] });
      handle(request, answer, req.method);
    });
  });
  const port = await listen(server);
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    throttle(times, seconds) {
      throttled.push(...Array.from({ length: times }, () => seconds));
    },
    reset() {
      requests.length = 0;
      throttled = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const SEVERITIES = ["critical", "error", "warning", "info"];
const text = (value: unknown, max: number) => typeof value === "string" && value.length > 0 && value.length <= max;

export async function startPagerDuty(routingKey: string): Promise<PagerDutyReceiver> {
  const incidents: PagerDutyReceiver["incidents"] = new Map();
  const changes: Json[] = [];
  const receiver = await startReceiver(({ path, body }, answer) => {
    const b = body!;
    const invalid = (errors: string[]) => answer(400, { status: "invalid event", message: "Event object is invalid", errors });
    if (b.routing_key !== routingKey) return invalid(["'routing_key' is invalid"]);
    const payload = (b.payload ?? null) as Json | null;
    if (path === "/v2/change/enqueue") {
      if (!payload || !text(payload.summary, 1024)) return invalid(["'payload.summary' is missing or longer than 1024 characters"]);
      changes.push(b);
      return answer(202, { status: "success", message: "Change event processed" });
    }
    if (path !== "/v2/enqueue") return answer(404, { message: "Not found" });
    const action = b.event_action;
    if (!["trigger", "acknowledge", "resolve"].includes(String(action))) return invalid(["'event_action' is invalid"]);
    if (b.dedup_key !== undefined && !text(b.dedup_key, 255)) return invalid(["'dedup_key' is longer than 255 characters"]);
    if (action !== "trigger") {
      if (typeof b.dedup_key !== "string") return invalid(["'dedup_key' is required"]);
      const incident = incidents.get(b.dedup_key);
      if (incident && action === "resolve") incident.status = "resolved";
      return answer(202, { status: "success", message: "Event processed", dedup_key: b.dedup_key });
    }
    const errors: string[] = [];
    if (!payload) errors.push("'payload' is missing");
    else {
      if (!text(payload.summary, 1024)) errors.push("'payload.summary' is missing or longer than 1024 characters");
      if (!text(payload.source, 255)) errors.push("'payload.source' is missing");
      if (!(typeof payload.severity === "string" && SEVERITIES.includes(payload.severity)))
        errors.push("'payload.severity' must be one of critical, error, warning, info");
      if (payload.timestamp !== undefined && !(typeof payload.timestamp === "string" && !Number.isNaN(Date.parse(payload.timestamp))))
        errors.push("'payload.timestamp' is invalid");
    }
    if (errors.length > 0) return invalid(errors);
    const key = typeof b.dedup_key === "string" ? b.dedup_key : `generated-${incidents.size + 1}`;
    const known = incidents.get(key);
    // A trigger on an open incident with its key is a new alert of it; on a resolved one it opens a new one.
    if (known && known.status === "triggered") known.triggers += 1;
    else incidents.set(key, { status: "triggered", triggers: 1, summary: String(payload!.summary), severity: String(payload!.severity) });
    return answer(202, { status: "success", message: "Event processed", dedup_key: key });
  });
  return {
    ...receiver,
    incidents,
    changes,
    reset() {
      receiver.reset();
      incidents.clear();
      changes.length = 0;
    },
  };
}

const PRIORITIES = ["P1", "P2", "P3", "P4", "P5"];

export async function startOpsgenie(apiKey: string): Promise<OpsgenieReceiver> {
  const alerts: OpsgenieReceiver["alerts"] = new Map();
  const receiver = await startReceiver(({ path, headers, body }, answer) => {
    const b = body!;
    const requestId = `req-${Math.random().toString(16).slice(2)}`;
    if (headers.authorization !== `GenieKey ${apiKey}`) return answer(401, { message: "Could not authenticate", took: 0, requestId });
    const url = new URL(path, "http://opsgenie");
    const unprocessable = (message: string) => answer(422, { message, took: 0.001, requestId });
    const close = /^\/v2\/alerts\/([^/]+)\/close$/.exec(url.pathname);
    if (close) {
      if (url.searchParams.get("identifierType") !== "alias") return unprocessable("identifierType must be alias here");
      const alias = decodeURIComponent(close[1]);
      const alert = alerts.get(alias);
      if (alert) alert.status = "closed";
      if (b.note !== undefined && !text(b.note, 25_000)) return unprocessable("Note can not be longer than 25000 characters");
      return answer(202, { result: "Request will be processed", took: 0.002, requestId });
    }
    if (url.pathname !== "/v2/alerts") return answer(404, { message: "Not found", took: 0, requestId });
    if (!text(b.message, 130)) return unprocessable("Message can not be empty or longer than 130 characters");
    if (b.alias !== undefined && !text(b.alias, 512)) return unprocessable("Alias can not be longer than 512 characters");
    if (b.description !== undefined && !(typeof b.description === "string" && b.description.length <= 15_000))
      return unprocessable("Description can not be longer than 15000 characters");
    if (b.priority !== undefined && !(typeof b.priority === "string" && PRIORITIES.includes(b.priority)))
      return unprocessable("Priority should be one of P1 to P5");
    if (b.entity !== undefined && !text(b.entity, 512)) return unprocessable("Entity can not be longer than 512 characters");
    const alias = typeof b.alias === "string" ? b.alias : String(b.message);
    const open = alerts.get(alias);
    if (open && open.status === "open") open.count += 1;
    else
      alerts.set(alias, {
        status: "open",
        count: 1,
        message: String(b.message),
        priority: typeof b.priority === "string" ? b.priority : "P3",
        ...(typeof b.entity === "string" ? { entity: b.entity } : {}),
      });
    return answer(202, { result: "Request will be processed", took: 0.003, requestId });
  });
  return {
    ...receiver,
    alerts,
    reset() {
      receiver.reset();
      alerts.clear();
    },
  };
}
