/** @jest-environment node */
import * as XLSX from "xlsx";
import { emptyRollup, mapSeries, type Rollup, type ServerRollup } from "../../../src/domain/checks/rollups";
import { encodeSketch, sketchOf } from "../../../src/domain/checks/timeSketch";
import { DAY_MS } from "../../../src/domain/kernel/time";
import { gatherPeriod } from "../../../src/domain/reports/month";
import { historyDocument } from "../../../src/publish/historyData";
import { writePeriodReport } from "../../../src/components/domain/writePeriodReport";
import type { PeriodRequest } from "../../../src/components/domain/workbookMessages";

const day = (iso: string) => Date.parse(`${iso}T00:00:00.000Z`);
const ASOF = new Date("2028-02-20T12:00:00Z");

/** A day of 288 checks, `down` of them offline, the others answering in `ms`. */
const dayOf = (down: number, ms: number, caused = 0): Rollup => ({
  up: 288 - down,
  total: 288,
  answered: 288 - down,
  median: null,
  p95: null,
  ...(caused > 0 ? { caused } : {}),
  sketch: encodeSketch(sketchOf(Array.from({ length: 288 - down }, () => ms))),
});

function serverOf(
  server: string,
  ms: number,
  down: Record<string, number> = {},
  outages: ServerRollup["outages"] = [],
  caused: Record<string, number> = {},
): ServerRollup {
  const days = new Map<number, Rollup>();
  for (let d = day("2028-02-01"); d <= day("2028-02-20"); d += DAY_MS) {
    const date = new Date(d).toISOString().slice(0, 10);
    days.set(d, dayOf(down[date] ?? 0, ms, caused[date] ?? 0));
  }
  return { ...emptyRollup(server), daily: mapSeries(days, DAY_MS), outages };
}

const SERVERS = [
  serverOf("web", 40, { "2028-02-10": 12 }, [["2028-02-10T03:00:00.000Z", "2028-02-10T04:00:00.000Z"]]),
  // 30 of its 36 failed checks on the 9th were a dependency's doing
  serverOf("db", 120, { "2028-02-09": 36 }, [], { "2028-02-09": 30 }),
];
const published = new Map(SERVERS.map((r) => [`/api/v1/history/${r.server}.json`, historyDocument(r, ASOF, 300_000, ASOF)]));
const fetcher = (async (url: string) => {
  const document = published.get(url);
  // the second server's file comes first: the report keeps the reader's order
  if (url.endsWith("web.json")) await new Promise((r) => setTimeout(r, 10));
  return document ? new Response(JSON.stringify(document), { status: 200 }) : new Response("not found", { status: 404 });
}) as typeof fetch;

const request = (over: Partial<PeriodRequest> = {}): PeriodRequest => ({
  servers: [
    { server: "web", name: "Web <b>", url: "/api/v1/history/web.json" },
    { server: "db", name: "Database", url: "/api/v1/history/db.json" },
  ],
  from: day("2028-02-08"),
  to: day("2028-02-12"),
  asOf: ASOF.toISOString(),
  intervalMs: 300_000,
  causedDowntime: "counted",
  format: "json",
  siteName: "Location Tracker",
  ...over,
});

const text = (bytes: ArrayBuffer) => new TextDecoder().decode(bytes);

describe("Generate Report's report, made from the published histories (#33)", () => {
  it("has the figures the build's own gathering gives for those days, each server named, in the reader's order", async () => {
    const reply = await writePeriodReport(request(), fetcher);
    if (!reply.ok) throw new Error(reply.message);
    expect(reply.fileName).toBe("availability-report-2028-02-08-to-2028-02-11.json");
    const { report } = JSON.parse(text(reply.bytes)) as { report: { servers: Array<{ name: string; server: string }> } };
    const direct = gatherPeriod(day("2028-02-08"), day("2028-02-12"), ASOF, 300_000);
    for (const r of SERVERS) direct.add(r.server, r);
    const expected = direct.report();
    expect(report).toEqual({
      ...expected,
      servers: expected.servers.map((s) => ({ ...s, name: s.server === "web" ? "Web <b>" : "Database" })),
    });
    expect(report.servers.map((s) => s.server)).toEqual(["web", "db"]);
    expect(expected.fleet).toMatchObject({ checks: 2 * 4 * 288, up: 2 * 4 * 288 - 12 - 36, outages: 1, downtimeMs: 3_600_000 });
    expect(expected.fleet).toMatchObject({ causedChecks: 30, availability: (2 * 4 * 288 - 48) / (2 * 4 * 288) });
  });

  it("leaves the checks a dependency made fail out of the availability when the site says so, as the build does", async () => {
    const reply = await writePeriodReport(request({ causedDowntime: "excluded" }), fetcher);
    if (!reply.ok) throw new Error(reply.message);
    type Figures = { causedChecks: number; availability: number; checks: number; up: number };
    const { report } = JSON.parse(text(reply.bytes)) as { report: { causedDowntime: string; fleet: Figures; servers: Figures[] } };
    expect(report.causedDowntime).toBe("excluded");
    const db = report.servers[1];
    expect(db).toMatchObject({ checks: 4 * 288, up: 4 * 288 - 36, causedChecks: 30 });
    expect(db.availability).toBeCloseTo((4 * 288 - 36) / (4 * 288 - 30), 12);
    expect(report.fleet.availability).toBeCloseTo((2 * 4 * 288 - 48) / (2 * 4 * 288 - 30), 12);
    const direct = gatherPeriod(day("2028-02-08"), day("2028-02-12"), ASOF, 300_000, "excluded");
    for (const r of SERVERS) direct.add(r.server, r);
    expect(report.fleet).toEqual(JSON.parse(JSON.stringify(direct.report().fleet)));
  });

  it("as a workbook: the Summary says the days picked, a row per server", async () => {
    const reply = await writePeriodReport(request({ format: "xlsx" }), fetcher);
    if (!reply.ok) throw new Error(reply.message);
    expect(reply.fileName).toBe("availability-report-2028-02-08-to-2028-02-11.xlsx");
    const book = XLSX.read(new Uint8Array(reply.bytes));
    expect(book.SheetNames).toEqual(["Summary", "Servers", "Outages"]);
    const summary = new Map(XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Summary, { header: 1 }).map((r) => [r[0], r[1]] as const));
    expect(summary.get("Period (UTC)")).toBe("2028-02-08 to 2028-02-11, whole days");
    expect(summary.get("Checks")).toBe(2 * 4 * 288);
    const servers = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Servers, { header: 1 }).slice(1);
    expect(servers.map((r) => r[0])).toEqual(["Web <b>", "Database"]);
  });

  it("a history that cannot be fetched fails the report, naming the server, and nothing is written", async () => {
    const reply = await writePeriodReport(
      request({ servers: [...request().servers, { server: "gone", name: "Gone", url: "/api/v1/history/gone.json" }] }),
      fetcher,
    );
    expect(reply).toEqual({ ok: false, message: "the history of Gone answered 404" });
    const offline = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    expect(await writePeriodReport(request(), offline)).toEqual({
      ok: false,
      message: "the history of Web <b> could not be fetched; check the connection and try again",
    });
  });

  it("a history it would misread is refused, naming the server and what is wrong with it", async () => {
    const served = (body: string) => (async () => new Response(body, { status: 200 })) as typeof fetch;
    const one = request({ servers: [request().servers[0]] });
    const web = published.get("/api/v1/history/web.json")!;
    const cases: Array<[string, string]> = [
      ["<!doctype html><p>Not found</p>", "the history of Web <b> is not JSON"],
      [
        JSON.stringify({ ...web, daily: { ...web.daily, up: web.daily.up.slice(1) } }),
        "the history of Web <b> is damaged: its daily columns differ in length (19, 20, 20, 19, 19, 20)",
      ],
      [
        JSON.stringify({ ...web, daily: { ...web.daily, total: web.daily.total.map(() => "288") } }),
        "the history of Web <b> has days that are not counts",
      ],
      [JSON.stringify({ ...web, daily: undefined }), "the history of Web <b> has days that are not counts"],
      [JSON.stringify({ ...web, server: "db" }), "the history of Web <b> is not that server's history"],
      [
        JSON.stringify({ ...web, asOf: "2028-02-19T12:00:00.000Z" }),
        `the history of Web <b> is as of 2028-02-19T12:00:00.000Z, not ${ASOF.toISOString()} as the list of histories: reload the page and try again`,
      ],
      [
        JSON.stringify({ ...web, daily: { ...web.daily, sketch: web.daily.sketch!.map(() => "x!") } }),
        "the history of Web <b> is damaged: its daily sketch 0 is not a time sketch",
      ],
    ];
    for (const [body, message] of cases) expect(await writePeriodReport(one, served(body))).toEqual({ ok: false, message });
  });
});
