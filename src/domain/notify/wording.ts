/**
 * What a notification says, before any channel's format (each channel's is
 * in formats/<channel>.ts). Pure: the tests read the bodies without a network,
 * and the job sends exactly what they read.
 *
 * Every message says the server's name and id, the new state and the old, since
 * when (readable UTC and ISO), what the check saw, the link when the site's
 * address is known, and on recovery how long the server was down ("unknown"
 * when that was not recorded, never 0). Text is text: each format escapes what
 * its receiver would read as markup (Slack's mrkdwn, Discord's markdown, HTML).
 */
import type { MeasuredStatus } from "../checks/outcome";
import { formatUtcDateTime, parseTime } from "../kernel/format";
import { STATE_COLOURS, type Notice, type NotifyMessage } from "./notifications";
import { statusLabel, statusSeverity } from "../kernel/status";
import { formatLongDuration } from "../kernel/time";
import { dependentsWords, namesWithCount } from "../checks/dependencies";

/** A digest names this many servers, then says how many more. */
const DIGEST_NAMES = 20;
/** A test message's colour: no state. */
const TEST_COLOUR = "#64748b";

/** "2025-03-01 12:00 UTC"; a text that is not a time, as it is. */
function formatSinceShort(iso: string): string {
  const date = parseTime(iso);
  return date ? formatUtcDateTime(date) : iso;
}

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
const rootName = (root: { id: string; name: string }) => `${root.name} (${root.id})`;
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

/** A root cause's title ends with its dependents (#47): "; 49 servers that depend on it are unreachable". */
const dependentsTail = (notice: Notice): string =>
  notice.dependents ? `; ${dependentsWords(notice.dependents.count, notice.event === "recovered")}` : "";

/** "8.2×", "—" where nothing was checked: a burn rate as a message says it. */
const rateWords = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 10) / 10}×`);

const WINDOW_WORDS: Record<NonNullable<Notice["objective"]>["window"], string> = {
  "7d": "the last 7 days",
  "28d": "the last 28 days",
  "30d": "the last 30 days",
  month: "the calendar month (UTC)",
};

/** An objective's alert (#48), as its title says it. */
function objectiveTitle(notice: Notice): string {
  const o = notice.objective;
  if (!o) return `${serverName(notice)}: an objective's alert`;
  const name = `Objective ${o.name} (${o.id})`;
  if (o.removed) return `Objective ${o.id} was taken out of objectives.json: its ${o.level} is over`;
  const rates = o.burnRates;
  if (o.edge === "ended") {
    return o.level === "page"
      ? `${name} no longer burns its error budget fast: ${rateWords(rates["30m"])} over the last 30 min${rates["5m"] === null ? "" : `, ${rateWords(rates["5m"])} over the last 5 min`} (page over)`
      : `${name} no longer burns its error budget faster than it lasts: ${rateWords(rates["6h"])} over the last 6 h (ticket over)`;
  }
  // a page from the places' pair (an hour and 5 minutes) says so
  const placesPair = (rates["6h"] ?? 0) < 6 || (rates["30m"] ?? 0) < 6;
  return o.level === "page"
    ? placesPair
      ? `${name} burns its error budget fast: ${rateWords(rates["1h"])} over 1 h, ${rateWords(rates["5m"])} over the last 5 min, checked from several places (page)`
      : `${name} burns its error budget fast: ${rateWords(rates["6h"])} over 6 h, ${rateWords(rates["30m"])} over the last 30 min (page)`
    : `${name} burns its error budget faster than it lasts: ${rateWords(rates["3d"])} over 3 days, ${rateWords(rates["6h"])} over the last 6 h (ticket)`;
}

/** An objective's notice's facts: the objective, its target, the alert, the rates, the budget left, its servers. */
function objectiveFacts(notice: Notice, o: NonNullable<Notice["objective"]>): Fact[] {
  if (o.removed) {
    return [
      { label: "Objective", value: `${o.id} (taken out of objectives.json)` },
      { label: "Alert", value: `${o.level}, over: the objective is no longer judged` },
      { label: "Went on for", value: durationWords(notice) },
      { label: "Measured", value: formatSince(notice.at) },
    ];
  }
  const left = o.budgetLeft;
  const budget =
    left.share === null
      ? "not known (nothing measured in the window, or the job's interval not known yet)"
      : left.seconds < 0
        ? `overspent by ${formatLongDuration(-left.seconds * 1000)}${o.servers.count > 1 ? " of server-time" : ""}`
        : `${formatLongDuration(left.seconds * 1000)}${o.servers.count > 1 ? " of server-time" : ""} (${(Math.trunc(left.share * 1000) / 10).toFixed(1)} % of it)`;
  return [
    { label: "Objective", value: `${o.name} (${o.id})` },
    { label: "Target", value: `${o.availability} % of slots good over ${WINDOW_WORDS[o.window]}` },
    {
      label: "Alert",
      value:
        o.level === "page"
          ? "page: the last 6 hours and the last 30 minutes both burn the budget at least 6 times as fast as it allows (5 % of a 30-day budget in 6 hours), or, checked from several places, the last hour and the last 5 minutes 14.4 times (2 % in an hour)"
          : "ticket: the last 3 days and the last 6 hours both burn the budget at least as fast as it allows (10 % of a 30-day budget in 3 days)",
    },
    {
      label: "Burn rates",
      value: `30 min ${rateWords(o.burnRates["30m"])}, 6 h ${rateWords(o.burnRates["6h"])}, 3 days ${rateWords(o.burnRates["3d"])}${
        o.burnRates["5m"] === null && o.burnRates["1h"] === null
          ? ""
          : `, 5 min ${rateWords(o.burnRates["5m"])}, 1 h ${rateWords(o.burnRates["1h"])}`
      }`,
    },
    { label: "Budget left", value: budget },
    { label: o.edge === "ended" ? "Went on for" : "Since", value: o.edge === "ended" ? durationWords(notice) : formatSince(notice.since) },
    { label: o.servers.count === 1 ? "Server" : "Servers", value: namesWithCount(o.servers.names, o.servers.count) },
    { label: "Measured", value: formatSince(notice.at) },
  ];
}

function noticeTitle(notice: Notice): string {
  return `${titleOf(notice)}${dependentsTail(notice)}`;
}

function titleOf(notice: Notice): string {
  const name = serverName(notice);
  switch (notice.event) {
    case "down":
      return notice.unreachableBecause
        ? `${name} is unreachable because ${rootName(notice.unreachableBecause)} is down`
        : `${name} is offline`;
    case "degraded":
      return `${name} is degraded (warning)`;
    case "recovered":
      if (notice.cause === "certificate-renewed") {
        return `${name}: its certificate was renewed${notice.certificate ? ` (valid until ${notice.certificate.expires.slice(0, 10)})` : ""}`;
      }
      if (notice.cause === "certificate-warning-over") {
        return `${name}: its certificate is no longer about to expire${notice.certificate ? `: it expires in ${daysWords(notice)}` : ""}`;
      }
      return notice.unreachableBecause
        ? `${name} is back online (it was unreachable because ${rootName(notice.unreachableBecause)} was down)`
        : `${name} is back online`;
    case "flapping":
      return `${name} is flapping: ${changesWords(notice)}`;
    case "settled":
      return `${name} has settled: ${notice.to === "online" ? "online" : stateWord(notice.to)}`;
    case "certificate":
      return `${name}: its certificate expires in ${daysWords(notice)}`;
    case "maintenance":
      return notice.maintenance
        ? `${name}: maintenance ${notice.maintenance.edge === "began" ? "began" : "ended"}: ${notice.maintenance.title}${notice.maintenance.edge === "began" ? ` (until ${formatSinceShort(notice.maintenance.end)})` : ""}`
        : `${name}: maintenance`;
    case "security":
      return notice.finding
        ? `${name}: security finding, ${notice.finding.title} not met (${notice.finding.severity} severity)`
        : `${name}: a security finding`;
    case "unchecked":
      return `${name} is not checked: no result since ${formatSinceShort(notice.since)}`;
    case "checked":
      return `${name} is checked again: ${stateWord(notice.to)}`;
    case "objective":
      return objectiveTitle(notice);
    case "reminder":
      return notice.durationMs === null
        ? `${name} is still ${stateWord(notice.to)} (for how long is unknown)`
        : `${name} is still ${stateWord(notice.to)} for ${formatLongDuration(notice.durationMs)}`;
  }
}

/** The State fact: the new state, and what it was (or why there is no before). */
function stateFact(notice: Notice): string {
  if (notice.event === "reminder") return `${statusLabel(notice.to)} (still)`;
  if (notice.event === "certificate" || notice.event === "security" || notice.event === "maintenance") return statusLabel(notice.to);
  if (notice.event === "flapping") return `${statusLabel(notice.to)} now, changing often`;
  if (notice.event === "settled") return `${statusLabel(notice.to)} (was flapping)`;
  if (notice.event === "unchecked") return `Not checked (the last result said ${statusLabel(notice.to)})`;
  if (notice.event === "checked") return `${statusLabel(notice.to)} (checked again)`;
  if (notice.afterRoot) return `${statusLabel(notice.to)} (still, after ${notice.afterRoot.name} came back)`;
  return notice.from === null
    ? `${statusLabel(notice.to)} (its first check)`
    : `${statusLabel(notice.to)} (was ${statusLabel(notice.from)})`;
}

function noticeFacts(notice: Notice): Fact[] {
  if (notice.event === "objective" && notice.objective) return objectiveFacts(notice, notice.objective);
  const facts: Fact[] = [
    { label: "Server", value: serverName(notice) },
    { label: "State", value: stateFact(notice) },
    notice.certificate
      ? { label: "Certificate expires", value: formatSince(notice.certificate.expires) }
      : {
          label:
            notice.event === "flapping"
              ? "Flapping since"
              : notice.event === "unchecked"
                ? "Last result"
                : notice.event === "checked"
                  ? "Not checked since"
                  : "Since",
          value: formatSince(notice.since),
        },
  ];
  if (notice.event === "checked") facts.push({ label: "Without results for", value: durationWords(notice) });
  if (notice.dependents) {
    facts.push({
      label: notice.event === "recovered" ? "Back with it" : "Unreachable because of it",
      value: namesWithCount(notice.dependents.names, notice.dependents.count),
    });
  }
  if (notice.unreachableBecause && notice.event === "down") {
    facts.push({ label: "Why", value: `it depends on ${rootName(notice.unreachableBecause)}, which is down` });
  }
  if (notice.afterRoot) {
    const root = rootName(notice.afterRoot);
    facts.push({
      label: "Why now",
      value: `it was unreachable because ${root} was down (told then, in ${root}'s notice); ${root} is back, this server is not`,
    });
  }
  if (notice.event === "recovered" && notice.from !== null) {
    facts.push({ label: `Was ${stateWord(notice.from)} for`, value: durationWords(notice) });
  }
  if (notice.event === "reminder") facts.push({ label: `Still ${stateWord(notice.to)} for`, value: durationWords(notice) });
  if (notice.event === "maintenance" && notice.maintenance) {
    const { title, message, start, end, servers } = notice.maintenance;
    facts.push(
      { label: "Window", value: `${title} (${notice.maintenance.id})` },
      { label: "From", value: formatSince(start) },
      { label: "Until", value: formatSince(end) },
      { label: "Servers it covers", value: namesWithCount(servers.names, servers.count) },
      ...(message ? [{ label: "Message", value: message }] : []),
      {
        label: "Meanwhile",
        value:
          notice.maintenance.edge === "began"
            ? "its state is held, and its alerts and notices wait until the window ends"
            : "its checks count again; a server still down is told at once",
      },
    );
  }
  if (notice.event === "security" && notice.finding) {
    facts.push(
      { label: "Rule", value: `${notice.finding.title} (${notice.finding.rule})` },
      { label: "What the scan saw", value: notice.finding.seen },
      { label: "How to fix it", value: notice.finding.fix },
    );
  }
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

/**
 * The state a notice shows (its colour, its tags): its new state, but a
 * server not checked shows as a warning whatever it said last (its last
 * state, online perhaps, is not known now).
 */
const shownState = (notice: Notice): MeasuredStatus => (notice.event === "unchecked" ? "warning" : notice.to);

export function stateCounts(notices: readonly Notice[]): Record<MeasuredStatus, number> {
  const counts: Record<MeasuredStatus, number> = { offline: 0, warning: 0, online: 0 };
  for (const notice of notices) counts[shownState(notice)] += 1;
  return counts;
}

/** The notices, worst new state first, keeping their order within a state. */
export function worstFirst(notices: readonly Notice[]): Notice[] {
  return [...notices].sort((a, b) => statusSeverity(shownState(b)) - statusSeverity(shownState(a)));
}

function digestLine(notice: Notice): string {
  if (notice.event === "objective") return objectiveTitle(notice);
  if (notice.event === "certificate") return `Certificate of ${serverName(notice)} expires in ${daysWords(notice)}`;
  if (notice.event === "security" && notice.finding)
    return `Security finding on ${serverName(notice)}: ${notice.finding.title} not met: ${clip(notice.finding.seen, 120)}`;
  if (notice.event === "flapping") return `Flapping: ${serverName(notice)}, ${changesWords(notice)}, now ${statusLabel(notice.to)}`;
  if (notice.event === "settled")
    return `Settled ${statusLabel(notice.to)}: ${serverName(notice)}, after flapping: ${clip(notice.detail, 120)}`;
  if (notice.event === "unchecked") return `Not checked: ${serverName(notice)}, ${clip(notice.detail, 120)}`;
  if (notice.event === "maintenance" && notice.maintenance)
    return `Maintenance ${notice.maintenance.edge}: ${serverName(notice)}, ${clip(notice.maintenance.title, 120)}`;
  if (notice.event === "checked") return `Checked again, ${statusLabel(notice.to)}: ${serverName(notice)}: ${clip(notice.detail, 120)}`;
  const was = notice.event === "reminder" ? "still" : notice.from === null ? "its first check" : `was ${statusLabel(notice.from)}`;
  const behind = notice.unreachableBecause
    ? `, ${notice.event === "down" ? "unreachable because" : "was unreachable because"} ${rootName(notice.unreachableBecause)} ${notice.event === "down" ? "is" : "was"} down`
    : "";
  const down = `${notice.event === "recovered" ? `, down for ${durationWords(notice)}` : ""}${dependentsTail(notice).replace(/^;/, ",")}${behind}`;
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
      colour: STATE_COLOURS[shownState(notice)],
      state: shownState(notice),
      url: notice.url,
      linkLabel: notice.objective ? `Open the objective ${notice.objective.name} on the site` : `Open ${notice.server.name} on the site`,
    };
  }
  if (message.kind === "digest") {
    const counts = stateCounts(message.notices);
    const sorted = worstFirst(message.notices);
    const worst = sorted[0] ? shownState(sorted[0]) : "online";
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
export function clip(text: string, max: number): string {
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
