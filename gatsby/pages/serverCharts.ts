import { drawDayBars } from "../../src/charts/drawDayBars";
import { drawResponse } from "../../src/charts/drawResponse";
import { barsSummary, responseSummary, SERVER_CHART_TITLES, type ServerCharts } from "../../src/model/server/serverPage";
import type { ServerHistoryFigures } from "../../src/domain/checks/serverHistory";

/**
 * A server's three charts, drawn with Victory in Node (src/charts): its 90
 * daily bars and its response times per hour and per day. Only for a server
 * with a history: one without says so in words, and draws nothing.
 */
export function drawServerCharts(history: ServerHistoryFigures): ServerCharts {
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
