/**
 * What a notification says, written for each kind of channel. Pure: the tests
 * read the bodies without a network, and the job sends exactly what they read.
 *
 * Every message says the server's name and id, the new state and the old, since
 * when (readable UTC and ISO), what the check saw, the link when the site's
 * address is known, and on recovery how long the server was down ("unknown"
 * when that was not recorded, never 0). Text is text: each format escapes what
 * its receiver would read as markup (Slack's mrkdwn, Discord's markdown, HTML).
 */
import type { MeasuredStatus } from "../checks/definition";
import { formatUtcDateTime, parseTime } from "../kernel/format";
import { STATE_COLOURS, type ChannelType, type Notice, type NotifyMessage } from "./notifications";
import { statusLabel, statusSeverity } from "../kernel/status";
import { formatLongDuration } from "../kernel/time";

/** The webhook body's version: a receiver checks it; a change that breaks a receiver raises it. */
const WEBHOOK_VERSION = 1;
/** A digest names this many servers, then says how many more. */
const DIGEST_NAMES = 20;
/** A test message's colour: no state. */
const TEST_COLOUR = "#64748b";

/** "2025-03-01 12:00 UTC (2025-03-01T12:00:05.000Z)"; a text that is not a time, as it is. */
function formatSince(iso: string): string {
  const date = parseTime(iso);
  return date ? `${formatUtcDateTime(date)} (${date.toISOString()})` : iso;
}

type Fact = { label: string; value: string };

/** What a message says, before any channel's format. */
export type MessageText = {
  /** one line: the subject, the header, the notification's title */
  title: string;
  facts: Fact[];
  /** a digest's lines, worst first, then "and N more" */
  list: string[];
  /** a test message's words */
  note: string | null;
  /** the state's colour (a digest: its worst state's) */
  colour: string;
  /** the worst state the message tells of; null for a test */
  state: MeasuredStatus | null;
  url: string | null;
  linkLabel: string;
};

const serverName = (notice: Notice) => `${notice.server.name} (${notice.server.id})`;
const stateWord = (state: MeasuredStatus) => (state === "warning" ? "degraded (warning)" : state);

function durationWords(notice: Notice): string {
  return notice.durationMs === null ? "unknown (not recorded)" : formatLongDuration(notice.durationMs);
}

/** '5 days (2026-11-29)': when a certificate expires, as the check saw it. */
function daysWords(notice: Notice): string {
  if (!notice.certificate) return "unknown";
  const { daysLeft, expires } = notice.certificate;
  return `${daysLeft} day${daysLeft === 1 ? "" : "s"} (${expires.slice(0, 10)})`;
}

/** 'changed state 5 times in 60 min' */
const changesWords = (notice: Notice) =>
  notice.flapping ? `its state changed ${notice.flapping.changes} times in ${notice.flapping.minutes} min` : "its state changes often";

function noticeTitle(notice: Notice): string {
  const name = serverName(notice);
  switch (notice.event) {
    case "down":
      return `${name} is offline`;
    case "degraded":
      return `${name} is degraded (warning)`;
    case "recovered":
      if (notice.cause === "certificate-renewed") {
        return `${name}: its certificate was renewed${notice.certificate ? ` (valid until ${notice.certificate.expires.slice(0, 10)})` : ""}`;
      }
      if (notice.cause === "certificate-warning-over") {
        return `${name}: its certificate is no longer about to expire${notice.certificate ? `: it expires in ${daysWords(notice)}` : ""}`;
      }
      return `${name} is back online`;
    case "flapping":
      return `${name} is flapping: ${changesWords(notice)}`;
    case "settled":
      return `${name} has settled: ${notice.to === "online" ? "online" : stateWord(notice.to)}`;
    case "certificate":
      return `${name}: its certificate expires in ${daysWords(notice)}`;
    case "reminder":
      return notice.durationMs === null
        ? `${name} is still ${stateWord(notice.to)} (for how long is unknown)`
        : `${name} is still ${stateWord(notice.to)} for ${formatLongDuration(notice.durationMs)}`;
  }
}

/** The State fact: the new state, and what it was (or why there is no before). */
function stateFact(notice: Notice): string {
  if (notice.event === "reminder") return `${statusLabel(notice.to)} (still)`;
  if (notice.event === "certificate") return statusLabel(notice.to);
  if (notice.event === "flapping") return `${statusLabel(notice.to)} now, changing often`;
  if (notice.event === "settled") return `${statusLabel(notice.to)} (was flapping)`;
  return notice.from === null
    ? `${statusLabel(notice.to)} (its first check)`
    : `${statusLabel(notice.to)} (was ${statusLabel(notice.from)})`;
}

function noticeFacts(notice: Notice): Fact[] {
  const facts: Fact[] = [
    { label: "Server", value: serverName(notice) },
    { label: "State", value: stateFact(notice) },
    notice.certificate
      ? { label: "Certificate expires", value: formatSince(notice.certificate.expires) }
      : { label: notice.event === "flapping" ? "Flapping since" : "Since", value: formatSince(notice.since) },
  ];
  if (notice.event === "recovered" && notice.from !== null) {
    facts.push({ label: `Was ${stateWord(notice.from)} for`, value: durationWords(notice) });
  }
  if (notice.event === "reminder") facts.push({ label: `Still ${stateWord(notice.to)} for`, value: durationWords(notice) });
  if (notice.event === "flapping") {
    const minutes = notice.flapping?.minutes ?? 60;
    facts.push({ label: "Next notice", value: `when it keeps one state for ${minutes} min (no notice of each change until then)` });
  }
  facts.push(
    { label: "What the check saw", value: notice.detail || "nothing recorded" },
    { label: "Address and place", value: `${notice.server.ip}, ${notice.server.location}` },
    { label: "Checked", value: formatSince(notice.at) },
  );
  return facts;
}

function stateCounts(notices: readonly Notice[]): Record<MeasuredStatus, number> {
  const counts: Record<MeasuredStatus, number> = { offline: 0, warning: 0, online: 0 };
  for (const notice of notices) counts[notice.to] += 1;
  return counts;
}

/** The notices, worst new state first, keeping their order within a state. */
function worstFirst(notices: readonly Notice[]): Notice[] {
  return [...notices].sort((a, b) => statusSeverity(b.to) - statusSeverity(a.to));
}

function digestLine(notice: Notice): string {
  if (notice.event === "certificate") return `Certificate of ${serverName(notice)} expires in ${daysWords(notice)}`;
  if (notice.event === "flapping") return `Flapping: ${serverName(notice)}, ${changesWords(notice)}, now ${statusLabel(notice.to)}`;
  if (notice.event === "settled")
    return `Settled ${statusLabel(notice.to)}: ${serverName(notice)}, after flapping: ${clip(notice.detail, 120)}`;
  const was = notice.event === "reminder" ? "still" : notice.from === null ? "its first check" : `was ${statusLabel(notice.from)}`;
  const down = notice.event === "recovered" ? `, down for ${durationWords(notice)}` : "";
  const sinceDate = parseTime(notice.since);
  const since = sinceDate ? formatUtcDateTime(sinceDate) : notice.since;
  return `${statusLabel(notice.to)} (${was}): ${serverName(notice)}, since ${since}${down}: ${clip(notice.detail, 120)}`;
}

/** What any message says, whatever the channel. */
export function describe(message: NotifyMessage): MessageText {
  if (message.kind === "notice") {
    const { notice } = message;
    return {
      title: noticeTitle(notice),
      facts: noticeFacts(notice),
      list: [],
      note: null,
      colour: STATE_COLOURS[notice.to],
      state: notice.to,
      url: notice.url,
      linkLabel: `Open ${notice.server.name} on the site`,
    };
  }
  if (message.kind === "digest") {
    const counts = stateCounts(message.notices);
    const sorted = worstFirst(message.notices);
    const worst = sorted[0]?.to ?? "online";
    const said = (["offline", "warning", "online"] as const)
      .filter((state) => counts[state] > 0)
      .map((state) => `${counts[state]} ${state}`);
    const more = sorted.length - DIGEST_NAMES;
    return {
      title: `${sorted.length} ${sorted.length === 1 ? "server" : "servers"} changed state: ${said.join(", ")}`,
      facts: [
        { label: "Offline", value: String(counts.offline) },
        { label: "Warning", value: String(counts.warning) },
        { label: "Online", value: String(counts.online) },
      ],
      list: [...sorted.slice(0, DIGEST_NAMES).map(digestLine), ...(more > 0 ? [`and ${more} more`] : [])],
      note: null,
      colour: STATE_COLOURS[worst],
      state: worst,
      url: message.siteUrl,
      linkLabel: "Open the site",
    };
  }
  return {
    title: `Test message from the server monitor (channel ${message.channel}): no server changed state`,
    facts: [
      { label: "Channel", value: message.channel },
      { label: "Sent", value: formatSince(message.at) },
    ],
    list: [],
    note: "This is a test of the notification channel: if you can read it, the channel works. No server changed state.",
    colour: TEST_COLOUR,
    state: null,
    url: message.siteUrl,
    linkLabel: "Open the site",
  };
}

/** A text cut to `max` characters, with an ellipsis when cut. */
function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The message as plain text: the title, the facts, the list, the note, the link. */
export function plainText(said: MessageText, { withTitle = true } = {}): string {
  const lines = [
    ...(withTitle ? [said.title, ""] : []),
    ...said.facts.map((fact) => `${fact.label}: ${fact.value}`),
    ...(said.list.length > 0 ? ["", ...said.list.map((line) => (line.startsWith("and ") ? line : `- ${line}`))] : []),
    ...(said.note ? ["", said.note] : []),
    ...(said.url ? ["", `${said.linkLabel}: ${said.url}`] : []),
  ];
  return lines.join("\n");
}

// ---- webhook ---------------------------------------------------------------

function noticeBody(notice: Notice) {
  const { id, name, ip, location } = notice.server;
  return {
    version: WEBHOOK_VERSION,
    event: notice.event,
    server: { id, name, ip, location },
    from: notice.from,
    to: notice.to,
    since: notice.since,
    at: notice.at,
    detail: notice.detail,
    durationMs: notice.durationMs,
    url: notice.url,
    key: notice.key,
    ...(notice.certificate ? { certificate: notice.certificate } : {}),
    ...(notice.cause ? { cause: notice.cause } : {}),
    ...(notice.flapping ? { flapping: notice.flapping } : {}),
  };
}

/**
 * The webhook's JSON body (README.md, "Notifications"): one notice; a digest
 * with the counts and every notice (all of them: a program reads it, not a
 * person); a test.
 */
export function webhookBody(message: NotifyMessage): Record<string, unknown> {
  if (message.kind === "notice") return noticeBody(message.notice);
  if (message.kind === "digest") {
    return {
      version: WEBHOOK_VERSION,
      event: "digest",
      counts: stateCounts(message.notices),
      notices: worstFirst(message.notices).map(noticeBody),
      url: message.siteUrl,
    };
  }
  return {
    version: WEBHOOK_VERSION,
    event: "test",
    channel: message.channel,
    at: message.at,
    url: message.siteUrl,
    text: describe(message).title,
  };
}

// ---- Slack -----------------------------------------------------------------

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

// ---- Discord ---------------------------------------------------------------

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

// ---- Teams -----------------------------------------------------------------

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

// ---- ntfy ------------------------------------------------------------------

const NTFY_TAGS: Record<MeasuredStatus, string> = { offline: "red_circle", warning: "warning", online: "white_check_mark" };

/** ntfy's priorities: 5 urgent, 4 high, 3 default. */
function ntfyPriority(message: NotifyMessage): 5 | 4 | 3 {
  if (message.kind === "test") return 3;
  const notices = message.kind === "notice" ? [message.notice] : message.notices;
  if (notices.some((notice) => notice.event === "down")) return 5;
  if (notices.some((notice) => notice.to !== "online")) return 4;
  return 3;
}

/**
 * Where an ntfy channel publishes: the channel's URL is the topic's
 * (https://ntfy.sh/my-topic); a JSON message goes to the server's root with the
 * topic inside. Null when the URL has no topic.
 */
export function ntfyTarget(url: string): { endpoint: string; topic: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const parts = parsed.pathname.split("/").filter(Boolean);
  const topic = parts.pop();
  if (!topic) return null;
  parsed.pathname = `/${parts.join("/")}`;
  parsed.search = "";
  parsed.hash = "";
  return { endpoint: parsed.toString(), topic: decodeURIComponent(topic) };
}

/**
 * ntfy's JSON publishing form: title, message, priority (urgent for a server
 * going down, high for degraded and reminders, default otherwise), tags that
 * ntfy shows as emoji, and `click` to the server's page.
 */
export function ntfyBody(message: NotifyMessage, topic: string): Record<string, unknown> {
  const said = describe(message);
  const tags = said.state ? [NTFY_TAGS[said.state]] : ["information_source", "test"];
  if (message.kind === "notice" && message.notice.event === "reminder") tags.push("repeat");
  return {
    topic,
    title: said.title,
    message: plainText(said, { withTitle: false }),
    priority: ntfyPriority(message),
    tags,
    ...(said.url ? { click: said.url } : {}),
  };
}

// ---- email -----------------------------------------------------------------

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

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

/** The JSON body an HTTP channel posts (email has its own parts; ntfy needs its topic). */
export function httpBody(type: Exclude<ChannelType, "email" | "ntfy">, message: NotifyMessage): Record<string, unknown> {
  switch (type) {
    case "webhook":
      return webhookBody(message);
    case "slack":
      return slackBody(message);
    case "discord":
      return discordBody(message);
    case "teams":
      return teamsBody(message);
  }
}
