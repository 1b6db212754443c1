/**
 * Google Chat's format (an incoming webhook's message): a card (cardsV2) whose
 * texts are HTML-escaped, since Google Chat reads a card's text as its small
 * HTML (a server's "<a href=…>" in a detail would become a link); no `text`,
 * which Google Chat reads as its own markup (*bold*, <users/…> mentions), and a
 * plain `fallbackText` for notifications.
 */
import type { MeasuredStatus } from "../../checks/outcome";
import { statusLabel } from "../../kernel/status";
import type { NotifyMessage } from "../notifications";
import { clip, describe } from "../wording";

/** A card's text as Google Chat shows it: &, < and > escaped, line breaks as <br>. */
function chatEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\n/g, "<br>");
}

/** Google Chat's message text is at most 4,096 characters; each of the card's texts is kept well under its 32 KB. */
const TEXT_MAX = 2000;
const FALLBACK_MAX = 4000;

/** The card's header, in our own words only (a header's text is not escaped the way a widget's is): the state. */
const HEADERS: Record<MeasuredStatus, string> = { offline: "Offline", warning: "Degraded (warning)", online: "Online" };

export function googleChatBody(message: NotifyMessage): Record<string, unknown> {
  const said = describe(message);
  const widgets: unknown[] = [
    // The title names the server: a widget's text, escaped.
    { textParagraph: { text: `<b>${chatEscape(clip(said.title, TEXT_MAX))}</b>` } },
    ...said.facts.map((fact) => ({
      decoratedText: { topLabel: fact.label, text: chatEscape(clip(fact.value, TEXT_MAX)), wrapText: true },
    })),
    ...(said.list.length > 0 ? [{ textParagraph: { text: chatEscape(clip(said.list.join("\n"), TEXT_MAX)) } }] : []),
    ...(said.note ? [{ textParagraph: { text: chatEscape(said.note) } }] : []),
    // The button's words are ours alone (a button's text is not a widget's: a name in it could be read as markup).
    ...(said.url
      ? [
          {
            buttonList: {
              buttons: [
                { text: message.kind === "notice" ? "Open the server's page" : "Open the site", onClick: { openLink: { url: said.url } } },
              ],
            },
          },
        ]
      : []),
  ];
  return {
    fallbackText: clip(said.title, FALLBACK_MAX),
    cardsV2: [
      {
        cardId: message.kind,
        card: {
          header: {
            title: said.state ? HEADERS[said.state] : "Test message",
            subtitle: said.state ? `Server monitor: ${statusLabel(said.state)}` : "Server monitor",
          },
          sections: [{ widgets }],
        },
      },
    ],
  };
}
