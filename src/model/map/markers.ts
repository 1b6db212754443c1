import { formatMs, formatWhen, parseTime, type TimeZoneMode } from "../../domain/kernel/format";
import { figuresInWords, placeSpreadWords, STATUS_COLOURS, statusLabel } from "../../domain/kernel/status";
import type { Server } from "../../domain/kernel/types";

/** SPEC §2 /map: marker colours are fixed values, not theme colours (the states' own, kernel/status.ts). */
export const MARKER_COLORS = STATUS_COLOURS;
export const MARKER_SIZE_PX = 20;
export const POPUP_OFFSET_PX = 25;

/** Online green, offline red, any other status amber. */
export function markerColor(status: string): string {
  if (status === "online") return MARKER_COLORS.online;
  if (status === "offline") return MARKER_COLORS.offline;
  return MARKER_COLORS.other;
}

/** The marker's accessible name. */
export function markerLabel(server: Server): string {
  return `${server.name}, ${statusLabel(server.status)}, ${server.location}`;
}

/**
 * The popup's lines, as plain text (they are written with textContent, never as
 * HTML): name, IP, location and status as the spec says, the response time and
 * last check, so the popup follows the figures, and where the figures come from.
 */
export function popupLines(server: Server, timeZone: TimeZoneMode = "local"): { title: string; lines: Array<[string, string]> } {
  const spread = placeSpreadWords(server);
  const checked = parseTime(server.lastChecked);
  return {
    title: server.name,
    lines: [
      ["IP", server.ip],
      ["Location", server.location],
      ["Status", statusLabel(server.status)],
      ["Response", formatMs(server.responseTime)],
      ["Last checked", checked ? formatWhen(checked, timeZone, { seconds: true, date: false }) : server.lastChecked],
      ["Figures", figuresInWords(server)],
      ...(spread === null ? [] : [["From each place", spread] as [string, string]]),
    ],
  };
}
