/** @jest-environment node */
import * as XLSX from "xlsx";
import { writeSpec } from "../../../src/components/domain/writeWorkbook";
import { buildMonthWorkbook } from "../../../src/model/reports/monthWorkbook";
import type { ReportDocument } from "../../../src/publish/reportData";
import { makeMonthFigures, makeReportEvents } from "../fixtures";

type Report = ReportDocument["report"];
const figures = makeMonthFigures();
const report: Report = {
  month: "2028-02",
  status: "completed",
  reason: null,
  start: "2028-02-01T00:00:00.000Z",
  end: "2028-03-01T00:00:00.000Z",
  asOf: "2028-03-02T00:00:00.000Z",
  causedDowntime: "counted",
  fleet: figures,
  servers: [
    {
      server: "srv-a",
      name: '=HYPERLINK("x")',
      ...figures,
      outageTimes: [
        { from: "2028-02-10T03:00:00.000Z", to: "2028-02-10T04:00:00.000Z" },
        { from: "2028-02-29T23:00:00.000Z", to: null },
      ],
    },
    { server: "srv-b", name: "B", ...figures, availability: null, checks: 0, up: 0, times: null, outageTimes: [] },
  ],
  events: makeReportEvents({
    incidents: [
      {
        id: "i1",
        title: "=1+1",
        impact: "minor",
        affected: [
          { server: "srv-a", name: "A" },
          { server: "srv-b", name: "B" },
        ],
        began: "2028-02-03T10:00:00.000Z",
        resolved: "2028-02-03T12:00:00.000Z",
      },
      { id: "i2", title: "Still open", impact: "critical", affected: [], began: "2028-02-28T10:00:00.000Z", resolved: null },
    ],
    maintenance: [
      {
        id: "w",
        title: "Patching",
        affected: [{ server: "srv-a", name: "A" }],
        start: "2028-02-06T01:30:00.000Z",
        end: "2028-02-06T02:30:00.000Z",
      },
    ],
    alerts: { error: 3, warning: 0, info: 1, from: "2028-02-01T00:00:00.000Z", whole: true },
  }),
};

/** The workbook as a reader's spreadsheet reads it back: each sheet's rows of values, and its raw cells. */
async function readBack() {
  const reply = await writeSpec(buildMonthWorkbook(report, "Location Tracker"));
  if (!reply.ok) throw new Error(reply.message);
  const book = XLSX.read(new Uint8Array(reply.bytes), { cellDates: false, cellNF: true });
  return { reply, book, rows: (name: string) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name], { header: 1, raw: true }) };
}

describe("a month's report as a workbook (#33)", () => {
  it("gains an Objectives sheet when the month has objectives (#48): shares to a thousandth of a percent, minutes of budget", async () => {
    const objectives = [
      {
        id: "api",
        name: "=API",
        availability: 99.9,
        maintenance: "excluded" as const,
        servers: 2,
        attained: 0.99954,
        met: true,
        slots: { good: 16396, bad: 8, unknown: 0, maintenance: 0 },
        budget: { slots: 16.404, seconds: 4921.2, remainingSlots: 8.404, remainingSeconds: 2521.2, remainingShare: 0.512 },
      },
    ];
    const reply = await writeSpec(buildMonthWorkbook({ ...report, objectives }, "S"));
    if (!reply.ok) throw new Error(reply.message);
    const book = XLSX.read(new Uint8Array(reply.bytes), { cellNF: true });
    expect(book.SheetNames.at(-1)).toBe("Objectives");
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Objectives, { header: 1, raw: true });
    expect(rows[1]).toEqual(["=API", "api", 0.999, "left out", 0.99954, "met", 16396, 8, 0, 82.02, 42.02]);
    expect(book.Sheets.Objectives.E2.z).toBe("0.000%");
    // a name is text, never a formula
    expect(book.Sheets.Objectives.A2.f).toBeUndefined();
  });

  it("has a Summary, a Servers, an Outages, an Incidents and a Maintenance sheet, named after the month", async () => {
    const { reply, book } = await readBack();
    expect(reply.ok && reply.fileName).toBe("availability-report-2028-02.xlsx");
    expect(book.SheetNames).toEqual(["Summary", "Servers", "Outages", "Incidents", "Maintenance"]);
  });

  it("the month's incidents and windows, times as UTC date cells, a title kept as text; the alerts counted in the summary", async () => {
    const { rows, book } = await readBack();
    const day = (iso: string) => (Date.parse(iso) - Date.UTC(1899, 11, 30)) / 86_400_000;
    expect(rows("Incidents")).toEqual([
      ["Incident", "Impact", "Servers", "Began (UTC)", "Resolved (UTC)"],
      ["=1+1", "Minor impact", "A, B", day("2028-02-03T10:00:00Z"), day("2028-02-03T12:00:00Z")],
      ["Still open", "Critical impact", undefined, day("2028-02-28T10:00:00Z"), "open"],
    ]);
    expect(book.Sheets.Incidents.A2.f).toBeUndefined();
    expect(rows("Maintenance")[1]).toEqual(["Patching", "A", day("2028-02-06T01:30:00Z"), day("2028-02-06T02:30:00Z")]);
    const summary = new Map(rows("Summary").map((r) => [r[0], r[1]] as const));
    expect(summary.get("Alerts raised")).toBe("4 (3 errors, 1 notice)");
  });

  it("the summary: the period and status as text, the figures as numbers, availability as a percentage", async () => {
    const { rows, book } = await readBack();
    const summary = new Map(
      rows("Summary")
        .slice(1)
        .map((r) => [r[0], r[1]] as const),
    );
    expect(summary.get("Site")).toBe("Location Tracker");
    expect(summary.get("Period (UTC)")).toBe("2028-02-01 to 2028-03-01");
    expect(summary.get("Status")).toBe("Completed");
    expect(summary.get("Availability")).toBeCloseTo(8304 / 8328, 12);
    expect(summary.get("Downtime (min)")).toBe(120);
    expect(summary.get("Response time, p95 (ms)")).toBe(398.5);
    expect(summary.get("Availability counts checks a dependency made fail")).toBe("yes");
    expect(summary.get("Checks down because of a dependency")).toBe(0);
    // the time is a date cell (days since 1899-12-30), in UTC
    expect(summary.get("Figures as of (UTC)")).toBe((Date.parse("2028-03-02T00:00:00Z") - Date.UTC(1899, 11, 30)) / 86_400_000);
    const availability = Object.values(book.Sheets.Summary).find((c: { v?: unknown }) => c?.v === summary.get("Availability")) as {
      z?: string;
    };
    expect(availability.z).toBe("0.00%");
  });

  it("a row per server, a text name kept as text (never a formula), no figure an empty cell, not 0", async () => {
    const { rows, book } = await readBack();
    const servers = rows("Servers");
    expect(servers[0].slice(0, 4)).toEqual(["Server", "Id", "Availability", "Checks"]);
    expect(servers[1].slice(0, 4)).toEqual(['=HYPERLINK("x")', "srv-a", 8304 / 8328, 8328]);
    expect(book.Sheets.Servers.A2.f).toBeUndefined();
    expect(servers[2][2]).toBeUndefined();
    expect(servers[2][3]).toBe(0);
  });

  it("each outage whole, in UTC date cells; one still going on says so and lasts up to the figures' time", async () => {
    const outages = (await readBack()).rows("Outages");
    expect(outages).toHaveLength(3);
    expect(outages[1][3]).toBe(60);
    expect(outages[2][2]).toBe("still down");
    expect(outages[2][3]).toBe(25 * 60);
  });

  it("checks from several places: a Places sheet, the fleet's rows first, each place's times as numbers", async () => {
    const times = { median: 40, p95: 44, p99: 48, daysKept: 20, daysTimed: 29 };
    const places = [
      { place: "ap-south", answered: 10, times: null },
      { place: "eu-west", answered: 20, times },
    ];
    const placed = { ...report, fleet: { ...report.fleet, places }, servers: [{ ...report.servers[0], places: [places[1]] }] };
    const reply = await writeSpec(buildMonthWorkbook(placed, "S"));
    if (!reply.ok) throw new Error(reply.message);
    const book = XLSX.read(new Uint8Array(reply.bytes));
    expect(book.SheetNames).toEqual(["Summary", "Servers", "Places", "Outages", "Incidents", "Maintenance"]);
    expect(XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Places, { header: 1 })).toEqual([
      ["Servers", "Id", "Place", "Answers", "Median (ms)", "p95 (ms)", "p99 (ms)", "Days with times kept"],
      ["All servers", undefined, "ap-south", 10],
      ["All servers", undefined, "eu-west", 20, 40, 44, 48, 20],
      ['=HYPERLINK("x")', "srv-a", "eu-west", 20, 40, 44, 48, 20],
    ]);
  });
});
