import { withPrefix, type HeadProps, type PageProps } from "gatsby";
import { Seo } from "../components/layout/Seo";
import { MonthReportView } from "../features/reports/MonthReportView";
import type { MonthReportContext } from "../model/reports/reportPages";
import { monthName, reportTitle } from "../model/reports/monthWords";

/** /reports/<yyyy-mm>: a month's availability report, made by gatsby/pages/reportPages.ts with every figure in its context. */
export default function MonthReportPage({ pageContext }: PageProps<object, MonthReportContext>) {
  return (
    <MonthReportView
      report={pageContext.report}
      serversInAll={pageContext.serversInAll}
      siteName={pageContext.siteName}
      apiHref={withPrefix(pageContext.apiPath)}
    />
  );
}

export const Head = ({ pageContext }: HeadProps<object, MonthReportContext>) => (
  <Seo
    title={reportTitle(pageContext.report.month)}
    description={`Availability, downtime, outages and response times of every checked server in ${monthName(pageContext.report.month)}, as measured.`}
  />
);
