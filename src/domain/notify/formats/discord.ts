/** Discord's format: an embed in the state's colour, markdown escaped. */
import type { NotifyMessage } from "../notifications";
import { describe, clip } from "../wording";

/** Discord reads markdown in embeds: its marks are escaped with a backslash. */
function discordEscape(text: string): string {
  return text.replace(/[\\*_~`|>#[\]()-]/g, (mark) => `\\${mark}`);
}

/** One embed in the state's colour (an integer, as Discord wants it); nobody is mentioned, whatever a name says. */
export function discordBody(message: NotifyMessage): Record<string, unknown> {
  const said = describe(message);
  const description = [...said.list.map((line) => (line.startsWith("and ") ? line : `• ${line}`)), ...(said.note ? [said.note] : [])]
    .map(discordEscape)
    .join("\n");
  const embed: Record<string, unknown> = {
    title: clip(said.title, 256),
    color: Number.parseInt(said.colour.slice(1), 16),
    fields: said.facts.map((fact) => ({
      name: clip(fact.label, 256),
      value: clip(discordEscape(fact.value), 1024),
      inline: fact.value.length <= 40,
    })),
    timestamp: message.kind === "notice" ? message.notice.at : message.kind === "test" ? message.at : undefined,
  };
  if (description) embed.description = clip(description, 4096);
  if (said.url) embed.url = said.url;
  return { allowed_mentions: { parse: [] }, embeds: [embed] };
}
