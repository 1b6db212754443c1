/**
 * The security findings over time (#34): what each run's rules (rules.ts)
 * found, kept by the job in checks/security.json. A rule failed on a server is
 * a finding from the run that first saw it (firstSeen) until a later run sees
 * it pass (resolved); a server not judged in a run (not answered, not HTTPS)
 * keeps its findings as they were. Resolved findings are kept 30 days; one that
 * fails again is a new finding. A clock set back moves nothing back: a finding
 * is never first seen after it was last seen, nor resolved before it.
 *
 * Each server's last scan (its rules' outcomes) makes the Security Score: the
 * share of the rules judged that passed, over every judged server. An
 * editor's acknowledgement (content/security-acknowledgements.json) shows an
 * active finding as acknowledged, with its note, until its date.
 */
import { DAY_MS } from "../kernel/time";
import { newRecord } from "../kernel/records";
import { RULES, type RuleId, type RuleOutcome, type Severity } from "./rules";

export type Finding = {
  server: string;
  rule: RuleId;
  severity: Severity;
  /** what the last run that saw it failed saw, in words */
  seen: string;
  firstSeen: string;
  lastSeen: string;
  /** the run that saw it pass; null while it lasts */
  resolved: string | null;
};

/** A server's last scan: when, and each rule's outcome. */
type Scan = { at: string; outcomes: RuleOutcome[] };

/** checks/security.json */
export type SecurityState = { version: 1; scans: Record<string, Scan>; findings: Finding[] };

export const emptySecurityState = (): SecurityState => ({ version: 1, scans: {}, findings: [] });

const RESOLVED_KEPT_DAYS = 30;

/**
 * The state after a run at `now` judged `judged` (server -> its rules'
 * outcomes), and the findings it saw first (for the notices). Servers of the
 * state that are not in `known` (removed from content, or no longer checked
 * over HTTPS) are dropped, their scans with them.
 */
export function updateSecurity(
  state: SecurityState,
  judged: ReadonlyMap<string, RuleOutcome[]>,
  known: ReadonlySet<string>,
  now: Date,
): { state: SecurityState; fresh: Finding[] } {
  const at = now.toISOString();
  const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);
  const fresh: Finding[] = [];
  const findings: Finding[] = [];
  const open = new Map<string, Finding>();
  for (const finding of state.findings) {
    if (!known.has(finding.server)) continue;
    if (finding.resolved === null) open.set(`${finding.server}\u0000${finding.rule}`, { ...finding });
    else if (Date.parse(finding.resolved) >= now.getTime() - RESOLVED_KEPT_DAYS * DAY_MS) findings.push(finding);
  }
  for (const [server, outcomes] of judged) {
    // A scan through a trusted certificate judges every rule that applies: an open finding of a rule it no longer judges
    // (a check that stopped asking plain HTTP) is dropped, neither resolved nor kept.
    if (outcomes.some((o) => o.rule === "certificate-trusted" && o.passed)) {
      const judgedRules = new Set(outcomes.map((o) => o.rule));
      for (const [key, finding] of open) if (finding.server === server && !judgedRules.has(finding.rule)) open.delete(key);
    }
    for (const result of outcomes) {
      const key = `${server}\u0000${result.rule}`;
      const current = open.get(key);
      if (result.passed) {
        if (current) {
          open.delete(key);
          findings.push({ ...current, resolved: later(at, current.lastSeen) });
        }
      } else if (current) {
        current.seen = result.seen;
        current.severity = result.severity;
        current.lastSeen = later(at, current.lastSeen);
      } else {
        const found: Finding = {
          server,
          rule: result.rule,
          severity: result.severity,
          seen: result.seen,
          firstSeen: at,
          lastSeen: at,
          resolved: null,
        };
        open.set(key, found);
        fresh.push(found);
      }
    }
  }
  const scans = newRecord<Scan>();
  for (const [server, scan] of Object.entries(state.scans)) if (known.has(server)) scans[server] = scan;
  for (const [server, outcomes] of judged) scans[server] = { at, outcomes };
  const order = (a: Finding, b: Finding) =>
    Date.parse(b.firstSeen) - Date.parse(a.firstSeen) || a.server.localeCompare(b.server) || a.rule.localeCompare(b.rule);
  return { state: { version: 1, scans, findings: [...open.values(), ...findings].sort(order) }, fresh };
}

/** The Security Score: the rules passed of those judged on every server's last scan; null when no server was judged. */
export function securityScore(state: SecurityState): { passed: number; judged: number; servers: number; share: number | null } {
  let passed = 0;
  let judged = 0;
  const scans = Object.values(state.scans);
  for (const scan of scans) {
    judged += scan.outcomes.length;
    passed += scan.outcomes.filter((o) => o.passed).length;
  }
  return { passed, judged, servers: scans.length, share: judged === 0 ? null : passed / judged };
}

/** An editor's acknowledgement of a finding (content/security-acknowledgements.json). */
export type Acknowledgement = { server: string; rule: RuleId; note: string; until?: string };

export type FindingStatus = "active" | "acknowledged" | "resolved";

/**
 * A finding's status at `now`: resolved once a run saw it fixed; acknowledged
 * while an editor's acknowledgement of its server and rule holds (no date, or
 * a date, YYYY-MM-DD, not yet over in UTC); active otherwise.
 */
export function findingStatus(
  finding: Finding,
  acknowledgements: readonly Acknowledgement[],
  now: Date,
): { status: FindingStatus; acknowledgement: Acknowledgement | null } {
  if (finding.resolved !== null) return { status: "resolved", acknowledgement: null };
  const ack = acknowledgements.find(
    (a) =>
      a.server === finding.server &&
      a.rule === finding.rule &&
      (a.until === undefined || Date.parse(`${a.until}T00:00:00Z`) + DAY_MS > now.getTime()),
  );
  return ack ? { status: "acknowledged", acknowledgement: ack } : { status: "active", acknowledgement: null };
}

/** What a new finding's notice says (domain/notify/plan.ts), and what makes its key: the end of the finding before it of the same server and rule. */
export type NewFinding = { rule: RuleId; title: string; severity: Severity; seen: string; fix: string; after: string | null };

/**
 * The findings a run saw first, by server, as their notices need them (#34):
 * those an editor's acknowledgement covers at `now` are not news. `after` is
 * the end of the last finding of the same server and rule in the state the run
 * read (null: none): a run that stopped before writing its findings is played
 * again with the same state, so its notices keep their keys and are told once.
 */
export function newFindingNotices(
  before: SecurityState,
  fresh: readonly Finding[],
  acknowledgements: readonly Acknowledgement[],
  now: Date,
): Map<string, NewFinding[]> {
  const byServer = new Map<string, NewFinding[]>();
  for (const finding of fresh) {
    if (findingStatus(finding, acknowledgements, now).status !== "active") continue;
    const ends = before.findings
      .filter((f) => f.server === finding.server && f.rule === finding.rule && f.resolved !== null)
      .map((f) => f.resolved!)
      .sort();
    const rule = RULES[finding.rule];
    const list = byServer.get(finding.server) ?? [];
    list.push({
      rule: finding.rule,
      title: rule.title,
      severity: finding.severity,
      seen: finding.seen,
      fix: rule.fix,
      after: ends.at(-1) ?? null,
    });
    byServer.set(finding.server, list);
  }
  return byServer;
}
