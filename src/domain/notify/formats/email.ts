/** Email: a subject, a plain-text part and an HTML part with every text escaped. */
import type { NotifyMessage } from "../notifications";
import { describe, plainText } from "../wording";
import { escapeHtml } from "../../kernel/format";

/** A subject, a plain-text part and an HTML part (every text in it escaped; a bar in the state's colour). */
export function emailParts(message: NotifyMessage): { subject: string; text: string; html: string } {
  const said = describe(message);
  const rows = said.facts
    .map(
      (fact) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0;vertical-align:top">${escapeHtml(fact.label)}</th><td style="padding:2px 0">${escapeHtml(fact.value)}</td></tr>`,
    )
    .join("");
  const list = said.list.length > 0 ? `<ul>${said.list.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>` : "";
  const note = said.note ? `<p>${escapeHtml(said.note)}</p>` : "";
  const link = said.url ? `<p><a href="${escapeHtml(said.url)}">${escapeHtml(said.linkLabel)}</a></p>` : "";
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">',
    `<div style="border-left:6px solid ${said.colour};padding:4px 12px">`,
    `<h1 style="font-size:18px;margin:0 0 8px">${escapeHtml(said.title)}</h1>`,
    `<table style="border-collapse:collapse">${rows}</table>`,
    list,
    note,
    link,
    "</div></body></html>",
  ].join("");
  return { subject: said.title, text: plainText(said), html };
}
