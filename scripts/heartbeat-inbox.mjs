/**
 * A heartbeat's GitHub inbox (#49): run by .github/workflows/heartbeat-inbox.yml
 * when a watched job sends a repository_dispatch (event type "heartbeat",
 * client_payload { check, at?, state? }). It records the ping's time in
 * pings.json, which the monitoring job reads like any status file (a url
 * check's heartbeat, time { "json": "$.pings['<check>'].finishedAt" }).
 *
 *   node scripts/heartbeat-inbox.mjs [pings.json]   (the event from GITHUB_EVENT_PATH)
 *
 * The time is the sender's own (`at`, ISO 8601 with its zone) when it gives
 * one, else the moment this runs: GitHub may start a dispatch's run late, and
 * a missed ping is judged from the ping's own time. A time more than 5 minutes
 * ahead of this clock, a check name that is not one (letters, digits, . _ -,
 * at most 64) or a state other than started or finished is refused: the run
 * fails, saying why, and the file is not changed. A time older than the one
 * recorded never moves it back (a dispatch that came late). Plain Node, no
 * dependency: an inbox repository needs this file and the workflow only.
 */
import fs from "node:fs";
import path from "node:path";

const AHEAD_MS = 5 * 60_000;
const MAX_CHECKS = 1000;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-](\d{2}):(\d{2}))$/;

/** An ISO 8601 time with its zone whose every field is in range (Date would roll 2026-02-30 over to March 2); NaN otherwise. */
function realTime(text) {
  const m = typeof text === "string" ? ISO.exec(text) : null;
  if (!m) return NaN;
  const [year, month, day, hour, minute, second = 0] = m.slice(1, 7).map((part) => (part === undefined ? 0 : Number(part)));
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const fits = month >= 1 && month <= 12 && day >= 1 && day <= days && hour <= 23 && minute <= 59 && second <= 59;
  const zoneFits = m[8] === "Z" || (Number(m[9]) <= 23 && Number(m[10]) <= 59);
  return fits && zoneFits ? Date.parse(text) : NaN;
}

/** The ping the event carries, or why it is refused. */
export function pingOf(event, now) {
  const payload = event && typeof event === "object" ? event.client_payload : undefined;
  if (event?.action !== undefined && event.action !== "heartbeat")
    return { refused: `the event type is "${String(event.action).slice(0, 40)}", not heartbeat` };
  if (!payload || typeof payload !== "object") return { refused: 'the event has no client_payload: send { "check": "<name>" }' };
  const { check, at, state = "finished" } = payload;
  if (typeof check !== "string" || !NAME.test(check))
    return { refused: `check must be a name of letters, digits, . _ - (at most 64), found ${JSON.stringify(check)?.slice(0, 80)}` };
  if (state !== "finished" && state !== "started")
    return { refused: `state must be started or finished, found ${JSON.stringify(state)?.slice(0, 40)}` };
  let time = now.getTime();
  if (at !== undefined) {
    const parsed = realTime(at);
    if (!Number.isFinite(parsed))
      return { refused: `at must be an ISO 8601 time with its zone (2026-11-29T03:40:00Z), found ${JSON.stringify(at)?.slice(0, 60)}` };
    if (parsed - time > AHEAD_MS)
      return { refused: `at (${at}) is ahead of this runner's clock (${now.toISOString()}): the sender's clock is wrong` };
    time = parsed;
  }
  return { check, state, at: new Date(time).toISOString() };
}

/** The pings file with this ping: a newer time replaces an older one, never the reverse. */
export function withPing(file, ping, now) {
  const pings = file && typeof file === "object" && file.pings && typeof file.pings === "object" ? { ...file.pings } : {};
  const field = ping.state === "started" ? "startedAt" : "finishedAt";
  const before = Object.hasOwn(pings, ping.check) ? pings[ping.check] : undefined;
  if (before === undefined && Object.keys(pings).length >= MAX_CHECKS) return { refused: `the inbox holds ${MAX_CHECKS} checks already` };
  const kept = before && typeof before[field] === "string" ? Date.parse(before[field]) : NaN;
  if (Number.isFinite(kept) && kept >= Date.parse(ping.at)) return { file: { version: 1, pings }, moved: false };
  pings[ping.check] = { ...(before ?? {}), [field]: ping.at, receivedAt: now.toISOString() };
  return { file: { version: 1, updatedAt: now.toISOString(), pings }, moved: true };
}

function main() {
  const target = path.resolve(process.argv[2] ?? "pings.json");
  const eventPath = process.env.GITHUB_EVENT_PATH;
  if (!eventPath) {
    console.error("No GITHUB_EVENT_PATH: this runs in the heartbeat-inbox workflow, on a repository_dispatch.");
    process.exit(1);
  }
  const now = new Date();
  let event;
  try {
    event = JSON.parse(fs.readFileSync(eventPath, "utf8"));
  } catch (error) {
    console.error(`The event could not be read: ${error.message}`);
    process.exit(1);
  }
  const ping = pingOf(event, now);
  if ("refused" in ping) {
    console.error(`Ping refused: ${ping.refused}. pings.json is unchanged.`);
    process.exit(1);
  }
  let file = null;
  if (fs.existsSync(target)) {
    try {
      file = JSON.parse(fs.readFileSync(target, "utf8"));
    } catch {
      // A damaged file is set aside, never lost: the next pings start a new one.
      fs.renameSync(target, `${target}.damaged-${now.getTime()}`);
      console.error(`${path.basename(target)} was not JSON: set aside beside it, and a new one begun.`);
    }
  }
  const next = withPing(file, ping, now);
  if ("refused" in next) {
    console.error(`Ping refused: ${next.refused}. pings.json is unchanged.`);
    process.exit(1);
  }
  if (!next.moved) {
    console.log(`${ping.check}: ${ping.state} at ${ping.at}, not newer than the time recorded; nothing to change.`);
    return;
  }
  fs.writeFileSync(`${target}.tmp`, `${JSON.stringify(next.file, null, 2)}\n`);
  fs.renameSync(`${target}.tmp`, target);
  console.log(`${ping.check}: ${ping.state} at ${ping.at} recorded.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) main();
