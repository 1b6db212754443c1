/**
 * Generate Report's work in the export's worker (#33): a report over the whole
 * UTC days a reader picked, for the servers they picked, made from each
 * server's published daily history (/api/v1/history/<id>.json) as the build
 * makes a month's, then written as a workbook or as JSON. The files are
 * fetched a few at a time and each is added as it comes, so a large fleet's
 * histories are never all held at once.
 */
import { gatherPeriod } from "../../domain/reports/month";
import { historyProblem, rollupOfHistory, type HistoryDocument } from "../../publish/historyData";
import { buildPeriodWorkbook, periodDays, type PeriodDocument } from "../../model/reports/monthWorkbook";
import type { PeriodRequest, WorkbookReply } from "./workbookMessages";
import { writeSpec } from "./writeWorkbook";

/** Files fetched at once: enough to keep the connection busy, few enough to hold little. */
const AT_ONCE = 6;

/** A server's published history, checked before a report reads it; any fault is an error that names the server. */
async function fetchHistory(
  { server, name, url }: PeriodRequest["servers"][number],
  asOf: string,
  fetcher: typeof fetch,
): Promise<HistoryDocument> {
  let response: Response;
  try {
    // never a cached file of an older build: its days would read as not covered
    response = await fetcher(url, { cache: "no-cache" });
  } catch {
    throw new Error(`the history of ${name} could not be fetched; check the connection and try again`);
  }
  if (!response.ok) throw new Error(`the history of ${name} answered ${response.status}`);
  let document: unknown;
  try {
    document = await response.json();
  } catch {
    throw new Error(`the history of ${name} is not JSON`);
  }
  const problem = historyProblem(document, server, asOf);
  if (problem) throw new Error(`the history of ${name} ${problem}`);
  return document as HistoryDocument;
}

export async function writePeriodReport(request: PeriodRequest, fetcher: typeof fetch = fetch): Promise<WorkbookReply> {
  try {
    const gathering = gatherPeriod(request.from, request.to, new Date(request.asOf), request.intervalMs, request.causedDowntime);
    const queue = [...request.servers];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        gathering.add(next.server, rollupOfHistory(await fetchHistory(next, request.asOf, fetcher)));
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, queue.length) }, worker));
    const report = gathering.report();
    // In the order the reader's list has them, whatever order the files came in.
    const order = new Map(request.servers.map((s, i) => [s.server, i] as const));
    const names = new Map(request.servers.map((s) => [s.server, s.name] as const));
    const document: PeriodDocument = {
      ...report,
      servers: report.servers
        .sort((a, b) => order.get(a.server)! - order.get(b.server)!)
        .map((s) => ({ ...s, name: names.get(s.server) ?? s.server })),
    };
    if (request.format === "xlsx") return await writeSpec(buildPeriodWorkbook(document, request.siteName));
    const [first, last] = periodDays(document);
    const text = `${JSON.stringify({ version: 1, generatedAt: new Date().toISOString(), site: request.siteName, report: document }, null, 2)}\n`;
    const bytes = new TextEncoder().encode(text);
    return { ok: true, fileName: `availability-report-${first}-to-${last}.json`, bytes: bytes.buffer, truncatedCells: 0 };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
