import { Link } from "gatsby";
import { useState, type ReactNode } from "react";
import { Button } from "../../components/ui/Button";
import { Icon } from "../../components/ui/Icon";
import { notify } from "../../components/ui/notify";
import { CODE_NOT_LOADED } from "../../components/domain/workbookMessages";
import { Badge } from "../../components/ui/Badge";
import { SectionCard } from "../../components/ui/Card";
import { PageHeader } from "../../components/ui/PageHeader";
import { DataTable } from "../../components/ui/DataTable";
import { FactList } from "../../components/ui/FactList";
import { BackLink, DetailStack, DetailStatus } from "../../components/ui/DetailPage";
import { serverPath } from "../../domain/kernel/paths";
import { statusLabel } from "../../domain/kernel/status";
import { IMPACT_LABELS } from "../../domain/incidents/statusNotices";
import type { ReportDocument } from "../../publish/reportData";
import {
  alertsWords,
  availabilityWords,
  coveredWords,
  durationWords,
  monthName,
  reportTitle,
  monthObjectiveWords,
  statusWords,
  timesCoverWords,
  timesWords,
} from "../../model/reports/monthWords";
import { formatMs } from "../../domain/kernel/format";
import { useWholeMonthReport } from "../../state/useWholeMonthReport";
import { classed } from "../../styles/classed";
import * as styles from "./MonthReportView.module.css";

type Report = ReportDocument["report"];
type Figures = Report["fleet"];

const STATUS_VARIANT = { completed: "default", processing: "secondary", failed: "destructive" } as const;

/**
 * A month's availability report (/reports/<yyyy-mm>): the fleet's figures,
 * then a row per checked server, every figure in the static HTML. Printed, it
 * is the page alone with a header naming the site and the period.
 */
export function MonthReportView({
  report: built,
  serversInAll: builtInAll,
  siteName,
  apiHref,
}: {
  report: Report;
  /** over INLINE_FLEET_LIMIT servers, how many the month has (the page carries the first: useWholeMonthReport) */
  serversInAll?: number;
  siteName: string;
  apiHref: string;
}) {
  const { report, serversInAll, state, error, whole } = useWholeMonthReport(built, builtInAll, apiHref);
  const period = `${report.start.slice(0, 10)} to ${report.end.slice(0, 10)} (UTC)`;
  return (
    <Stack>
      <PrintHead>
        {siteName} · {reportTitle(report.month)} · {period}
      </PrintHead>
      <BackLink to="/reports" data-print="hide">
        ← All reports
      </BackLink>
      <PageHeader
        title={reportTitle(report.month)}
        subtitle={`${monthName(report.month)}: ${period}, from what the check job measured`}
        actions={<WorkbookButton whole={whole} siteName={siteName} />}
      >
        <DetailStatus>
          <Badge variant={STATUS_VARIANT[report.status]}>{statusLabel(report.status)}</Badge>
          <span>{statusWords(report)}</span>
        </DetailStatus>
      </PageHeader>

      <SectionCard
        title="The fleet"
        description={`${serversInAll.toLocaleString("en-US")} checked server${serversInAll === 1 ? "" : "s"}.`}
      >
        <FiguresList
          figures={report.fleet}
          soFar={report.status === "processing"}
          alerts={report.events.alerts}
          causedDowntime={report.causedDowntime}
        />
      </SectionCard>

      {state === "whole" ? null : (
        <Note role="status">
          {state === "loading"
            ? `The ${report.servers.length.toLocaleString("en-US")} servers with the most downtime, of ${serversInAll.toLocaleString("en-US")}; the others are loading. `
            : `The ${report.servers.length.toLocaleString("en-US")} servers with the most downtime, of ${serversInAll.toLocaleString("en-US")}: the others could not be loaded (${error}). `}
          Every server&apos;s figures are in <a href={apiHref}>{apiHref}</a>.
        </Note>
      )}

      <TableSection
        title="Each server"
        emptyText="No server was checked this month."
        description={`Availability counts the checks outside maintenance${report.causedDowntime === "excluded" ? ", leaving out those a server's dependency made fail" : ""}; downtime is the time the confirmed state was offline${report.causedDowntime === "excluded" ? ", whatever the cause" : ""}.`}
        label="Each server's figures"
        caption={`Each server's figures, ${monthName(report.month)}`}
        heads={["Server", "Availability", "Downtime", "Outages", "Longest", "Recovery (median)", "Median", "p95", "p99", "Checks covered"]}
        rows={report.servers.map((s) => (
          <tr key={s.server}>
            <th scope="row">
              <Link to={serverPath(s.server)}>{s.name}</Link>
            </th>
            <td>{availabilityWords(s.availability)}</td>
            <td>{durationWords(s.downtimeMs)}</td>
            <td>{s.outages}</td>
            <td>{durationWords(s.longestOutageMs)}</td>
            <td>{durationWords(s.medianRecoveryMs)}</td>
            <td>{s.times ? formatMs(s.times.median) : "—"}</td>
            <td>{s.times ? formatMs(s.times.p95) : "—"}</td>
            <td>{s.times ? formatMs(s.times.p99) : "—"}</td>
            <td>{coveredWords(s.covered)}</td>
          </tr>
        ))}
      />

      <ObjectivesSection report={report} />

      <PlacesSection report={report} />

      <OutagesSection report={report} />

      <IncidentsSection report={report} />

      <MaintenanceSection report={report} />

      <Note data-print="hide">
        The figures of this report as data: <a href={apiHref}>{apiHref}</a>
      </Note>
    </Stack>
  );
}

/**
 * The report as a workbook: its code (the layout, the export's worker and SheetJS)
 * loads on the click; a failure is told and leaves the page as it was.
 */
function WorkbookButton({ whole, siteName }: { whole: () => Promise<Report>; siteName: string }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const [{ exportSpec }, { buildMonthWorkbook }] = await Promise.all([
        import("../../components/domain/exportWorkbook"),
        import("../../model/reports/monthWorkbook"),
      ]).catch((error: unknown) => {
        throw new Error(CODE_NOT_LOADED, { cause: error });
      });
      // every server's figures, fetched first when the page carries only some
      await exportSpec(buildMonthWorkbook(await whole(), siteName));
      notify.success("Report Exported", "Excel file downloaded successfully");
    } catch (error) {
      console.error("Export failed:", error);
      notify.error("Export failed", `The Excel file could not be created: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span data-print="hide">
      <Button onClick={() => void run()} aria-busy={busy} aria-disabled={busy || undefined}>
        <Icon name="file-spreadsheet" size={16} />
        Download workbook
      </Button>
    </span>
  );
}

const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/** Every outage of the month, server by server, whole: when it began, when it ended, how long it lasted. */
/** A section of the month holding one table (its rows given), or a sentence when it has none. */
function TableSection({
  title,
  description,
  emptyText,
  label,
  caption,
  heads,
  rows,
}: {
  title: string;
  description: string;
  emptyText: string;
  label: string;
  caption: string;
  heads: readonly string[];
  rows: ReactNode[];
}) {
  return (
    <SectionCard title={title} empty={rows.length === 0} emptyText={emptyText} description={description}>
      <DataTable label={label} caption={caption} heads={heads} rows={rows} />
    </SectionCard>
  );
}

/** Each objective of objectives.json judged on the month's checks (#48); none when content has none. */
function ObjectivesSection({ report }: { report: Report }) {
  const objectives = report.objectives ?? [];
  if (objectives.length === 0) return null;
  return (
    <TableSection
      title="Objectives"
      emptyText=""
      description="Each objective judged on this month's checks of its servers, whatever its own window: a slot is a check, good when it found the server up, bad when down; a slot the usual interval expected and no check came for counts neither way."
      label="The objectives this month"
      caption={`The objectives, ${monthName(report.month)}`}
      heads={["Objective", "Target", "Attained", "Met", "Budget left", "Not checked"]}
      rows={objectives.map((o) => {
        const words = monthObjectiveWords(o, report.status === "processing");
        return (
          <tr key={o.id}>
            <th scope="row">{o.name}</th>
            <td>{words.target}</td>
            <td>{words.attained}</td>
            <td>{words.met}</td>
            <td>{words.left}</td>
            <td>{words.unknown}</td>
          </tr>
        );
      })}
    />
  );
}

function OutagesSection({ report }: { report: Report }) {
  const rows = report.servers.flatMap((s) => s.outageTimes.map((o) => ({ name: s.name, server: s.server, ...o })));
  const asOf = Date.parse(report.asOf);
  return (
    <TableSection
      title="Outages"
      emptyText="No server was down this month."
      description="Each stretch a server's confirmed state was offline, from the check that confirmed it to the one that found it back."
      label="Outages of the month"
      caption={`Outages, ${monthName(report.month)}`}
      heads={["Server", "Down from", "Back at", "Lasted"]}
      rows={rows.map((o) => (
        <tr key={`${o.server} ${o.from}`}>
          <th scope="row">{o.name}</th>
          <td>{utc(o.from)}</td>
          <td>{o.to === null ? "still down" : utc(o.to)}</td>
          <td>{durationWords((o.to === null ? asOf : Date.parse(o.to)) - Date.parse(o.from))}</td>
        </tr>
      ))}
    />
  );
}

/** Checks from several places: each place's response times over the month, the fleet's and each server's. */
function PlacesSection({ report }: { report: Report }) {
  const places = report.fleet.places;
  if (!places) return null;
  const rows = [
    ...places.map((p) => ({ key: `fleet ${p.place}`, who: "All servers", days: "server-days", ...p })),
    ...report.servers.flatMap((s) => (s.places ?? []).map((p) => ({ key: `${s.server} ${p.place}`, who: s.name, days: "days", ...p }))),
  ];
  return (
    <TableSection
      title="Each place"
      emptyText="No place answered this month."
      description="How fast each place the checks came from was answered. A place's times are kept 62 days: an older month's say so."
      label="Each place's response times"
      caption={`Each place's response times, ${monthName(report.month)}`}
      heads={["Servers", "Place", "Answers", "Median", "p95", "p99", "Days with times"]}
      rows={rows.map((p) => (
        <tr key={p.key}>
          <th scope="row">{p.who}</th>
          <td>{p.place}</td>
          <td>{p.answered}</td>
          <td>{p.times ? formatMs(p.times.median) : "—"}</td>
          <td>{p.times ? formatMs(p.times.p95) : "—"}</td>
          <td>{p.times ? formatMs(p.times.p99) : "—"}</td>
          <td>{p.times ? `${p.times.daysKept} of ${p.times.daysTimed} ${p.days}` : "not kept"}</td>
        </tr>
      ))}
    />
  );
}

const names = (affected: ReadonlyArray<{ name: string }>) => affected.map((s) => s.name).join(", ") || "—";

/** The incidents open at some time in the month, as the editors wrote them: when each began and was resolved. */
function IncidentsSection({ report }: { report: Report }) {
  return (
    <TableSection
      title="Incidents"
      emptyText="No incident was open this month."
      description="The incidents the status page told of that were open at some time in the month."
      label="Incidents of the month"
      caption={`Incidents, ${monthName(report.month)}`}
      heads={["Incident", "Impact", "Servers", "Began", "Resolved"]}
      rows={report.events.incidents.map((i) => (
        <tr key={i.id}>
          <th scope="row">{i.title}</th>
          <td>{IMPACT_LABELS[i.impact]}</td>
          <td>{names(i.affected)}</td>
          <td>{utc(i.began)}</td>
          <td>{i.resolved === null ? "open" : utc(i.resolved)}</td>
        </tr>
      ))}
    />
  );
}

/** Each time a maintenance window was in force in the month (a month in progress: or is planned to be). */
function MaintenanceSection({ report }: { report: Report }) {
  const asOf = Date.parse(report.asOf);
  return (
    <TableSection
      title="Maintenance"
      emptyText="No maintenance window this month."
      description="Checks made inside these windows count in no availability figure above."
      label="Maintenance of the month"
      caption={`Maintenance, ${monthName(report.month)}`}
      heads={["Window", "Servers", "From", "To"]}
      rows={report.events.maintenance.map((m) => (
        <tr key={`${m.id} ${m.start}`}>
          <th scope="row">
            {m.title}
            {Date.parse(m.start) > asOf ? " (planned)" : ""}
          </th>
          <td>{names(m.affected)}</td>
          <td>{utc(m.start)}</td>
          <td>{utc(m.end)}</td>
        </tr>
      ))}
    />
  );
}

/** The figures of the fleet (or a server) as terms and values. */
function FiguresList({
  figures,
  soFar,
  alerts,
  causedDowntime,
}: {
  figures: Figures;
  soFar: boolean;
  alerts: Report["events"]["alerts"];
  causedDowntime: Report["causedDowntime"];
}) {
  const cover = timesCoverWords(figures.times);
  const facts: Array<[string, string]> = [
    ["Availability", availabilityWords(figures.availability)],
    ["Checks", `${figures.up} of ${figures.checks} up`],
    [
      "In maintenance",
      figures.maintenanceChecks === 0
        ? "no check"
        : `${figures.maintenanceChecks} check${figures.maintenanceChecks === 1 ? "" : "s"}, counted apart`,
    ],
    ...causedFact(figures.causedChecks, causedDowntime),
    ["Downtime", durationWords(figures.downtimeMs)],
    ["Outages", String(figures.outages)],
    ["Longest outage", durationWords(figures.longestOutageMs)],
    ["Time to recover (median)", durationWords(figures.medianRecoveryMs)],
    ["Response time", timesWords(figures.times)],
    ["Checks covered", `${coveredWords(figures.covered)} of the month${soFar ? " so far" : ""}`],
    ["Alerts raised", alertsWords(alerts)],
  ];
  return (
    <>
      <FactList facts={facts} />
      {cover ? <Note>Response times {cover}.</Note> : null}
    </>
  );
}

/**
 * The checks a dependency made fail (#47), and whether the availability counts them: absent for a site that leaves
 * nothing out and had none (most sites), so the figures say no more than they have to.
 */
function causedFact(causedChecks: number, causedDowntime: Report["causedDowntime"]): Array<[string, string]> {
  if (causedChecks === 0 && causedDowntime === "counted") return [];
  const checks = `${causedChecks.toLocaleString("en-US")} check${causedChecks === 1 ? "" : "s"}`;
  const how = causedDowntime === "excluded" ? "left out of the availability" : "counted in the availability";
  return [["Down because of a dependency", causedChecks === 0 ? `no check (such checks are ${how})` : `${checks}, ${how}`]];
}

// Printed, the sections sit closer (the print rule doubles its class over DetailStack's).
const Stack = classed(DetailStack, styles.stack);
const Note = classed("p", styles.note);
const PrintHead = classed("p", styles.printHead);
