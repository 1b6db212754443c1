/** @jest-environment node */
import * as XLSX from "xlsx";
// The site writes with SheetJS's mini build (see useWorkbookExport); the full build reads it back.
import * as XLSXMini from "xlsx/dist/xlsx.mini.min.js";
import {
  ALERT_COLUMNS,
  buildServerReport,
  CELL_TEXT_MAX,
  type Cell,
  percentCell,
  safeSheetName,
  SERVER_COLUMNS,
  SHEET_NAME_MAX,
  textCell,
  TRUNCATION_MARK,
  type WorkbookSpec,
} from "../../../src/model/export/workbook";
import type { Alert, Server } from "../../../src/domain/kernel/types";
import { makeServer } from "../fixtures";

const FORBIDDEN = /[:\\/?*[\]]/;
const NOW = new Date(2026, 10, 23, 23, 59, 59); // local (UTC) 2026-11-23

function alert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: "alert-1",
    server: "AP-East-1",
    type: "error",
    message: "Server offline: connection timeout after 30 s",
    ip: "203.0.113.58",
    location: "Hong Kong, China",
    timestamp: "2026-11-23 10:37 UTC",
    ...overrides,
  };
}

function expectValidSheetName(name: string): void {
  expect(name.length).toBeGreaterThan(0);
  expect(name.length).toBeLessThanOrEqual(31);
  expect(name).not.toMatch(FORBIDDEN);
  expect(name.startsWith("'")).toBe(false);
  expect(name.endsWith("'")).toBe(false);
}

describe("limits", () => {
  it("are Excel's: 31-character sheet names, 32767-character cells", () => {
    expect(SHEET_NAME_MAX).toBe(31);
    expect(CELL_TEXT_MAX).toBe(32767);
    expect(TRUNCATION_MARK.length).toBeGreaterThan(0);
  });
});

describe("safeSheetName", () => {
  it("keeps a valid name and records it lower-cased as used", () => {
    const used = new Set<string>();
    expect(safeSheetName("Server Status", used)).toBe("Server Status");
    expect(used.has("server status")).toBe(true);
  });

  it("makes a name unique ignoring case: 'Alerts' then 'alerts' gives 'alerts (2)'", () => {
    const used = new Set<string>();
    expect(safeSheetName("Alerts", used)).toBe("Alerts");
    expect(safeSheetName("alerts", used)).toBe("alerts (2)");
    expect(safeSheetName("ALERTS", used)).toBe("ALERTS (3)");
    expect(safeSheetName("Alerts", used)).toBe("Alerts (4)");
  });

  it("does not collide with an earlier suffixed name", () => {
    const used = new Set<string>();
    const names = ["Alerts", "Alerts (2)", "alerts", "ALERTS (2)"].map((n) => safeSheetName(n, used));
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(4);
    names.forEach(expectValidSheetName);
  });

  it("cuts a long name to 31 characters", () => {
    const wanted = "Quarterly Server Availability Report 2026";
    const name = safeSheetName(wanted, new Set());
    expect(name.length).toBeLessThanOrEqual(31);
    expect(wanted.startsWith(name)).toBe(true);
    expect(name.length).toBeGreaterThanOrEqual(30);
  });

  it("keeps a long duplicate within 31 characters with its suffix", () => {
    const used = new Set<string>();
    const wanted = "x".repeat(40);
    const first = safeSheetName(wanted, used);
    const second = safeSheetName(wanted.toUpperCase(), used);
    expect(first).toBe("x".repeat(31));
    expect(second.length).toBeLessThanOrEqual(31);
    expect(second.endsWith(" (2)")).toBe(true);
    expect(second.toLowerCase()).not.toBe(first.toLowerCase());
  });

  it("removes every forbidden character : \\ / ? * [ ] and keeps the rest in order", () => {
    const name = safeSheetName("Q1: a/b\\c?d*e[f]g", new Set());
    expectValidSheetName(name);
    expect(name.replace(/\s+/g, "")).toBe("Q1abcdefg");
  });

  it.each([
    ["'Quoted'", "Quoted"],
    ["''Alerts''", "Alerts"],
    ["'Alerts", "Alerts"],
    ["Alerts'", "Alerts"],
  ])("strips the apostrophes around %j", (wanted, expected) => {
    const name = safeSheetName(wanted, new Set());
    expect(name).toBe(expected);
    expectValidSheetName(name);
  });

  it("keeps an apostrophe inside the name", () => {
    expect(safeSheetName("Ops' view", new Set())).toBe("Ops' view");
  });

  it.each(["", "   ", "'''", "[]", ":/\\?*", "' '"])("gives a usable name for %j", (wanted) => {
    const name = safeSheetName(wanted, new Set());
    expectValidSheetName(name);
  });

  it("does not end with an apostrophe when the 31-character cut lands just after one", () => {
    // 30 letters then an apostrophe: the cut at 31 keeps the apostrophe last.
    const name = safeSheetName(`${"A".repeat(30)}'s server report`, new Set());
    expectValidSheetName(name);
  });

  it("does not start with an apostrophe hidden behind a space or forbidden character", () => {
    expectValidSheetName(safeSheetName("' 'Alerts", new Set()));
    expectValidSheetName(safeSheetName("[/]'Alerts", new Set()));
    expectValidSheetName(safeSheetName("Alerts' '", new Set()));
  });

  it("keeps every invariant for many awkward names at once", () => {
    const used = new Set<string>();
    const pieces = ["Alerts", "alerts", "'", "''", ":", "\\", "/", "?", "*", "[", "]", " ", "x".repeat(35), "Server Status", "ü", "(2)"];
    const names: string[] = [];
    for (const a of pieces) for (const b of pieces) names.push(safeSheetName(a + b, used));
    names.forEach(expectValidSheetName);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });
});

describe("textCell", () => {
  it.each(["", "plain", "=1+1", "+1", "-2", "@SUM(A1)", "a".repeat(32767)])(
    "keeps %#: a text of up to 32767 characters as a text cell",
    (text) => {
      expect(textCell(text)).toEqual({ cell: { t: "s", v: text }, truncated: false });
    },
  );

  it.each([32768, 40000, 100000])("cuts a text of %p characters to exactly 32767, marking the cut", (length) => {
    const text = "abcdefghij".repeat(Math.ceil(length / 10)).slice(0, length);
    const { cell, truncated } = textCell(text);
    expect(truncated).toBe(true);
    expect(cell.t).toBe("s");
    const v = cell.v as string;
    expect(v).toHaveLength(32767);
    expect(v.endsWith(TRUNCATION_MARK)).toBe(true);
    expect(text.startsWith(v.slice(0, 32767 - TRUNCATION_MARK.length))).toBe(true);
  });
});

describe("percentCell", () => {
  it.each<[string, number, string]>([
    ["99.9%", 0.999, "0.0%"],
    ["100%", 1, "0%"],
    ["0%", 0, "0%"],
    ["94.1%", 0.941, "0.0%"],
    ["97.25%", 0.9725, "0.00%"],
    [" 99.5 % ", 0.995, "0.0%"],
  ])("%j -> number %p shown as %s", (text, v, z) => {
    expect(percentCell(text)).toEqual({ t: "n", v, z });
  });

  it.each(["abc", "99.9", "", "%", "-5%", "99,9%", "1e2%", "99.9%%", "N/A"])("%j is not a percent (null)", (text) => {
    expect(percentCell(text)).toBeNull();
  });
});

describe("buildServerReport", () => {
  const servers: Server[] = [
    makeServer({
      name: "US-East-1",
      ip: "192.0.2.10",
      location: "Ashburn, USA",
      status: "online",
      uptime: "99.9%",
      responseTime: 45,
      lastChecked: "2026-11-23T10:42:15Z",
    }),
    makeServer({
      name: "AP-East-1",
      ip: "203.0.113.58",
      location: "Hong Kong, China",
      status: "offline",
      uptime: "94.1%",
      responseTime: null,
      lastChecked: "2026-11-23T10:37:02Z",
    }),
  ];

  it("names the file server-report-YYYY-MM-DD.xlsx from the local date", () => {
    expect(buildServerReport(servers, [], NOW).fileName).toBe("server-report-2026-11-23.xlsx");
    expect(buildServerReport(servers, [], new Date(2027, 0, 5, 0, 0, 1)).fileName).toBe("server-report-2027-01-05.xlsx");
  });

  it("has the sheets Server Status and Alerts with the spec's header rows as text cells", () => {
    const spec = buildServerReport(servers, [alert()], NOW);
    expect(spec.sheets.map((s) => s.name)).toEqual(["Server Status", "Alerts"]);
    expect(spec.sheets[0].rows[0]).toEqual(
      ["Server Name", "IP Address", "Location", "Status", "Uptime", "Response Time (ms)", "Last Checked", "Source"].map((v) => ({
        t: "s",
        v,
      })),
    );
    expect(spec.sheets[1].rows[0]).toEqual(
      ["Server", "Type", "Message", "IP Address", "Location", "Timestamp"].map((v) => ({ t: "s", v })),
    );
    expect([...SERVER_COLUMNS]).toEqual(spec.sheets[0].rows[0].map((c) => c.v));
    expect([...ALERT_COLUMNS]).toEqual(spec.sheets[1].rows[0].map((c) => c.v));
  });

  it("writes one row per server: texts as text, uptime as a percent number, response time as a number", () => {
    const rows = buildServerReport(servers, [], NOW).sheets[0].rows;
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual<Cell[]>([
      { t: "s", v: "US-East-1" },
      { t: "s", v: "192.0.2.10" },
      { t: "s", v: "Ashburn, USA" },
      { t: "s", v: "Online" },
      { t: "n", v: 0.999, z: "0.0%" },
      { t: "n", v: 45 },
      // 2026-11-23 is day 46349 of Excel's calendar; 10:42:15 is 38535 s into it.
      { t: "n", v: expect.closeTo(46349 + 38535 / 86400, 9) as number, z: "yyyy-mm-dd hh:mm:ss" },
      { t: "s", v: "Simulated" },
    ]);
    // no answer: an empty cell, not 0 ms
    expect(rows[2][5]).toEqual({ t: "z" });
    expect(rows[2][3]).toEqual({ t: "s", v: "Offline" });
  });

  it("from several places: a column per place after the others, each server's time from there, empty where none (#32)", () => {
    const fromPlaces = [
      makeServer({
        placeTimes: [
          { location: "us-east", ms: 30 },
          { location: "eu-west", ms: null },
        ],
      }),
      makeServer({
        placeTimes: [
          { location: "ap-south", ms: 120 },
          { location: "us-east", ms: 41 },
        ],
      }),
      makeServer(),
    ];
    const rows = buildServerReport(fromPlaces, [], NOW).sheets[0].rows;
    expect(rows[0].map((c) => c.v).slice(SERVER_COLUMNS.length)).toEqual([
      "Response Time from ap-south (ms)",
      "Response Time from eu-west (ms)",
      "Response Time from us-east (ms)",
    ]);
    expect(rows.slice(1).map((row) => row.slice(SERVER_COLUMNS.length))).toEqual([
      [{ t: "z" }, { t: "z" }, { t: "n", v: 30 }],
      [{ t: "n", v: 120 }, { t: "z" }, { t: "n", v: 41 }],
      [{ t: "z" }, { t: "z" }, { t: "z" }],
    ]);
    // from one place: no such column
    expect(buildServerReport(servers, [], NOW).sheets[0].rows[0]).toHaveLength(SERVER_COLUMNS.length);
  });

  it("keeps an uptime that is not a percent as text", () => {
    const rows = buildServerReport([makeServer({ uptime: "unknown" })], [], NOW).sheets[0].rows;
    expect(rows[1][4]).toEqual({ t: "s", v: "unknown" });
  });

  it("never writes a NaN or infinite number cell", () => {
    const rows = buildServerReport([makeServer({ responseTime: NaN }), makeServer({ responseTime: Infinity })], [], NOW).sheets[0].rows;
    for (const cell of [rows[1][5], rows[2][5]]) {
      expect(cell.t === "n" && !Number.isFinite(cell.v)).toBe(false);
    }
  });

  it("writes one row per alert: texts as text, the time as a date", () => {
    const rows = buildServerReport(
      [],
      [alert(), alert({ id: "alert-2", server: "AP-South-1", type: "warning", message: "High response time" })],
      NOW,
    ).sheets[1].rows;
    expect(rows).toHaveLength(3);
    expect(rows[1].slice(0, 5)).toEqual(
      ["AP-East-1", "error", "Server offline: connection timeout after 30 s", "203.0.113.58", "Hong Kong, China"].map((v) => ({
        t: "s",
        v,
      })),
    );
    // 2026-11-23 10:37 UTC, shown in local time (TZ is UTC in the tests)
    expect(rows[1][5]).toEqual({ t: "n", v: expect.closeTo(46349 + (10 * 60 + 37) / 1440, 9) as number, z: "yyyy-mm-dd hh:mm:ss" });
    expect(rows[2][1]).toEqual({ t: "s", v: "warning" });
    expect(rows[2][2]).toEqual({ t: "s", v: "High response time" });
  });

  it.each(['=HYPERLINK("http://x")', "+1", "-2", "@SUM(A1)", "=1+1"])("keeps the formula-looking text %j a text cell", (message) => {
    const spec = buildServerReport([makeServer({ name: message })], [alert({ message })], NOW);
    expect(spec.sheets[1].rows[1][2]).toEqual({ t: "s", v: message });
    expect(spec.sheets[0].rows[1][0]).toEqual({ t: "s", v: message });
  });

  it("cuts over-long texts to 32767 characters and counts the cut cells", () => {
    const long = "m".repeat(40000);
    const spec = buildServerReport([makeServer({ location: long })], [alert({ message: long }), alert({ message: "short" })], NOW);
    expect(spec.truncatedCells).toBe(2);
    const cut = spec.sheets[1].rows[1][2].v as string;
    expect(cut).toHaveLength(32767);
    expect(cut.endsWith(TRUNCATION_MARK)).toBe(true);
    expect((spec.sheets[0].rows[1][2].v as string).length).toBe(32767);
    expect(spec.sheets[1].rows[2][2]).toEqual({ t: "s", v: "short" });
  });

  it("counts no cut cells when every text fits", () => {
    expect(buildServerReport(servers, [alert({ message: "x".repeat(32767) })], NOW).truncatedCells).toBe(0);
  });

  it("has only the header rows for no servers and no alerts", () => {
    const spec = buildServerReport([], [], NOW);
    expect(spec.sheets.map((s) => s.rows.length)).toEqual([1, 1]);
    expect(spec.truncatedCells).toBe(0);
  });

  it("gives one column width per column, at least the header's and at most 60", () => {
    const spec = buildServerReport([makeServer({ location: "L".repeat(500) })], [alert()], NOW);
    spec.sheets.forEach((sheet) => {
      expect(sheet.widths).toHaveLength(sheet.rows[0].length);
      sheet.widths.forEach((w, c) => {
        expect(w).toBeLessThanOrEqual(60);
        expect(w).toBeGreaterThanOrEqual(Math.min(60, String(sheet.rows[0][c].v).length));
      });
    });
    expect(spec.sheets[0].widths[2]).toBe(60);
  });

  it("does not change the servers or alerts given", () => {
    const input = [makeServer()];
    const alerts = [alert()];
    const before = JSON.stringify([input, alerts]);
    buildServerReport(input, alerts, NOW);
    expect(JSON.stringify([input, alerts])).toBe(before);
  });
});

describe("the workbook written and read back with SheetJS", () => {
  function writeAndRead(spec: WorkbookSpec): XLSX.WorkBook {
    const book = XLSXMini.utils.book_new();
    for (const sheet of spec.sheets) {
      XLSXMini.utils.book_append_sheet(book, XLSXMini.utils.aoa_to_sheet(sheet.rows), sheet.name);
    }
    const buffer = XLSXMini.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
    expect(buffer.length).toBeGreaterThan(0);
    return XLSX.read(buffer);
  }

  const servers: Server[] = [
    makeServer({
      name: "US-East-1",
      ip: "192.0.2.10",
      location: "Ashburn, USA",
      status: "online",
      uptime: "99.9%",
      responseTime: 45,
      lastChecked: "2026-11-23T10:42:15Z",
    }),
    makeServer({
      name: "AP-East-1",
      ip: "203.0.113.58",
      location: "Hong Kong, China",
      status: "offline",
      uptime: "94.1%",
      responseTime: null,
      lastChecked: "2026-11-23T10:37:02Z",
    }),
  ];
  const tricky = ['=HYPERLINK("http://x")', "+1", "-2", "@SUM(A1)"];
  const alerts: Alert[] = [
    alert(),
    ...tricky.map((message, i) => alert({ id: `t-${i}`, message })),
    alert({ id: "long", message: "z".repeat(50000) }),
  ];

  let book: XLSX.WorkBook;
  beforeAll(() => {
    book = writeAndRead(buildServerReport(servers, alerts, NOW));
  });

  it("has the sheets 'Server Status' and 'Alerts'", () => {
    expect(book.SheetNames).toEqual(["Server Status", "Alerts"]);
  });

  it("has exactly the spec's header rows", () => {
    const status = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["Server Status"], { header: 1 });
    const alertRows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Alerts, { header: 1 });
    expect(status[0]).toEqual([
      "Server Name",
      "IP Address",
      "Location",
      "Status",
      "Uptime",
      "Response Time (ms)",
      "Last Checked",
      "Source",
    ]);
    expect(alertRows[0]).toEqual(["Server", "Type", "Message", "IP Address", "Location", "Timestamp"]);
  });

  it("has the server values with the right cell types", () => {
    const ws = book.Sheets["Server Status"];
    expect(ws["!ref"]).toBe("A1:H3");
    expect(ws.A2).toMatchObject({ t: "s", v: "US-East-1" });
    expect(ws.B2).toMatchObject({ t: "s", v: "192.0.2.10" });
    expect(ws.C2).toMatchObject({ t: "s", v: "Ashburn, USA" });
    expect(ws.D2).toMatchObject({ t: "s", v: "Online" });
    expect(ws.E2).toMatchObject({ t: "n", v: 0.999 });
    expect(ws.E2.w).toBe("99.9%");
    expect(ws.F2).toMatchObject({ t: "n", v: 45 });
    // A date a spreadsheet can sort and compute with, showing the local date and time (TZ is UTC in the tests).
    expect(ws.G2.t).toBe("n");
    expect(ws.G2.w).toBe("2026-11-23 10:42:15");
    expect(ws.F3).toBeUndefined();
    expect(ws.D3).toMatchObject({ t: "s", v: "Offline" });
  });

  it("has the alert values as text and the time as a date", () => {
    const ws = book.Sheets.Alerts;
    expect(ws["!ref"]).toBe(`A1:F${alerts.length + 1}`);
    expect([ws.A2, ws.B2, ws.C2, ws.D2, ws.E2].map((c: XLSX.CellObject) => [c.t, c.v])).toEqual([
      ["s", "AP-East-1"],
      ["s", "error"],
      ["s", "Server offline: connection timeout after 30 s"],
      ["s", "203.0.113.58"],
      ["s", "Hong Kong, China"],
    ]);
    expect(ws.F2.t).toBe("n");
    expect(ws.F2.w).toBe("2026-11-23 10:37:00");
  });

  it.each(tricky.map((m, i) => [m, i + 3] as const))("keeps %j as text with no formula (row %p)", (message, row) => {
    const cell = book.Sheets.Alerts[`C${row}`] as XLSX.CellObject;
    expect(cell.t).toBe("s");
    expect(cell.v).toBe(message);
    expect(cell.f).toBeUndefined();
  });

  it("has no formula anywhere in the workbook", () => {
    for (const name of book.SheetNames) {
      const ws = book.Sheets[name];
      for (const [address, cell] of Object.entries(ws)) {
        if (address.startsWith("!")) continue;
        expect((cell as XLSX.CellObject).f).toBeUndefined();
      }
    }
  });

  it("cuts the over-long message to 32767 characters", () => {
    const cell = book.Sheets.Alerts[`C${alerts.length + 1}`] as XLSX.CellObject;
    expect(cell.t).toBe("s");
    expect(String(cell.v)).toHaveLength(32767);
    expect(String(cell.v).endsWith(TRUNCATION_MARK)).toBe(true);
  });

  it("reads back de-duplicated, cleaned sheet names unchanged", () => {
    const used = new Set<string>();
    const names = ["Server Status", "Alerts", "alerts", "Server: Status/2026?", "x".repeat(40), "X".repeat(40), "'Quoted'"].map((n) =>
      safeSheetName(n, used),
    );
    const wb = XLSX.utils.book_new();
    names.forEach((n) => XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([[{ t: "s", v: n }]]), n));
    const back = XLSX.read(XLSX.write(wb, { type: "buffer", bookType: "xlsx" }) as Buffer);
    expect(back.SheetNames).toEqual(names);
    expect(new Set(back.SheetNames.map((n) => n.toLowerCase())).size).toBe(names.length);
    back.SheetNames.forEach(expectValidSheetName);
  });
});
