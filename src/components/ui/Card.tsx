import { useId, type ReactNode } from "react";
import styled from "styled-components";
import { theme } from "../../styles/theme";

/** A bordered surface. Title level is chosen by the page (h2 under the page's h1). */
export const Card = styled.section`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius.lg};
  box-shadow: ${theme.shadow};
  min-width: 0;
`;

const CardHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: 0.75rem;
  padding: 1.25rem 1.25rem 0.5rem;
`;

const CardTitle = styled.h2`
  font-size: 1rem;
  font-weight: 600;
  line-height: 1.4;
`;

export const CardDescription = styled.p`
  font-size: 0.875rem;
  color: ${theme.colors.textMuted};
`;

const CardContent = styled.div`
  padding: 0.75rem 1.25rem 1.25rem;
`;

/** Shown in place of a list when there is nothing to list. */
export const EmptyState = styled.p`
  padding: 1.5rem 0;
  text-align: center;
  font-size: 0.875rem;
  color: ${theme.colors.textMuted};
`;

type SectionCardProps = {
  /** the card's h2, which also names the card for screen readers */
  title: string;
  /** a line under the title */
  description?: ReactNode;
  /** beside the title: a legend, a small control */
  aside?: ReactNode;
  /** when true, `emptyText` is said instead of the children */
  empty?: boolean;
  emptyText?: string;
  children?: ReactNode;
};

/** A card with a titled header, and either its content or a sentence saying there is none. */
export function SectionCard({ title, description, aside, empty = false, emptyText, children }: SectionCardProps) {
  const id = useId();
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        <div>
          <CardTitle id={id}>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {aside}
      </CardHeader>
      <CardContent>{empty ? <EmptyState>{emptyText}</EmptyState> : children}</CardContent>
    </Card>
  );
}
