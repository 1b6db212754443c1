/**
 * What the page and the export's worker say to each other. Kept apart from the
 * writer, so the page's own code holds the messages but never the workbook's builder.
 */
import type { Alert, Server } from "../../domain/kernel/types";
import type { WorkbookSpec } from "../../model/export/workbook";
import type { CausedDowntime } from "../../domain/reports/month";

/** What the reader is told when the export's code (a chunk, the worker, SheetJS) cannot load. */
export const CODE_NOT_LOADED = "its code could not be loaded; check the connection and try again";

/** What the page sends: the report's data and the time that names the file. */
export type WorkbookRequest = { servers: readonly Server[]; alerts: readonly Alert[]; now: number };
/** What comes back: the file, or why it could not be written. */
export type WorkbookReply = { ok: true; fileName: string; bytes: ArrayBuffer; truncatedCells: number } | { ok: false; message: string };

/**
 * How the page sends a request: the servers as JSON in slices of SLICE_SIZE (each
 * a short task for the page, however large the fleet), then the alerts and the time.
 */
export type WorkbookMessage = { servers: string } | { rest: string } | { spec: string } | { period: string };

/**
 * Generate Report's request (#33): the whole UTC days [from, to) (ms), the
 * servers with the address of each one's published history, the time the
 * histories are as of and the job's interval, and the file wanted.
 */
export type PeriodRequest = {
  servers: ReadonlyArray<{ server: string; name: string; url: string }>;
  from: number;
  to: number;
  asOf: string;
  intervalMs: number | null;
  /** whether the availability counts the checks a dependency made fail (the site's setting, from the list of histories) */
  causedDowntime: CausedDowntime;
  format: "xlsx" | "json";
  siteName: string;
};

export const periodMessage = (request: PeriodRequest): WorkbookMessage => ({ period: JSON.stringify(request) });

/** A workbook already laid out (a month's report, #33): one message, written as it is. */
export const specMessage = (spec: WorkbookSpec): WorkbookMessage => ({ spec: JSON.stringify(spec) });

/** What the worker writes with: the servers report from its request, or a workbook laid out already. */
export type WorkbookWriters = {
  servers: (request: WorkbookRequest) => Promise<WorkbookReply>;
  spec: (spec: WorkbookSpec) => Promise<WorkbookReply>;
  period: (request: PeriodRequest) => Promise<WorkbookReply>;
};
export const SLICE_SIZE = 500;

/** The page's side: the request as messages, in order. */
export function* requestMessages({ servers, alerts, now }: WorkbookRequest): Generator<WorkbookMessage> {
  for (let start = 0; start < servers.length; start += SLICE_SIZE) {
    yield { servers: JSON.stringify(servers.slice(start, start + SLICE_SIZE)) };
  }
  yield { rest: JSON.stringify({ alerts, now }) };
}

/** The worker's side: gathers the slices and, on the last message, has the workbook written. */
export function workbookReceiver(write: WorkbookWriters): (message: WorkbookMessage) => Promise<WorkbookReply> | null {
  let servers: Server[] = [];
  return (message) => {
    if ("spec" in message) return write.spec(JSON.parse(message.spec) as WorkbookSpec);
    if ("period" in message) return write.period(JSON.parse(message.period) as PeriodRequest);
    if ("servers" in message) {
      servers.push(...(JSON.parse(message.servers) as Server[]));
      return null;
    }
    if (!("rest" in message)) return Promise.resolve({ ok: false, message: "the page asked for a file this version does not make" });
    const { alerts, now } = JSON.parse(message.rest) as Omit<WorkbookRequest, "servers">;
    const request = { servers, alerts, now };
    servers = [];
    return write.servers(request);
  };
}
