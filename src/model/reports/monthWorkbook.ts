/**
 * A month's availability report as a workbook (#33): a Summary sheet (the
 * period, the status and the fleet's figures), a Servers sheet (a row per
 * checked server), an Outages sheet (each outage, whole), and the month's
 * Incidents and Maintenance (the alerts' count is in the summary). Excel's rules are
 * workbook.ts's: numbers are number cells (availability and coverage shown as
 * percentages, times in milliseconds, durations in minutes), times are date
 * cells in UTC, every text a text cell.
 */
import type { ReportDocument } from "../../publish/reportData";
import { statusLabel } from "../../domain/kernel/status";
import { IMPACT_LABELS } from "../../domain/incidents/statusNotices";
import { alertsWords, metWords } from "./monthWords";
import { numberCell, sheet, utcDateTimeCell, type Cell, type WorkbookSpec } from "../export/workbook";

type Report = ReportDocument["report"];
type Figures = Report["fleet"];

const share = (value: number | null): Cell => (value === null ? { t: "z" } : { t: "n", v: value, z: "0.00%" });
/** An objective's share to a thousandth of a percent: 99.95 % and 99.9 % are told apart. */
const preciseShare = (value: number | null): Cell => (value === null ? { t: "z" } : { t: "n", v: value, z: "0.000%" });
/** Milliseconds as minutes, to a hundredth; none is an empty cell. */
const minutes = (ms: number | null): Cell => (ms === null ? { t: "z" } : { t: "n", v: Math.round(ms / 600) / 100, z: "0.00" });
const utc = (iso: string): string | Cell => utcDateTimeCell(iso) ?? iso;

/** The figures a server's row and the summary share, in the Servers sheet's order from Availability. */
const FIGURE_COLUMNS: ReadonlyArray<{ header: string; cell: (f: Figures) => Cell }> = [
  { header: "Availability", cell: (f) => share(f.availability) },
  { header: "Checks", cell: (f) => numberCell(f.checks) },
  { header: "Checks up", cell: (f) => numberCell(f.up) },
  { header: "Checks in maintenance", cell: (f) => numberCell(f.maintenanceChecks) },
  { header: "Checks down because of a dependency", cell: (f) => numberCell(f.causedChecks) },
  { header: "Downtime (min)", cell: (f) => minutes(f.downtimeMs) },
  { header: "Outages", cell: (f) => numberCell(f.outages) },
  { header: "Longest outage (min)", cell: (f) => minutes(f.longestOutageMs) },
  { header: "Time to recover, median (min)", cell: (f) => minutes(f.medianRecoveryMs) },
  { header: "Response time, median (ms)", cell: (f) => numberCell(f.times?.median ?? null) },
  { header: "Response time, p95 (ms)", cell: (f) => numberCell(f.times?.p95 ?? null) },
  { header: "Response time, p99 (ms)", cell: (f) => numberCell(f.times?.p99 ?? null) },
  { header: "Days with times kept", cell: (f) => numberCell(f.times?.daysKept ?? null) },
  { header: "Checks covered", cell: (f) => share(f.covered) },
];

/** A period's report as the Generate Report dialog makes it: a month's figures over the days picked, each server named. */
export type PeriodDocument = Omit<Report, "month" | "events"> & { events?: Report["events"] };

/** The Summary, Servers and Outages sheets, which a month's and a period's workbooks share. */
function figureSheets(report: PeriodDocument, siteName: string, period: string, used: Set<string>, count: { cut: number }) {
  const summary: Array<Array<string | Cell>> = [
    ["Site", siteName],
    ["Period (UTC)", period],
    ["Status", statusLabel(report.status)],
    ["Figures as of (UTC)", utc(report.asOf)],
    ...(report.reason ? [["Why it failed", report.reason] as Array<string | Cell>] : []),
    ["Checked servers", numberCell(report.servers.length)],
    ["Availability counts checks a dependency made fail", report.causedDowntime === "excluded" ? "no, left out" : "yes"],
    ...FIGURE_COLUMNS.map((c) => [c.header, c.cell(report.fleet)]),
    ...(report.events ? [["Alerts raised", alertsWords(report.events.alerts)] as Array<string | Cell>] : []),
  ];
  const servers = report.servers.map((s) => [s.name, s.server, ...FIGURE_COLUMNS.map((c) => c.cell(s))]);
  const asOf = Date.parse(report.asOf);
  const outages = report.servers.flatMap((s) =>
    s.outageTimes.map((o) => [
      s.name,
      utc(o.from),
      o.to === null ? "still down" : utc(o.to),
      minutes((o.to === null ? asOf : Date.parse(o.to)) - Date.parse(o.from)),
    ]),
  );
  // Checks from several places: each place's answers and times, the fleet's first.
  const placeRow = (who: string, id: string | Cell, p: NonNullable<Figures["places"]>[number]) => [
    who,
    id,
    p.place,
    numberCell(p.answered),
    numberCell(p.times?.median ?? null),
    numberCell(p.times?.p95 ?? null),
    numberCell(p.times?.p99 ?? null),
    numberCell(p.times?.daysKept ?? null),
  ];
  const places = report.fleet.places
    ? [
        ...report.fleet.places.map((p) => placeRow("All servers", { t: "z" }, p)),
        ...report.servers.flatMap((s) => (s.places ?? []).map((p) => placeRow(s.name, s.server, p))),
      ]
    : null;
  return [
    sheet("Summary", ["Figure", "Value"], summary, used, count),
    sheet("Servers", ["Server", "Id", ...FIGURE_COLUMNS.map((c) => c.header)], servers, used, count),
    ...(places
      ? [
          sheet(
            "Places",
            ["Servers", "Id", "Place", "Answers", "Median (ms)", "p95 (ms)", "p99 (ms)", "Days with times kept"],
            places,
            used,
            count,
          ),
        ]
      : []),
    sheet("Outages", ["Server", "Down from (UTC)", "Back at (UTC)", "Lasted (min)"], outages, used, count),
  ];
}

export function buildMonthWorkbook(report: Report, siteName: string): WorkbookSpec {
  const used = new Set<string>();
  const count = { cut: 0 };
  const names = (affected: ReadonlyArray<{ name: string }>): string | Cell =>
    affected.length === 0 ? { t: "z" } : affected.map((a) => a.name).join(", ");
  const incidents = report.events.incidents.map((i) => [
    i.title,
    IMPACT_LABELS[i.impact],
    names(i.affected),
    utc(i.began),
    i.resolved === null ? "open" : utc(i.resolved),
  ]);
  const maintenance = report.events.maintenance.map((m) => [m.title, names(m.affected), utc(m.start), utc(m.end)]);
  // The objectives judged on the month's checks (#48): a sheet only when content has some.
  const objectives = (report.objectives ?? []).map((o) => [
    o.name,
    o.id,
    preciseShare(Number((o.availability / 100).toPrecision(12))),
    o.maintenance === "counted" ? "counted as down" : "left out",
    preciseShare(o.attained),
    o.met === null ? { t: "z" as const } : metWords(o, report.status === "processing"),
    numberCell(o.slots.good),
    numberCell(o.slots.bad),
    numberCell(Math.round(o.slots.unknown * 10) / 10),
    o.budget === null ? { t: "z" as const } : minutes(o.budget.seconds * 1000),
    o.budget === null ? { t: "z" as const } : minutes(o.budget.remainingSeconds * 1000),
  ]);
  return {
    fileName: `availability-report-${report.month}.xlsx`,
    sheets: [
      ...figureSheets(report, siteName, `${report.start.slice(0, 10)} to ${report.end.slice(0, 10)}`, used, count),
      sheet("Incidents", ["Incident", "Impact", "Servers", "Began (UTC)", "Resolved (UTC)"], incidents, used, count),
      sheet("Maintenance", ["Window", "Servers", "From (UTC)", "To (UTC)"], maintenance, used, count),
      ...(objectives.length > 0
        ? [
            sheet(
              "Objectives",
              [
                "Objective",
                "Id",
                "Target",
                "Maintenance",
                "Attained",
                "Met",
                "Slots good",
                "Slots bad",
                "Slots not checked",
                "Error budget (min)",
                "Budget left (min)",
              ],
              objectives,
              used,
              count,
            ),
          ]
        : []),
    ],
    truncatedCells: count.cut,
  };
}

/** The first and last whole UTC day of a period, as the dialog asked for it ("2028-02-10", "2028-02-14"). */
export const periodDays = (report: Pick<PeriodDocument, "start" | "end">): [string, string] => [
  report.start.slice(0, 10),
  new Date(Date.parse(report.end) - 86_400_000).toISOString().slice(0, 10),
];

/** A period's report as a workbook: the same Summary, Servers and Outages sheets as a month's. */
export function buildPeriodWorkbook(report: PeriodDocument, siteName: string): WorkbookSpec {
  const used = new Set<string>();
  const count = { cut: 0 };
  const [first, last] = periodDays(report);
  return {
    fileName: `availability-report-${first}-to-${last}.xlsx`,
    sheets: figureSheets(report, siteName, `${first} to ${last}, whole days`, used, count),
    truncatedCells: count.cut,
  };
}
