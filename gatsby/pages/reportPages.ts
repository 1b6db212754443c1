import path from "node:path";
import type { CreatePageArgs, CreatePagesArgs } from "gatsby";
import { reportApiPath, reportDocument, type ReportDocument } from "../../src/publish/reportData";
import { monthBounds } from "../../src/domain/reports/month";
import { monthEvents } from "../../src/domain/reports/monthEvents";
import { monthReportsOfThisBuild } from "./serverHistories";
import { timeReports } from "./reportTiming";
import { readSiteData, readSiteNotices } from "../siteData";
import type { MonthReportContext, GeneratedReports } from "../../src/model/reports/reportPages";
import { generatedReportItems, monthReportForPage, reportPath } from "../../src/model/reports/reportPages";

/**
 * A page per month with a report (/reports/<yyyy-mm>, #33), every figure in
 * its context: made from the reports the server pages' read of the job's files
 * gathered (call after createServerPages), so the folder is read once.
 */
export async function createReportPages({ actions, graphql }: Pick<CreatePagesArgs, "actions" | "graphql">): Promise<void> {
  const result = (await graphql(`
    query ReportPagesSite {
      site {
        siteMetadata {
          title
        }
      }
    }
  `)) as { data?: { site?: { siteMetadata?: { title: string } } } };
  const siteName = result.data?.site?.siteMetadata?.title ?? "";
  const component = path.resolve("src/templates/monthReport.tsx");
  timeReports(() => {
    for (const document of reportDocumentsOfThisBuild(new Date())) {
      const { report } = document;
      const context: MonthReportContext = { ...monthReportForPage(report), siteName, apiPath: reportApiPath(report.month) };
      actions.createPage({ path: reportPath(report.month), component, context });
    }
  });
}

/** The months' reports of this build as published, each with what happened in its month (the content's incidents and windows, the job's alerts). */
export function reportDocumentsOfThisBuild(builtAt: Date): ReportDocument[] {
  const site = readSiteData();
  const names = new Map(site.servers.map((s) => [s.id, s.name] as const));
  const { incidents, maintenance } = readSiteNotices(site.servers, builtAt);
  return monthReportsOfThisBuild().map((report) =>
    reportDocument(
      report,
      monthEvents(monthBounds(report.month), incidents, maintenance, site.checkAlerts, builtAt, new Date(report.asOf)),
      names,
      builtAt,
    ),
  );
}

/** The Reports page lists the months' reports beside the editors': given in its context (it runs after createPages). */
export const addGeneratedReports = ({ page, actions }: CreatePageArgs): void => {
  if (page.path !== "/reports/" && page.path !== "/reports") return;
  if ((page.context as Partial<GeneratedReports> | undefined)?.generatedReports) return;
  actions.deletePage(page);
  actions.createPage({
    ...page,
    context: { ...page.context, generatedReports: generatedReportItems(monthReportsOfThisBuild()) } satisfies GeneratedReports,
  });
};
