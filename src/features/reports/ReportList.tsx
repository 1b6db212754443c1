import { withPrefix } from "gatsby";
import { Download, FileText } from "lucide";
import { Icon } from "../../components/ui/Icon";
import type { Report } from "../../domain/kernel/types";
import { statusLabel } from "../../domain/kernel/status";
import { Badge } from "../../components/ui/Badge";
import { ButtonAnchor } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/Card";
import { Item, ItemList, ItemMeta } from "../../components/ui/ItemList";
import { classed } from "../../styles/classed";
import * as styles from "./ReportList.module.css";

const STATUS_VARIANT = { completed: "default", processing: "secondary", failed: "destructive" } as const;

/** Name, type, date, size and status of each report; completed ones can be downloaded. */
export function ReportList({ reports, emptyText }: { reports: readonly Report[]; emptyText: string }) {
  if (reports.length === 0) return <EmptyState>{emptyText}</EmptyState>;
  return (
    <ItemList>
      {reports.map((report) => (
        <Item key={report.id}>
          <IconBox aria-hidden="true">
            <Icon icon={FileText} size={18} />
          </IconBox>
          <Body>
            <Name>{report.name}</Name>
            <ItemMeta>
              <span>{report.type}</span>
              <time dateTime={report.date}>{report.date}</time>
              <span>{report.size}</span>
            </ItemMeta>
          </Body>
          <Badge variant={STATUS_VARIANT[report.status]}>{statusLabel(report.status)}</Badge>
          {report.status === "completed" && report.file ? (
            <ButtonAnchor href={withPrefix(report.file)} download $variant="outline" $size="sm" aria-label={`Download ${report.name}`}>
              <Icon icon={Download} size={14} />
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
