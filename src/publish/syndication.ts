/**
 * A server's status for other sites: a badge per server (/badges/<id>.svg, and
 * /badges/<id>.json for shields.io), and the XML escaping the badges and the
 * feeds (feeds.ts) share. Content is text everywhere: every value is escaped, so
 * markup in a server's name shows as those characters.
 */
import { statusLabel, statusTone } from "../domain/kernel/status";
import type { Server } from "../domain/kernel/types";

/** Text for XML: the five characters that mean something there, escaped; characters XML 1.0 cannot hold, dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Badge colours: the theme's status text colours, each with white text at 4.5:1 or more. */
const BADGE_COLOURS = { online: "047857", warning: "b45309", offline: "b91c1c", neutral: "475569" } as const;
const LABEL_COLOUR = "334155";

/** A rough width of text at 11 px Verdana (the badge font): wide characters count double. */
function textWidth(text: string): number {
  let width = 0;
  for (const ch of text)
    width += /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\u{1F300}-\u{1FAFF}]/u.test(ch) ? 13 : 7;
  return width;
}

type BadgeServer = Pick<Server, "name" | "status" | "source">;

/**
 * The label and message of a server's badge, and its colour. A badge is shown
 * on other sites, out of the pages' context: only measured figures get a status
 * and its colour; a simulated server says 'not measured' and a sample (a check
 * that has not run yet) 'sample', both in grey.
 */
function badgeParts(server: BadgeServer): { label: string; message: string; colour: string } {
  if (server.source === "simulated") return { label: server.name, message: "not measured", colour: BADGE_COLOURS.neutral };
  if (server.source === "sample") return { label: server.name, message: "sample", colour: BADGE_COLOURS.neutral };
  const tone = statusTone(server.status);
  return { label: server.name, message: statusLabel(server.status), colour: BADGE_COLOURS[tone] };
}

/** A small SVG badge: the server's name and its status (or that it is not measured), in words and colour, with a title for screen readers. */
export function badgeSvg(server: BadgeServer): string {
  const { label, message, colour } = badgeParts(server);
  const left = textWidth(label) + 12;
  const right = textWidth(message) + 12;
  const width = left + right;
  const title = escapeXml(`${label}: ${message}`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" viewBox="0 0 ${width} 20" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<rect width="${left}" height="20" fill="#${LABEL_COLOUR}"/>`,
    `<rect x="${left}" width="${right}" height="20" fill="#${colour}"/>`,
    `<g fill="#ffffff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">`,
    `<text x="${left / 2}" y="14">${escapeXml(label)}</text>`,
    `<text x="${left + right / 2}" y="14">${escapeXml(message)}</text>`,
    `</g>`,
    `</svg>`,
    "",
  ].join("");
}

/** shields.io's endpoint format: https://img.shields.io/endpoint?url=<site>/badges/<id>.json */
export function badgeEndpoint(server: BadgeServer): {
  schemaVersion: 1;
  label: string;
  message: string;
  color: string;
} {
  const { label, message, colour } = badgeParts(server);
  return { schemaVersion: 1, label, message, color: colour };
}
