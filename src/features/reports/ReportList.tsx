import { Download, FileText } from "lucide";
import { Icon } from "../../components/ui/Icon";
import styled from "styled-components";
import type { Report } from "../../model/types";
import { statusLabel } from "../../model/status";
import { Badge } from "../../components/ui/Badge";
import { ButtonAnchor } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/Card";
import { Item, ItemList } from "../../components/ui/ItemList";
import { theme } from "../../styles/theme";

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
            <Meta>
              <span>{report.type}</span>
              <time dateTime={report.date}>{report.date}</time>
              <span>{report.size}</span>
            </Meta>
          </Body>
          <Badge variant={STATUS_VARIANT[report.status]}>{statusLabel(report.status)}</Badge>
          {report.status === "completed" && report.file ? (
            <ButtonAnchor href={report.file} download $variant="outline" $size="sm" aria-label={`Download ${report.name}`}>
              <Icon icon={Download} size={14} />
              Download
            </ButtonAnchor>
          ) : null}
        </Item>
      ))}
    </ItemList>
  );
}

const IconBox = styled.span`
  display: inline-flex;
  color: ${theme.colors.textMuted};
`;

const Body = styled.div`
  flex: 1 1 14rem;
  min-width: 0;
`;

const Name = styled.p`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  font-size: 0.8125rem;
  color: ${theme.colors.textMuted};
`;
