/** Slack's format: Block Kit sections, text escaped for mrkdwn. */
import type { NotifyMessage } from "../notifications";
import { describe, plainText, clip } from "../wording";

/** Slack's mrkdwn reads &, < and > as markup (links, mentions): escaped, the rest is text. */
function slackEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Block Kit: a header, then an attachment in the state's colour with the facts, the list and a button. */
export function slackBody(message: NotifyMessage): Record<string, unknown> {
  const said = describe(message);
  const blocks: unknown[] = [
    {
      type: "section",
      fields: said.facts.map((fact) => ({ type: "mrkdwn", text: clip(`*${slackEscape(fact.label)}*\n${slackEscape(fact.value)}`, 2000) })),
    },
  ];
  if (said.list.length > 0)
    blocks.push({
      type: "section",
      text: {
        type: "mrkdwn",
        text: clip(said.list.map((line) => slackEscape(line.startsWith("and ") ? line : `• ${line}`)).join("\n"), 3000),
      },
    });
  if (said.note) blocks.push({ type: "section", text: { type: "mrkdwn", text: slackEscape(said.note) } });
  if (said.url)
    blocks.push({
      type: "actions",
      elements: [{ type: "button", text: { type: "plain_text", text: clip(said.linkLabel, 75) }, url: said.url }],
    });
  return {
    text: slackEscape(clip(plainText(said), 3000)),
    blocks: [{ type: "header", text: { type: "plain_text", text: clip(said.title, 150) } }],
    attachments: [{ color: said.colour, blocks }],
  };
}
