/** Microsoft Teams' format: an Adaptive Card whose text runs are plain text. */
import type { MeasuredStatus } from "../../checks/outcome";
import type { NotifyMessage } from "../notifications";
import { statusLabel } from "../../kernel/status";
import { describe } from "../wording";

const TEAMS_STYLES: Record<MeasuredStatus, { container: string; text: string }> = {
  offline: { container: "attention", text: "Attention" },
  warning: { container: "warning", text: "Warning" },
  online: { container: "good", text: "Good" },
};

/**
 * Text that Teams shows as it is: a RichTextBlock's TextRuns, which Adaptive
 * Cards never read as Markdown (a TextBlock or a FactSet would: a server's
 * "[click here](https://…)" in a detail would become a disguised link).
 */
const teamsText = (runs: ReadonlyArray<Record<string, unknown> & { text: string }>, extra: Record<string, unknown> = {}) => ({
  type: "RichTextBlock",
  inlines: runs.map((run) => ({ type: "TextRun", ...run })),
  ...extra,
});

/** An Adaptive Card message: the title in a container of the state's style, the facts, the colour's hex, a link; every text a TextRun. */
export function teamsBody(message: NotifyMessage): Record<string, unknown> {
  const said = describe(message);
  const style = said.state ? TEAMS_STYLES[said.state] : { container: "emphasis", text: "Default" };
  const body: unknown[] = [
    {
      type: "Container",
      style: style.container,
      bleed: true,
      items: [
        teamsText([{ text: said.title, weight: "Bolder", size: "Medium", color: style.text }]),
        teamsText(
          [{ text: `${said.state ? statusLabel(said.state) : "Test"} · colour ${said.colour}`, color: style.text, isSubtle: true }],
          {
            spacing: "None",
          },
        ),
      ],
    },
    ...said.facts.map((fact) => teamsText([{ text: `${fact.label}: `, weight: "Bolder" }, { text: fact.value }], { spacing: "Small" })),
  ];
  if (said.list.length > 0) {
    body.push(...said.list.map((line) => teamsText([{ text: line.startsWith("and ") ? line : `• ${line}` }], { spacing: "Small" })));
  }
  if (said.note) body.push(teamsText([{ text: said.note }]));
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          msteams: { width: "Full" },
          body,
          actions: said.url ? [{ type: "Action.OpenUrl", title: said.linkLabel, url: said.url }] : [],
        },
      },
    ],
  };
}
