import { lazy, Suspense } from "react";
import { Link } from "gatsby";
import { Icon } from "../../components/ui/Icon";
import type { Report } from "../../domain/kernel/types";
import { countReports, filterReports, type ReportFilter } from "../../model/fleet/filters";
import { Button } from "../../components/ui/Button";
import { SectionCard } from "../../components/ui/Card";
import { PageHeader } from "../../components/ui/PageHeader";
import { StatCard, StatGrid } from "../../components/ui/StatCard";
import { useFilterToggle } from "../../components/ui/useFilterToggle";
import { Dialog } from "../../components/ui/Dialog";
import { ReportList, type ListedReport } from "./ReportList";
import type { GeneratedReportItem } from "../../model/reports/reportPages";

const FILTERS: ReadonlyArray<{ value: ReportFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "completed", label: "Completed" },
  { value: "processing", label: "Processing" },
  { value: "failed", label: "Failed" },
];

type ReportsViewProps = {
  reports: readonly Report[];
  /** the months' reports, made by the build from the job's history, newest first */
  generated?: readonly GeneratedReportItem[];
};

/** The dialog's form, loaded when it first opens: the page carries no server list and none of the report's code. */
const GenerateReportForm = lazy(() => import("./GenerateReportForm"));

/** Report counts, the list with a status filter, and a report of the reader's choosing on demand. */
export function ReportsView({ reports: typed, generated = [] }: ReportsViewProps) {
  const filter = useFilterToggle({ label: "Show reports by status", options: FILTERS, all: "all" });
  const reports: ListedReport[] = [
    ...generated.map((r) => ({ ...r, source: "measured" as const, page: r.path })),
    ...typed.map(({ size, file, ...r }) => ({ ...r, source: "editors" as const, size, ...(file ? { file } : {}) })),
  ];
  const counts = countReports(reports);
  return (
    <>
      <PageHeader
        title="Reports"
        subtitle="Generate and download server reports"
        actions={
          <>
            {filter.button}
            <Dialog
              trigger={
                <Button>
                  <Icon name="file-spreadsheet" size={16} />
                  Generate Report
                </Button>
              }
              title="Generate a report"
              description="An availability report over the days and servers you pick, or the current status of every server."
            >
              <Suspense fallback={<p role="status">Loading…</p>}>
                <GenerateReportForm />
              </Suspense>
            </Dialog>
          </>
        }
      />
      <StatGrid>
        <StatCard title="Total Reports" value={counts.total} note="In the list below" />
        <StatCard title="Completed" value={counts.completed} $tone="online" note="Ready to download" />
        <StatCard title="Processing" value={counts.processing} $tone="warning" note="In progress" />
        <StatCard title="Failed" value={counts.failed} $tone="offline" note="Needs attention" />
      </StatGrid>
      <SectionCard title="Recent Reports">
        {filter.bar}
        <ReportList
          reports={filterReports(reports, filter.value)}
          emptyText={reports.length === 0 ? "No reports yet." : "No report has this status."}
        />
      </SectionCard>
      <SectionCard
        title="Objectives"
        description="What was promised for each server or group, what was attained, and how much error budget is left."
      >
        <Link to="/objectives">Open the objectives</Link>
      </SectionCard>
    </>
  );
}
