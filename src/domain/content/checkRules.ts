/**
 * What a server's check says that its schema cannot hold (issue #23): a kind's
 * fields agree with its kind, a TCP port is 1 to 65535, what an HTTP check
 * sends and expects agrees with itself (headers, statuses, redirects,
 * conditions with their JSONPath and patterns), the defaults of
 * monitoring.json are as sound, and the job's results name servers that have a check.
 *
 * One piece (about 320 lines): the same check configuration read field by
 * field, each rule with the words an editor gets for it.
 */
import { jsonPathProblem, jsonPathSingular, patternProblem } from "../checks/conditions";
import { cronProblem, knownTimeZone, shortestGapMs } from "../checks/heartbeat";
import {
  checkTarget,
  checkWorstMs,
  followPolicy,
  parseResolver,
  parseStatusSpec,
  type CheckConfig,
  type CheckDefaults,
  type StatusSpec,
} from "../checks/definition";
import { CHECKS_SHARE, DEFAULT_DEADLINE_SECONDS, JOB_SCHEDULE_MINUTES } from "../checks/jobSettings";
import { formatDuration, formatLongDuration, MINUTE_MS } from "../kernel/time";
import { describeFound, makeIssue, recordOf, type ContentIssue } from "../kernel/contentIssue";
import { asRecords, type ParsedContent, type Rec } from "./parsed";
/** Headers a check may not set: the job's own, which a check's value would break (another host, a length that lies, a connection kept). */
const FORBIDDEN_HEADERS = ["host", "content-length", "connection", "transfer-encoding"];

/** What an HTTP check says and expects that its schema cannot hold (issue #23); none for a check that says nothing of it. */
/** The kind of a check, by the field that names its target (the schema makes it one). */
const kindOf = (check: Rec): "url" | "tcp" | "tls" | "dns" | null =>
  check.url !== undefined
    ? "url"
    : check.tcp !== undefined
      ? "tcp"
      : check.tls !== undefined
        ? "tls"
        : check.dns !== undefined
          ? "dns"
          : null;

/** What a check of another kind than url may not say, and what it judges instead. */
const NOT_HTTP: Record<"tcp" | "tls" | "dns", string> = {
  tcp: "A TCP connection sends and reads nothing: remove it, or check a url instead.",
  tls: "A TLS handshake sends and reads nothing: remove it, or check an https url instead.",
  dns: "A DNS lookup sends no request to the server: remove it, or check a url instead.",
};

/** What a certificate, a resolver and the redirect policy say that the schema cannot hold (issue #23, part B). */
function kindIssues(check: Rec, issue: (field: string, expected: string, found: string, hint?: string) => void): void {
  const kind = kindOf(check);
  if (kind === "url" && check.certificate === true && typeof check.url === "string" && !/^https:/i.test(check.url)) {
    issue(
      "check.certificate",
      "certificate only on an https url",
      describeFound(check.url),
      "An http:// address has no certificate: use https://, or remove certificate.",
    );
  }
  if (check.httpRedirect === true && !(kind === "url" && typeof check.url === "string" && /^https:/i.test(check.url))) {
    issue(
      "check.httpRedirect",
      "httpRedirect only on an https url",
      kind === "url" ? describeFound(check.url) : `a ${kind ?? "check"} check`,
      "It asks whether plain HTTP redirects to the https address the check names: use an https:// url, or remove httpRedirect.",
    );
  }
  if (check.httpPort !== undefined && check.httpRedirect !== true) {
    issue(
      "check.httpPort",
      'httpPort only with "httpRedirect": true',
      describeFound(check.httpPort),
      'Add "httpRedirect": true, or remove httpPort.',
    );
  }
  if (check.warnDays !== undefined) {
    const judged = kind === "tls" || (kind === "url" && check.certificate === true);
    if (!judged) {
      issue(
        "check.warnDays",
        'warnDays only on a check that judges a certificate (an https url with "certificate": true, or tls)',
        `a ${kind ?? "check"} check${kind === "url" ? " without certificate" : ""}`,
        kind === "url" ? 'Add "certificate": true, or remove warnDays.' : "Remove warnDays.",
      );
    }
  }
  if (kind === "dns" && check.dns && typeof check.dns === "object") {
    const resolver = (check.dns as Rec).resolver;
    if (typeof resolver === "string" && parseResolver(resolver) === null) {
      issue(
        "check.dns.resolver",
        "an IP address with an optional port, such as 192.0.2.53, 192.0.2.53:5353 or [2001:db8::53]:5353",
        JSON.stringify(resolver),
        "A resolver is named by its address, not a host name (which would need a resolver of its own).",
      );
    }
  }
  if (
    (check.follow === "same-origin" || check.follow === "none") &&
    typeof check.followRedirects === "boolean" &&
    followPolicy({ followRedirects: check.followRedirects }) !== check.follow
  ) {
    issue(
      "check.follow",
      `the same policy as its alias followRedirects (${String(check.followRedirects)}), or one of them`,
      JSON.stringify(check.follow),
      "Keep follow and remove followRedirects.",
    );
  }
}

/** The site's defaults: follow and its alias agree (content/monitoring.json). */
export function defaultsIssues(defaults: CheckDefaults | undefined): ContentIssue[] {
  if (!defaults) return [];
  const issues: ContentIssue[] = [];
  if (
    defaults.follow !== undefined &&
    defaults.followRedirects !== undefined &&
    followPolicy({ followRedirects: defaults.followRedirects }) !== defaults.follow
  ) {
    issues.push(
      makeIssue(
        {
          level: "error",
          file: "content/monitoring.json",
          field: "checkDefaults.follow",
          expected: `the same policy as its alias followRedirects (${String(defaults.followRedirects)}), or one of them`,
          found: JSON.stringify(defaults.follow),
        },
        "Keep follow and remove followRedirects.",
      ),
    );
  }
  if (defaults.maxResponseMs !== undefined && defaults.warnAboveMs !== undefined && defaults.maxResponseMs !== defaults.warnAboveMs) {
    issues.push(
      makeIssue(
        {
          level: "error",
          file: "content/monitoring.json",
          field: "checkDefaults.maxResponseMs",
          expected: `the same threshold as its alias warnAboveMs (${defaults.warnAboveMs}), or one of them`,
          found: String(defaults.maxResponseMs),
        },
        "Keep maxResponseMs and remove warnAboveMs.",
      ),
    );
  }
  return issues;
}

/**
 * A quorum the places cannot make: with monitoring.json's job.locations named,
 * a quorum larger than their number would never find a server offline.
 */
function quorumIssues(data: ParsedContent): ContentIssue[] {
  const monitoring = data["monitoring.json"] as { job?: { locations?: unknown }; checkDefaults?: { quorum?: unknown } } | undefined;
  const places = monitoring?.job?.locations;
  if (!Array.isArray(places) || places.length === 0) return [];
  const expected = `at most ${places.length}, the number of places in monitoring.json's job.locations`;
  const hint = "A server is offline when this many places see it down: add the places, or lower the quorum.";
  const tooLarge = (quorum: unknown) => typeof quorum === "number" && quorum > places.length;
  const issues: ContentIssue[] = [];
  if (tooLarge(monitoring?.checkDefaults?.quorum)) {
    const found = String(monitoring!.checkDefaults!.quorum);
    issues.push(makeIssue({ level: "error", file: "content/monitoring.json", field: "checkDefaults.quorum", expected, found }, hint));
  }
  (data["servers.json"] ?? []).forEach((rec, index) => {
    const quorum = ((rec as Rec | null)?.check as Rec | undefined)?.quorum;
    if (!tooLarge(quorum)) return;
    const record = recordOf(data["servers.json"], index);
    issues.push(
      makeIssue({ level: "error", file: "content/servers.json", record, field: "check.quorum", expected, found: String(quorum) }, hint),
    );
  });
  return issues;
}

type Issue = (field: string, expected: string, found: string, hint?: string) => void;

/** A heartbeat's time source: a JSONPath that selects one value, or a header's name (the schema holds its form). */
function sourceIssues(source: unknown, field: string, issue: Issue): void {
  const listed = (source as Rec | null)?.newest;
  if (typeof listed === "string") {
    const problem = jsonPathProblem(listed);
    if (problem !== null)
      issue(
        `${field}.newest`,
        "a JSONPath (RFC 9535) that selects a listing's times, such as $.items[*].updated",
        `${JSON.stringify(listed)}: ${problem}`,
      );
    return;
  }
  const path = (source as Rec | null)?.json;
  if (typeof path !== "string") return;
  const problem = jsonPathProblem(path);
  if (problem !== null) {
    issue(`${field}.json`, "a JSONPath (RFC 9535) that selects one time, such as $.finishedAt", `${JSON.stringify(path)}: ${problem}`);
  } else if (!jsonPathSingular(path)) {
    issue(
      `${field}.json`,
      "a JSONPath that selects one value, a time (names and indexes only: $.finishedAt, $.runs[0].at)",
      `${JSON.stringify(path)}, which can select several values`,
      "A wildcard, a slice, a filter or .. selects a list, and a list is not a time: name the one value.",
    );
  }
}

/** A relayed heartbeat's API: a list of checks (healthchecks.io's v3, hosted or self-hosted under a folder). */
const RELAY_PATH = /\/api\/v3\/checks\/?$/;

/**
 * A relayed heartbeat (#49): the service holds the schedule (none of the
 * heartbeat's own fields), the url is its API v3 list narrowed to one check,
 * and the key is sent from the job's environment, never written in content.
 */
function relayIssues(check: Rec, heartbeat: Rec, issue: Issue): void {
  for (const field of ["time", "periodMinutes", "cron", "timeZone", "graceMinutes", "started", "maxRunMinutes"]) {
    if (heartbeat[field] !== undefined)
      issue(
        `check.heartbeat.${field}`,
        `no ${field} with relay`,
        describeFound(heartbeat[field]),
        "The service the job pings holds its schedule and grace: remove it.",
      );
  }
  // The service's word is the state: nothing of the answer is judged besides, and a HEAD has no body to read it from.
  for (const [field, value] of [
    ["expect", check.expect],
    ["expectStatus", check.expectStatus],
    ["warnAboveMs", check.warnAboveMs],
  ] as const) {
    if (value !== undefined)
      issue(`check.${field}`, `no ${field} with relay`, describeFound(value), "The service's state of the check is the state: remove it.");
  }
  if (check.method === "HEAD") issue("check.method", "GET with relay", '"HEAD", whose answer has no body', "Remove method.");
  let url: URL | null = null;
  try {
    url = new URL(String(check.url));
  } catch {
    return; // the url's own rule says so
  }
  // The key goes in a header: over plain HTTP anyone on the way reads it (a service on this machine aside).
  if (url.protocol === "http:" && !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) {
    issue("check.url", "an https:// address for a relay (its key travels in a header)", JSON.stringify(`${url.origin}${url.pathname}`));
  }
  if (!RELAY_PATH.test(url.pathname) || !(url.searchParams.has("slug") || url.searchParams.has("tag"))) {
    issue(
      "check.url",
      "healthchecks.io's API v3 list of checks, narrowed to one: https://healthchecks.io/api/v3/checks/?slug=nightly-backup (or your own instance's)",
      JSON.stringify(`${url.origin}${url.pathname}${url.search === "" ? "" : "?…"}`),
    );
  }
  const headers = (check.headers ?? {}) as Rec;
  const key = Object.keys(headers).find((name) => name.toLowerCase() === "x-api-key");
  if (key === undefined) {
    issue(
      "check.headers",
      'the project\'s API key in X-Api-Key, from the check job\'s environment: { "X-Api-Key": { "env": "HC_READ_KEY" } }',
      "no X-Api-Key header",
      "A read-only key is enough: the job reads the check's state, and changes nothing.",
    );
  } else if (typeof headers[key] === "string") {
    issue(
      `check.headers.${key}`,
      'the key from the check job\'s environment: { "env": "HC_READ_KEY" }',
      "a key written in servers.json (not shown)",
      "A key in content is read by everyone who reads the repository: put it in the job's environment, and name the variable here.",
    );
  }
}

/**
 * What a heartbeat says that its schema cannot hold (issue #49): on a url
 * check only, a period or a cron (one of them), a cron that fires and not more
 * often than the check job runs (`everyMs`: its interval), a time zone Intl
 * knows, JSONPaths that select one value, a body to read them in, and
 * started with maxRunMinutes.
 */
function heartbeatIssues(check: Rec, issue: Issue, everyMs: number): void {
  const heartbeat = check.heartbeat as Rec | undefined;
  if (heartbeat === undefined || heartbeat === null || typeof heartbeat !== "object") return;
  const kind = kindOf(check);
  if (kind !== "url") {
    issue(
      "check.heartbeat",
      "a heartbeat only on a url check",
      `a ${kind ?? "check"} check`,
      "A heartbeat reads a time from an answer: give the url that answers it.",
    );
    return;
  }
  for (const field of ["certificate", "httpRedirect"] as const) {
    if (check[field] === true)
      issue(
        `check.${field}`,
        `no ${field} on a heartbeat`,
        "true",
        "A heartbeat watches a job through the file it publishes, not the site that serves it: check that site with a server of its own.",
      );
  }
  if (heartbeat.relay !== undefined) {
    relayIssues(check, heartbeat, issue);
    return;
  }
  // A heartbeat's state is its job's: how fast the file came is no threshold of it.
  const threshold = check.warnAboveMs ?? ((check.expect ?? {}) as Rec).maxResponseMs;
  if (threshold !== undefined) {
    issue(
      check.warnAboveMs !== undefined ? "check.warnAboveMs" : "check.expect.maxResponseMs",
      "no response-time threshold on a heartbeat (its warning is its lateness)",
      describeFound(threshold),
      "Remove it.",
    );
  }
  const every = formatLongDuration(everyMs);
  const hasPeriod = heartbeat.periodMinutes !== undefined;
  const hasCron = heartbeat.cron !== undefined;
  if (hasPeriod === hasCron) {
    issue(
      hasCron ? "check.heartbeat.cron" : "check.heartbeat",
      "one of periodMinutes (the job pings at least this often) and cron (when it runs)",
      hasCron ? "both periodMinutes and cron" : "neither periodMinutes nor cron",
    );
  }
  if (hasCron && heartbeat.graceMinutes === 0) {
    issue("check.heartbeat.graceMinutes", "at least 1 with cron: a run reports when it ends, so its grace is how long it may take", "0");
  }
  if (typeof heartbeat.periodMinutes === "number" && heartbeat.periodMinutes * MINUTE_MS < everyMs) {
    issue(
      "check.heartbeat.periodMinutes",
      `at least the check job's interval, ${every}: the job sees a ping only as often as it runs`,
      String(heartbeat.periodMinutes),
    );
  }
  if (heartbeat.timeZone !== undefined && !hasCron) {
    issue(
      "check.heartbeat.timeZone",
      "a timeZone only with cron",
      describeFound(heartbeat.timeZone),
      "A period has no time of day: remove timeZone.",
    );
  }
  const zone = typeof heartbeat.timeZone === "string" ? heartbeat.timeZone : "UTC";
  const zoneKnown = knownTimeZone(zone);
  if (!zoneKnown) {
    issue("check.heartbeat.timeZone", "an IANA time zone such as Europe/Berlin, or UTC", JSON.stringify(zone));
  }
  if (typeof heartbeat.cron === "string" && zoneKnown) {
    const problem = cronProblem(heartbeat.cron, zone);
    if (problem !== null) {
      issue(
        "check.heartbeat.cron",
        "a cron expression that fires, such as 0 3 * * * (minute, hour, day of month, month, weekday)",
        `${JSON.stringify(heartbeat.cron)}: ${problem}`,
      );
    } else {
      const gap = shortestGapMs(heartbeat.cron, zone);
      if (gap !== null && gap < everyMs) {
        issue(
          "check.heartbeat.cron",
          `a schedule no more often than the check job runs (every ${every}): the job sees a ping only as often as it runs`,
          `${JSON.stringify(heartbeat.cron)}, which fires ${formatLongDuration(gap)} apart at the closest`,
        );
      }
    }
  }
  sourceIssues(heartbeat.time, "check.heartbeat.time", issue);
  sourceIssues(heartbeat.started, "check.heartbeat.started", issue);
  const readsBody = [heartbeat.time, heartbeat.started].some(
    (source) => source !== undefined && source !== null && typeof source === "object" && (source as Rec).header === undefined,
  );
  if (readsBody && check.method === "HEAD") {
    issue(
      "check.method",
      "GET or POST for a heartbeat that reads the body (a JSON value or a listing)",
      '"HEAD", whose answer has no body',
      "Use GET, or read a header.",
    );
  }
  if ((heartbeat.started === undefined) !== (heartbeat.maxRunMinutes === undefined)) {
    issue(
      heartbeat.started === undefined ? "check.heartbeat.maxRunMinutes" : "check.heartbeat.started",
      "started and maxRunMinutes together (a run is up from its start for that long)",
      heartbeat.started === undefined ? "maxRunMinutes without started" : "started without maxRunMinutes",
    );
  }
}

function httpCheckIssues(check: Rec, issue: Issue): void {
  const expect = (check.expect ?? {}) as Rec;
  kindIssues(check, issue);
  const kind = kindOf(check);
  if (kind === "tcp" || kind === "tls" || kind === "dns") {
    // Only a url check sends a request and reads an answer: the others judge their time (and a tls check its certificate).
    for (const field of ["method", "body", "headers", "bodyLimit", "follow", "followRedirects", "certificate"] as const) {
      if (check[field] === undefined) continue;
      const found =
        field === "headers" && typeof check.headers === "object" && check.headers
          ? Object.keys(check.headers).join(", ")
          : describeFound(check[field]);
      issue(
        `check.${field}`,
        `no ${field} on a ${kind} check`,
        found,
        kind === "tls" && field === "certificate" ? "A tls check always judges its certificate: remove it." : NOT_HTTP[kind],
      );
    }
    for (const field of ["status", "bodyContains", "bodyLacks", "json"] as const) {
      if (expect[field] !== undefined)
        issue(
          `check.expect.${field}`,
          `no expect.${field} on a ${kind} check`,
          describeFound(expect[field]),
          kind === "dns"
            ? "A dns check's expected values are dns.expect."
            : `A ${kind.toUpperCase()} check judges only its time (maxResponseMs)${kind === "tls" ? " and its certificate" : ""}.`,
        );
    }
    return;
  }
  const method = typeof check.method === "string" ? check.method : "GET";
  if (check.body !== undefined && method !== "POST") {
    issue("check.body", "a body only with method POST", `method ${method}`, 'Add "method": "POST", or remove body.');
  }
  if (method === "HEAD") {
    for (const field of ["bodyContains", "bodyLacks", "json"] as const) {
      if (expect[field] !== undefined)
        issue(
          `check.expect.${field}`,
          `a condition on the body with method GET or POST`,
          "method HEAD, whose answer has no body",
          "Use GET, or remove the condition.",
        );
    }
  }
  if (check.headers && typeof check.headers === "object") {
    for (const name of Object.keys(check.headers)) {
      if (FORBIDDEN_HEADERS.includes(name.toLowerCase())) {
        issue(
          `check.headers.${name}`,
          `no ${name} header (the check job sets it)`,
          `a ${name} header`,
          "Host, Content-Length, Connection and Transfer-Encoding are the job's: a value of yours would break the request. Remove it.",
        );
      }
    }
  }
  if (expect.status !== undefined && parseStatusSpec(expect.status as StatusSpec) === null) {
    issue(
      "check.expect.status",
      'a status code such as 200, a class such as "2xx", a range such as "200-206" (low to high), or a list of these',
      describeFound(expect.status),
    );
  }
  if (
    expect.status !== undefined &&
    check.expectStatus !== undefined &&
    JSON.stringify(expect.status) !== JSON.stringify(check.expectStatus)
  ) {
    issue(
      "check.expect.status",
      `the same statuses as its alias expectStatus (${JSON.stringify(check.expectStatus)}), or one of them`,
      describeFound(expect.status),
      "Keep expect.status and remove expectStatus.",
    );
  }
  if (typeof expect.maxResponseMs === "number" && typeof check.warnAboveMs === "number" && expect.maxResponseMs !== check.warnAboveMs) {
    issue(
      "check.expect.maxResponseMs",
      `the same threshold as its alias warnAboveMs (${check.warnAboveMs}), or one of them`,
      String(expect.maxResponseMs),
      "Keep expect.maxResponseMs and remove warnAboveMs.",
    );
  }
  if (Array.isArray(expect.json)) {
    expect.json.forEach((condition: unknown, i) => {
      const c = condition as Rec | null;
      if (typeof c?.path === "string") {
        const problem = jsonPathProblem(c.path);
        if (problem !== null)
          issue(
            `check.expect.json[${i}].path`,
            "a JSONPath (RFC 9535) such as $.status or $.checks[*].ok",
            `${JSON.stringify(c.path)}: ${problem}`,
          );
      }
      if (typeof c?.matches === "string") {
        const problem = patternProblem(c.matches);
        if (problem !== null)
          issue(
            `check.expect.json[${i}].matches`,
            "a regular expression (JavaScript's, with the u flag) that runs without backtracking (RE2: no lookahead, lookbehind or backreferences)",
            `${JSON.stringify(c.matches)}: ${problem}`,
          );
      }
    });
  }
}

/**
 * Checks the schema cannot hold: a TCP port is 1 to 65535, only a url check has
 * an HTTP status to expect or a body to judge, what an HTTP check says and
 * expects agrees with itself, and the job's results name servers that have a check.
 */
/**
 * Checks the run's deadline cannot finish: a check whose server never answers
 * takes two tries and a pause (checkWorstMs); when that is longer than the
 * checks' share of job.deadlineSeconds (60 %), such a server would have no
 * result run after run, and its last state would stay on every page. Named on
 * the check's own timeoutMs, or once on monitoring.json for the checks that
 * take the defaults, with what would work.
 */
const JOB_START_MS = 1000;

function deadlineIssues(data: ParsedContent): ContentIssue[] {
  const monitoring = data["monitoring.json"] as { job?: { deadlineSeconds?: unknown }; checkDefaults?: CheckDefaults } | undefined;
  const setDeadline = typeof monitoring?.job?.deadlineSeconds === "number" ? monitoring.job.deadlineSeconds : null;
  const deadlineSeconds = setDeadline ?? DEFAULT_DEADLINE_SECONDS;
  // The checks' share, less a second for the job's own start (reading, validating, warming up: before the first check).
  const withinMs = Math.round(deadlineSeconds * 1000 * CHECKS_SHARE) - JOB_START_MS;
  const defaults = monitoring?.checkDefaults ?? {};
  const issues: ContentIssue[] = [];
  const byDefaults: Array<{ id: string; worst: number }> = [];
  const share = `${Math.round(CHECKS_SHARE * 100)} % of a run of ${deadlineSeconds} s, less a second for the job's start: ${formatDuration(withinMs)}`;
  const needs = (worst: number) => `a deadlineSeconds of at least ${Math.ceil((worst + JOB_START_MS) / CHECKS_SHARE / 1000)}`;
  (data["servers.json"] ?? []).forEach((rec, index) => {
    const check = (rec as Rec | null)?.check as CheckConfig | undefined;
    if (!check || typeof check !== "object") return;
    let target: ReturnType<typeof checkTarget> = null;
    try {
      target = checkTarget(check, defaults);
    } catch {
      return; // a check the other rules refuse
    }
    if (target === null) return;
    const worst = checkWorstMs(target);
    if (worst <= withinMs) return;
    if (typeof check.timeoutMs !== "number") {
      byDefaults.push({ id: String((rec as Rec).id), worst });
      return;
    }
    issues.push(
      makeIssue(
        {
          level: "error",
          file: "content/servers.json",
          record: recordOf(data["servers.json"], index),
          field: "check.timeoutMs",
          expected: `a timeout whose two tries fit the checks' share of the run (${share})`,
          found: `${check.timeoutMs}, so a check that gets no answer takes up to ${formatDuration(worst)}`,
        },
        `Such a server would never have a result. Lower the timeout, or give monitoring.json's job ${needs(worst)}.`,
      ),
    );
  });
  if (byDefaults.length > 0) {
    const worst = Math.max(...byDefaults.map((c) => c.worst));
    const named = byDefaults.slice(0, 5).map((c) => c.id);
    issues.push(
      makeIssue(
        {
          level: "error",
          file: "content/monitoring.json",
          field: setDeadline === null ? "checkDefaults.timeoutMs" : "job.deadlineSeconds",
          expected: `checks whose two tries fit the checks' share of the run (${share})`,
          found: `checks that take up to ${formatDuration(worst)} when their server does not answer (${named.join(", ")}${byDefaults.length > 5 ? ` and ${byDefaults.length - 5} more` : ""})`,
        },
        `Such a server would never have a result. Give job ${needs(worst)}, or lower checkDefaults.timeoutMs.`,
      ),
    );
  }
  return issues;
}

export function checkIssues(data: ParsedContent): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const servers = asRecords(data["servers.json"]);
  const file = "content/servers.json";
  // The check job's interval as the workflow schedules it: content is judged on its own, never on how the job happened to run
  // (a job that stopped for hours would otherwise make a good heartbeat an error and stop the build).
  const everyMs = JOB_SCHEDULE_MINUTES * MINUTE_MS;
  (data["servers.json"] ?? []).forEach((rec, index) => {
    const check = (rec as Rec | null)?.check as Rec | undefined;
    if (!check || typeof check !== "object") return;
    const record = recordOf(data["servers.json"], index);
    const issue: Issue = (field, expected, found, hint) =>
      issues.push(makeIssue({ level: "error", file, record, field, expected, found }, hint));
    httpCheckIssues(check, issue);
    heartbeatIssues(check, issue, everyMs);
    const kind = kindOf(check);
    if (kind === "tcp" || kind === "tls") {
      const port = Number(/:(\d+)$/.exec(String(check[kind]))?.[1]);
      if (port < 1 || port > 65535) {
        issues.push(
          makeIssue({
            level: "error",
            file,
            record,
            field: `check.${kind}`,
            expected: "a port from 1 to 65535 after the colon",
            found: JSON.stringify(check[kind]),
          }),
        );
      }
    }
    if ((kind === "tcp" || kind === "tls" || kind === "dns") && check.expectStatus !== undefined) {
      issues.push(
        makeIssue(
          {
            level: "error",
            file,
            record,
            field: "check.expectStatus",
            expected: `no expectStatus on a ${kind} check`,
            found: describeFound(check.expectStatus),
          },
          `A ${kind.toUpperCase()} check has no HTTP status: remove expectStatus, or check a url instead.`,
        ),
      );
    }
  });

  issues.push(...quorumIssues(data));
  issues.push(...deadlineIssues(data));

  const latest = data["checks/latest.json"];
  if (latest) {
    const checked = new Set(servers.filter((s) => s.check && typeof s.id === "string").map((s) => s.id as string));
    const seen = new Set<string>();
    latest.results.forEach((result, index) => {
      const field = `results[${index}].server`;
      if (seen.has(result.server)) {
        issues.push(
          makeIssue({
            level: "error",
            file: "content/checks/latest.json",
            field,
            expected: "one result per server",
            found: `a second result for ${JSON.stringify(result.server)}`,
          }),
        );
      }
      seen.add(result.server);
      if (!checked.has(result.server)) {
        issues.push(
          makeIssue(
            {
              level: "warning",
              file: "content/checks/latest.json",
              field,
              expected: "the id of a server with a check in servers.json",
              found: JSON.stringify(result.server),
            },
            "The result is ignored; the next run of npm run check leaves it out.",
          ),
        );
      }
    });
  }
  return issues;
}
