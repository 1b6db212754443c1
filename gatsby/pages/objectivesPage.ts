import type { CreatePageArgs } from "gatsby";
import { drawBudget } from "../../src/charts/drawBudget";
import type { ChartDrawings } from "../../src/model/charts/chartDrawing";
import { burndown } from "../../src/domain/objectives/budget";
import { maintenanceOf } from "../../src/domain/objectives/objectiveContent";
import {
  BUDGET_CHART_TITLE,
  SHOWN_SERVERS,
  figuresOf,
  type BudgetDay,
  type ObjectivesContext,
} from "../../src/model/objectives/objectivesPage";
import { objectivesDocument } from "../../src/publish/objectivesData";
import { objectivesOfThisBuild } from "./serverHistories";
import { readSiteData } from "../siteData";
import { keptPair } from "../keptMarkup";

/**
 * /objectives (#48) is given each objective of content/objectives.json with
 * the figures /api/v1/objectives.json publishes (the same read of the job's
 * files as the server pages), its budget day by day and its burndown drawn.
 */
export const addObjectives = ({ page, actions }: CreatePageArgs): void => {
  if (page.path !== "/objectives/" && page.path !== "/objectives") return;
  if ((page.context as Partial<ObjectivesContext> | undefined)?.objectives !== undefined) return;
  actions.deletePage(page);
  actions.createPage({ ...page, context: { ...page.context, ...objectivesContext() } });
};

function objectivesContext(): ObjectivesContext {
  const { objectives, objectiveDays, asOf, intervalMs } = objectivesOfThisBuild();
  const names = new Map(readSiteData().servers.map((s) => [s.id, s.name] as const));
  const published = objectivesDocument(objectives, asOf, intervalMs, new Date()).objectives;
  // A build keeps the burndowns' markup in the page's HTML only, as a server page's charts; `gatsby develop` renders no HTML.
  const keep = process.env.gatsby_executing_command === "build" ? keptPair : (c: ChartDrawings) => c;
  return {
    asOf: asOf?.toISOString() ?? null,
    objectives: published.map((figures, i) => {
      const { budget } = objectives[i];
      const days: BudgetDay[] =
        budget === null || intervalMs === null
          ? []
          : burndown(objectiveDays[i] ?? [], budget.total, maintenanceOf(objectives[i].objective)).map((d) => ({
              date: new Date(d.day).toISOString().slice(0, 10),
              bad: d.bad,
              remainingSeconds: (d.remaining * intervalMs) / 1000,
              share: d.share,
            }));
      const id = figures.id;
      return {
        figures: figuresOf(figures),
        servers: figures.servers.slice(0, SHOWN_SERVERS).map((server) => ({ id: server, name: names.get(server) ?? server })),
        days,
        chart: days.some((d) => d.share !== null)
          ? keep(
              drawBudget(days, {
                id: `budget-${id}`,
                title: `${figures.name}: ${BUDGET_CHART_TITLE.toLowerCase()}`,
                description: `The share of the error budget left at the end of each day of the window, ${days[0].date} to ${days[days.length - 1].date}.`,
              }),
            )
          : null,
      };
    }),
  };
}
