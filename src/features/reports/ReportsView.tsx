import { Filter, FileSpreadsheet } from "lucide-react";
import { useCallback, useState } from "react";
import type { Alert, Report, Server } from "../../model/types";
import { countReports, filterReports, type ReportFilter } from "../../model/filters";
import { buildServerReport } from "../../model/workbook";
import { Button } from "../../components/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/Card";
import { FilterBar } from "../../components/ui/FilterBar";
import { PageHeader } from "../../components/ui/PageHeader";
import { StatCard, StatGrid } from "../../components/ui/StatCard";
import { useWorkbookExport } from "../../components/ui/useWorkbookExport";
import { ReportList } from "./ReportList";

const FILTERS: ReadonlyArray<{ value: ReportFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "completed", label: "Completed" },
  { value: "processing", label: "Processing" },
  { value: "failed", label: "Failed" },
];

type ReportsViewProps = { reports: readonly Report[]; servers: readonly Server[]; alerts: readonly Alert[] };

/** Report counts, the list with a status filter, and a fresh server report on demand. */
export function ReportsView({ reports, servers, alerts }: ReportsViewProps) {
  const [filtering, setFiltering] = useState(false);
  const [filter, setFilter] = useState<ReportFilter>("all");
  const counts = countReports(reports);
  const build = useCallback(() => buildServerReport(servers, alerts, new Date()), [servers, alerts]);
  const { exporting, run } = useWorkbookExport(build);
  return (
    <>
      <PageHeader
        title="Reports"
        subtitle="Generate and download server reports"
        actions={
          <>
            <Button $variant="outline" aria-expanded={filtering} aria-controls="report-filter" onClick={() => setFiltering((f) => !f)}>
              <Filter size={16} aria-hidden="true" />
              Filter
            </Button>
            <Button
              onClick={run}
              aria-disabled={exporting || undefined}
              aria-busy={exporting}
              title="Downloads the current server status and alerts as an Excel file"
            >
              <FileSpreadsheet size={16} aria-hidden="true" />
              Generate Report
            </Button>
          </>
        }
      />
      <StatGrid>
        <StatCard title="Total Reports" value={counts.total} note="In the list below" />
        <StatCard title="Completed" value={counts.completed} $tone="online" note="Ready to download" />
        <StatCard title="Processing" value={counts.processing} $tone="warning" note="In progress" />
        <StatCard title="Failed" value={counts.failed} $tone="offline" note="Needs attention" />
      </StatGrid>
      <Card aria-labelledby="recent-reports-title">
        <CardHeader>
          <CardTitle id="recent-reports-title">Recent Reports</CardTitle>
        </CardHeader>
        <CardContent>
          <div id="report-filter" hidden={!filtering}>
            <FilterBar label="Show reports by status" options={FILTERS} value={filter} onChange={setFilter} />
          </div>
          <ReportList
            reports={filterReports(reports, filtering ? filter : "all")}
            emptyText={reports.length === 0 ? "No reports yet." : "No report has this status."}
          />
        </CardContent>
      </Card>
    </>
  );
}
