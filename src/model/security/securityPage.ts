/**
 * What /security is given by the build (#34): the job's security scan
 * (checks/security.json, domain/security/findings.ts) as the page shows it, each
 * finding with its status at the build's time (an editor's acknowledgement
 * holding, or not), what it means and how to fix it; the score and how it is
 * counted; the last scan and the next; and the words of the measured cards.
 */
import { findingStatus, securityScore, type Acknowledgement, type FindingStatus, type SecurityState } from "../../domain/security/findings";
import { RULE_IDS, RULES, type RuleId, type Severity } from "../../domain/security/rules";
import type { CardFigure } from "../fleet/figureCards";

export type ShownFinding = {
  /** stable across builds: the server, the rule and when it was first seen */
  id: string;
  server: string;
  serverName: string;
  rule: RuleId;
  title: string;
  severity: Severity;
  seen: string;
  firstSeen: string;
  lastSeen: string;
  resolved: string | null;
  status: FindingStatus;
  acknowledgement: { note: string; until: string | null } | null;
  why: string;
  fix: string;
  reference: string;
};

/** Each rule, and on how many of the judged servers it passed: how the score is counted. */
type RuleTally = { id: RuleId; title: string; reference: string; passed: number; judged: number };

export type SecurityScan = {
  score: ReturnType<typeof securityScore>;
  /** the job's newest run (latest.json), and the next by its interval; null without them */
  lastScan: string | null;
  nextScan: string | null;
  /** active first, then acknowledged, then resolved; within each, the most severe and the newest first */
  findings: ShownFinding[];
  rules: RuleTally[];
};

/** null: the job has not run on this site. */
export type SecurityContext = { securityScan: SecurityScan | null };

const SEVERITY_ORDER: Record<Severity, number> = { high: 0, medium: 1, low: 2 };
const STATUS_ORDER: Record<FindingStatus, number> = { active: 0, acknowledged: 1, resolved: 2 };

export function securityScanOf(
  state: SecurityState,
  acknowledgements: readonly Acknowledgement[],
  names: ReadonlyMap<string, string>,
  latest: { finishedAt: string; intervalSeconds?: number | null } | null,
  builtAt: Date,
): SecurityScan {
  const findings = state.findings
    .map((finding): ShownFinding => {
      const { status, acknowledgement } = findingStatus(finding, acknowledgements, builtAt);
      const rule = RULES[finding.rule];
      return {
        ...finding,
        id: `${finding.server}-${finding.rule}-${finding.firstSeen}`,
        serverName: names.get(finding.server) ?? finding.server,
        title: rule.title,
        status,
        acknowledgement: acknowledgement && { note: acknowledgement.note, until: acknowledgement.until ?? null },
        why: rule.why,
        fix: rule.fix,
        reference: rule.reference,
      };
    })
    .sort(
      (a, b) =>
        STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
        SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
        Date.parse(b.firstSeen) - Date.parse(a.firstSeen) ||
        a.id.localeCompare(b.id),
    );
  const outcomes = Object.values(state.scans).flatMap((scan) => scan.outcomes);
  const rules = RULE_IDS.map((id) => {
    const judged = outcomes.filter((o) => o.rule === id);
    return {
      id,
      title: RULES[id].title,
      reference: RULES[id].reference,
      passed: judged.filter((o) => o.passed).length,
      judged: judged.length,
    };
  });
  const next = latest?.intervalSeconds ? new Date(Date.parse(latest.finishedAt) + latest.intervalSeconds * 1000).toISOString() : null;
  return { score: securityScore(state), lastScan: latest?.finishedAt ?? null, nextScan: next, findings, rules };
}

/** "2026-11-27 01:56 UTC" */
export const utcWords = (iso: string): string => `${iso.slice(0, 16).replace("T", " ")} UTC`;

const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

/** What the job measures for the security cards (content/security-cards.json `measure`); null: the job has not run. */
export function securityFigures({ securityScan: scan }: SecurityContext): Record<"score" | "threats" | "last-scan", CardFigure | null> {
  if (scan === null) return { score: null, threats: null, "last-scan": null };
  const source = "Measured by the check job";
  const { score } = scan;
  const active = scan.findings.filter((f) => f.status === "active");
  const acknowledged = scan.findings.filter((f) => f.status === "acknowledged").length;
  const high = active.filter((f) => f.severity === "high").length;
  return {
    score:
      score.share === null
        ? { value: "Not measured yet", note: "No HTTPS check has been scanned yet", source, words: true }
        : {
            value: `${Math.floor(score.share * 100)}%`,
            note: `${plural(score.passed, "rule")} passed of ${score.judged} judged, on ${plural(score.servers, "server")}`,
            source,
          },
    threats: {
      value: String(active.length),
      note:
        active.length === 0
          ? acknowledged > 0
            ? `No active finding; ${acknowledged} acknowledged, not counted`
            : "No active finding"
          : `${high === 0 ? "None" : high} of high severity${acknowledged > 0 ? `; ${acknowledged} acknowledged, not counted` : ""}`,
      source,
    },
    "last-scan": scan.lastScan
      ? {
          value: `${scan.lastScan.slice(11, 16)} UTC`,
          note: `On ${scan.lastScan.slice(0, 10)}; ${scan.nextScan ? `the next by the job's interval: ${utcWords(scan.nextScan)}` : "the next is the job's schedule's (its interval is not known yet)"}`,
          source,
        }
      : null,
  };
}
