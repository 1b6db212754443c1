/**
 * Mattermost's format (an incoming webhook's message): one attachment, every
 * fact a field. Mattermost reads an attachment's text and pretext as Markdown
 * with @mentions, and a field's value as Markdown: so there is no text and no
 * pretext, the title holds our own words only (the state), and each value is
 * Markdown-escaped, every ASCII punctuation mark behind a backslash (the
 * CommonMark escape, which shows the mark as it is: an "@channel" in a name
 * stays text, a "[link](…)" in a detail too). The fallback, which
 * notifications show, is plain text.
 */
import type { MeasuredStatus } from "../../checks/outcome";
import type { NotifyMessage } from "../notifications";
import { clip, describe } from "../wording";

/** Every ASCII punctuation mark behind a backslash: CommonMark shows it as the mark itself. */
function mattermostEscape(text: string): string {
  return text.replace(/[!-/:-@[-`{-~]/g, (mark) => `\\${mark}`);
}

/** A message is at most 16,383 characters in Mattermost; each value is kept well under it. */
const VALUE_MAX = 2000;
const TITLES: Record<MeasuredStatus, string> = { offline: "Offline", warning: "Degraded (warning)", online: "Online" };

export function mattermostBody(message: NotifyMessage): Record<string, unknown> {
  const said = describe(message);
  const fields = [
    // The title names the server: a field's value, escaped.
    { title: "What happened", value: mattermostEscape(clip(said.title, VALUE_MAX)), short: false },
    ...said.facts.map((fact) => ({
      title: fact.label,
      value: mattermostEscape(clip(fact.value, VALUE_MAX)),
      short: fact.value.length <= 40,
    })),
    ...(said.list.length > 0 ? [{ title: "Servers", value: mattermostEscape(clip(said.list.join("\n"), VALUE_MAX)), short: false }] : []),
    ...(said.note ? [{ title: "Note", value: mattermostEscape(said.note), short: false }] : []),
  ];
  return {
    attachments: [
      {
        fallback: clip(said.title, VALUE_MAX),
        color: said.colour,
        title: said.state ? `Server monitor: ${TITLES[said.state]}` : "Server monitor: test message",
        ...(said.url ? { title_link: said.url } : {}),
        fields,
      },
    ],
  };
}
