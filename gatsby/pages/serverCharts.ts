import { drawDayBars } from "../../src/charts/drawDayBars";
import { drawResponse } from "../../src/charts/drawResponse";
import { barsSummary, responseSummary, SERVER_CHART_TITLES, type ServerCharts } from "../../src/model/server/serverPage";
import type { ServerHistoryFigures } from "../../src/domain/checks/serverHistory";
import type { Drawing } from "../../src/model/charts/chartDrawing";
import { keptPair } from "../keptMarkup";

/**
 * A server's three charts, drawn in Node by our own code (src/charts/written.ts): its 90
 * daily bars and its response times per hour and per day. Only for a server
 * with a history: one without says so in words, and draws nothing.
 */
export function drawServerCharts(history: ServerHistoryFigures): ServerCharts<Drawing> {
  return {
    bars: drawDayBars(history.days, { id: "bars", title: SERVER_CHART_TITLES.bars, description: barsSummary(history.days) }),
    hourly: drawResponse(history.hourly, {
      id: "hourly",
      title: SERVER_CHART_TITLES.hourly,
      description: responseSummary(history.hourly, "hour"),
      unit: "hour",
    }),
    daily: drawResponse(history.daily, {
      id: "daily",
      title: SERVER_CHART_TITLES.daily,
      description: responseSummary(history.daily, "day"),
      unit: "day",
    }),
  };
}

/** A server's charts with their markup kept in the page's HTML only: 10,000 pages' data do not carry them twice (#45). */
export function keepServerCharts(charts: ServerCharts<Drawing>): ServerCharts {
  return { bars: keptPair(charts.bars), hourly: keptPair(charts.hourly), daily: keptPair(charts.daily) };
}
