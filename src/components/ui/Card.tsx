import { useId, type ReactNode } from "react";
import { classed } from "../../styles/classed";
import * as styles from "./Card.module.css";

/** A bordered surface. Title level is chosen by the page (h2 under the page's h1). */
export const Card = classed("section", styles.card);

const CardHeader = classed("div", styles.cardHeader);

const CardTitle = classed("h2", styles.cardTitle);

export const CardDescription = classed("p", styles.cardDescription);

const CardContent = classed("div", styles.cardContent);

/** Shown in place of a list when there is nothing to list. */
export const EmptyState = classed("p", styles.emptyState);

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
