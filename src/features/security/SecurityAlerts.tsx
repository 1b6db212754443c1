import type { ReactNode } from "react";
import { Link } from "gatsby";
import { Icon } from "../../components/ui/Icon";
import type { SecurityAlert } from "../../domain/kernel/types";
import { statusLabel } from "../../domain/kernel/status";
import { serverPath } from "../../domain/kernel/paths";
import { Badge } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { SectionCard } from "../../components/ui/Card";
import { Item, ItemList } from "../../components/ui/ItemList";
import { Dialog } from "../../components/ui/Dialog";
import { classed } from "../../styles/classed";
import { utcWords, type ShownFinding } from "../../model/security/securityPage";
import * as styles from "./SecurityAlerts.module.css";

const SEVERITY = {
  high: { icon: "shield-alert", label: "High severity" },
  medium: { icon: "triangle-alert", label: "Medium severity" },
  low: { icon: "info", label: "Low severity" },
} as const;

const STATUS_VARIANT = { active: "destructive", acknowledged: "secondary", resolved: "outline" } as const;

type Row = {
  id: string;
  severity: SecurityAlert["type"];
  message: string;
  time: string;
  status: SecurityAlert["status"];
  source: string;
  details: ReactNode;
};

/** A measured finding's row: what, where, since when; its details say what was seen, why it matters and how to fix it. */
function findingRow(f: ShownFinding): Row {
  const time = f.resolved ? `First seen ${utcWords(f.firstSeen)}; resolved ${utcWords(f.resolved)}` : `First seen ${utcWords(f.firstSeen)}`;
  return {
    id: `finding-${f.id}`,
    severity: f.severity,
    message: `${f.title}: not met on ${f.serverName}`,
    time,
    status: f.status,
    source: "Measured by the check job",
    details: (
      <>
        <dt>Server</dt>
        <dd>
          <Link to={serverPath(f.server)}>{f.serverName}</Link>
        </dd>
        <dt>Rule</dt>
        <dd>
          {f.title} ({f.rule})
        </dd>
        <dt>What was seen</dt>
        <dd>{f.seen}</dd>
        <dt>Why it matters</dt>
        <dd>{f.why}</dd>
        <dt>How to fix it</dt>
        <dd>{f.fix}</dd>
        <dt>Severity</dt>
        <dd>{statusLabel(f.severity)}</dd>
        <dt>Status</dt>
        <dd>{statusLabel(f.status)}</dd>
        {f.acknowledgement ? (
          <>
            <dt>Acknowledged</dt>
            <dd>
              {f.acknowledgement.note}
              {f.acknowledgement.until ? ` (until ${f.acknowledgement.until})` : ""}
            </dd>
          </>
        ) : null}
        <dt>First seen</dt>
        <dd>{utcWords(f.firstSeen)}</dd>
        <dt>{f.resolved ? "Resolved" : "Last seen"}</dt>
        <dd>{utcWords(f.resolved ?? f.lastSeen)}</dd>
        <dt>Reference</dt>
        <dd>
          <a href={f.reference} rel="noreferrer">
            {f.reference.includes("observatory") ? "Mozilla HTTP Observatory: tests and scoring" : "Mozilla Server Side TLS guidelines"}
          </a>
        </dd>
      </>
    ),
  };
}

/** An editor's alert: as typed, and said to be. */
function alertRow(alert: SecurityAlert): Row {
  return {
    id: alert.id,
    severity: alert.type,
    message: alert.message,
    time: alert.time,
    status: alert.status,
    source: "Typed by an editor (content/security-alerts.json)",
    details: (
      <>
        <dt>Message</dt>
        <dd>{alert.message}</dd>
        <dt>Severity</dt>
        <dd>{statusLabel(alert.type)}</dd>
        <dt>Status</dt>
        <dd>{statusLabel(alert.status)}</dd>
        <dt>When</dt>
        <dd>{alert.time}</dd>
        <dt>Source</dt>
        <dd>Typed by an editor (content/security-alerts.json)</dd>
        <dt>Reference</dt>
        <dd>{alert.id}</dd>
      </>
    ),
  };
}

/**
 * The Security Alerts: the check job's findings first (#34), then the editors'
 * alerts, each row with its severity, message, time, status and where it comes
 * from, and its details on demand.
 */
export function SecurityAlerts({ alerts, findings = [] }: { alerts: readonly SecurityAlert[]; findings?: readonly ShownFinding[] }) {
  const rows = [...findings.map(findingRow), ...alerts.map(alertRow)];
  return (
    <SectionCard title="Security Alerts" empty={rows.length === 0} emptyText="No security alerts.">
      <ItemList>
        {rows.map((row) => {
          const { icon, label } = SEVERITY[row.severity];
          return (
            <Item key={row.id}>
              <Severity $type={row.severity} role="img" aria-label={label}>
                <Icon name={icon} size={18} />
              </Severity>
              <Body>
                <Message>{row.message}</Message>
                <Time>{row.time}</Time>
                <Source>{row.source}</Source>
              </Body>
              <Badge variant={STATUS_VARIANT[row.status]}>{statusLabel(row.status)}</Badge>
              <Dialog
                trigger={
                  <Button $variant="outline" $size="sm" aria-label={`View details: ${row.message}`}>
                    View Details
                  </Button>
                }
                title={row.source.startsWith("Measured") ? "Security finding" : "Security alert"}
              >
                <Details>{row.details}</Details>
              </Dialog>
            </Item>
          );
        })}
      </ItemList>
    </SectionCard>
  );
}

const Severity = classed<"span", { $type: SecurityAlert["type"] }>("span", styles.severity);

const Body = classed("div", styles.body);

const Message = classed("p", styles.message);

const Time = classed("p", styles.time);

const Source = classed("p", styles.source);

const Details = classed("dl", styles.details);
