/** @jest-environment node */
import * as XLSX from "xlsx";
import {
  periodMessage,
  requestMessages,
  type PeriodRequest,
  SLICE_SIZE,
  specMessage,
  type WorkbookReply,
  type WorkbookRequest,
  workbookReceiver,
} from "../../../src/components/domain/workbookMessages";
import { writeServerReport } from "../../../src/components/domain/writeWorkbook";
import type { Alert } from "../../../src/domain/kernel/types";
import type { WorkbookSpec } from "../../../src/model/export/workbook";
import { makeServer } from "../fixtures";

const NOW = new Date(2026, 10, 23, 12, 0, 0).getTime();

describe("writeServerReport (what the export's worker runs)", () => {
  it("answers with the file's name and .xlsx bytes that a spreadsheet reads back", async () => {
    const servers = Array.from({ length: 3 }, (_, i) => makeServer({ id: `s${i}`, name: `Server ${i}` }));
    const reply = await writeServerReport({ servers, alerts: [], now: NOW });
    if (!reply.ok) throw new Error(reply.message);
    expect(reply.fileName).toBe("server-report-2026-11-23.xlsx");
    expect(reply.bytes).toBeInstanceOf(ArrayBuffer);
    expect(reply.truncatedCells).toBe(0);
    const book = XLSX.read(new Uint8Array(reply.bytes), { type: "array" });
    expect(book.SheetNames).toEqual(["Server Status", "Alerts"]);
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets["Server Status"]);
    expect(rows.map((row) => row["Server Name"])).toEqual(["Server 0", "Server 1", "Server 2"]);
  });

  it("counts the texts it had to cut", async () => {
    const reply = await writeServerReport({ servers: [makeServer({ location: "x".repeat(40_000) })], alerts: [], now: NOW });
    expect(reply.ok && reply.truncatedCells).toBe(1);
  });

  it("answers with the reason instead of throwing, so the page can say it", async () => {
    const reply = await writeServerReport({ servers: null as unknown as [], alerts: [], now: NOW });
    expect(reply.ok).toBe(false);
    expect(!reply.ok && reply.message).toMatch(/\S/);
  });
});

describe("the export's messages", () => {
  const write = jest.fn(async (request: WorkbookRequest): Promise<WorkbookReply> => ({ ok: false, message: `${request.servers.length}` }));
  const writeSpec = jest.fn(async (spec: WorkbookSpec): Promise<WorkbookReply> => ({ ok: false, message: spec.fileName }));
  const writePeriod = jest.fn(async (request: PeriodRequest): Promise<WorkbookReply> => ({ ok: false, message: request.format }));
  const writers = { servers: write, spec: writeSpec, period: writePeriod };

  it("send the servers in slices of SLICE_SIZE, then the rest; the receiver puts them back in order", async () => {
    const servers = Array.from({ length: SLICE_SIZE * 2 + 3 }, (_, i) => makeServer({ id: `s${i}` }));
    const alerts = [{ id: "a1" }] as unknown as Alert[];
    const messages = [...requestMessages({ servers, alerts, now: NOW })];
    expect(messages.map((m) => ("servers" in m ? (JSON.parse(m.servers) as unknown[]).length : "rest"))).toEqual([
      SLICE_SIZE,
      SLICE_SIZE,
      3,
      "rest",
    ]);
    const receive = workbookReceiver(writers);
    expect(messages.slice(0, -1).map(receive)).toEqual([null, null, null]);
    await receive(messages.at(-1)!);
    expect(write).toHaveBeenCalledWith({ servers, alerts, now: NOW });
  });

  it("a workbook laid out already (a month's report) is one message, written as it is", async () => {
    const spec: WorkbookSpec = {
      fileName: "availability-2028-02.xlsx",
      sheets: [{ name: "Summary", rows: [[{ t: "s", v: "x" }]], widths: [8] }],
      truncatedCells: 0,
    };
    expect(await workbookReceiver(writers)(specMessage(spec))).toEqual({ ok: false, message: "availability-2028-02.xlsx" });
    expect(writeSpec).toHaveBeenCalledWith(spec);
  });

  it("a period's report (Generate Report) is one message, made and written in the worker", async () => {
    const request: PeriodRequest = {
      servers: [{ server: "a", name: "A", url: "/api/v1/history/a.json" }],
      from: 0,
      to: 86_400_000,
      asOf: "1970-01-02T00:00:00.000Z",
      intervalMs: null,
      causedDowntime: "counted",
      format: "json",
      siteName: "S",
    };
    expect(await workbookReceiver(writers)(periodMessage(request))).toEqual({ ok: false, message: "json" });
    expect(writePeriod).toHaveBeenCalledWith(request);
  });

  it("an empty fleet is one message, and a second request starts from nothing", async () => {
    const receive = workbookReceiver(writers);
    const first = [...requestMessages({ servers: [makeServer()], alerts: [], now: NOW })];
    expect(first.map(receive).slice(0, -1)).toEqual([null]);
    const second = [...requestMessages({ servers: [], alerts: [], now: NOW })];
    expect(second).toHaveLength(1);
    expect(await receive(second[0])).toEqual({ ok: false, message: "0" });
  });
});
