import { withPrefix } from "gatsby";
import { Icon } from "../../components/ui/Icon";
import type { Report } from "../../domain/kernel/types";
import { statusLabel } from "../../domain/kernel/status";
import { Badge } from "../../components/ui/Badge";
import { ButtonAnchor, ButtonLink } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/Card";
import { Item, ItemList, ItemMeta } from "../../components/ui/ItemList";
import { classed } from "../../styles/classed";
import * as styles from "./ReportList.module.css";

const STATUS_VARIANT = { completed: "default", processing: "secondary", failed: "destructive" } as const;

/** A report as the list shows it: a month's, made from what the job measured, or one the editors typed (reports.json). */
export type ListedReport = Pick<Report, "id" | "name" | "type" | "date" | "status"> &
  ({ source: "measured"; page: string; reason: string | null } | { source: "editors"; size: string; file?: string });

const SOURCE_WORDS = { measured: "Measured by the check job", editors: "Typed by the editors" } as const;

/** Name, type, date, where it comes from and status of each report; a month's opens its page, an editors' completed one downloads. */
export function ReportList({ reports, emptyText }: { reports: readonly ListedReport[]; emptyText: string }) {
  if (reports.length === 0) return <EmptyState>{emptyText}</EmptyState>;
  return (
    <ItemList>
      {reports.map((report) => (
        <Item key={report.id} data-source={report.source}>
          <IconBox aria-hidden="true">
            <Icon name="file-text" size={18} />
          </IconBox>
          <Body>
            <Name>{report.name}</Name>
            <ItemMeta>
              <span>{report.type}</span>
              <time dateTime={report.date}>{report.date}</time>
              {report.source === "editors" ? <span>{report.size}</span> : null}
              <span>{SOURCE_WORDS[report.source]}</span>
            </ItemMeta>
            {report.source === "measured" && report.reason ? <Reason>{report.reason}</Reason> : null}
          </Body>
          <Badge variant={STATUS_VARIANT[report.status]}>{statusLabel(report.status)}</Badge>
          {report.source === "measured" ? (
            <ButtonLink to={report.page} $variant="outline" $size="sm" aria-label={`Open ${report.name}`}>
              <Icon name="file-text" size={14} />
              Open
            </ButtonLink>
          ) : report.status === "completed" && report.file ? (
            <ButtonAnchor href={withPrefix(report.file)} download $variant="outline" $size="sm" aria-label={`Download ${report.name}`}>
              <Icon name="download" size={14} />
              Download
            </ButtonAnchor>
          ) : null}
        </Item>
      ))}
    </ItemList>
  );
}

const IconBox = classed("span", styles.iconBox);

const Body = classed("div", styles.body);

const Name = classed("p", styles.name);

const Reason = classed("p", styles.reason);
