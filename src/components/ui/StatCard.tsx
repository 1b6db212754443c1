import type { ReactNode } from "react";
import { Card } from "./Card";
import { classed } from "../../styles/classed";
import * as styles from "./StatCard.module.css";

type StatCardProps = {
  title: string;
  value: ReactNode;
  note?: ReactNode;
  /** where the figure comes from (measured, or typed by an editor), under the note */
  source?: string;
  /** decorative icon at the top right */
  icon?: ReactNode;
  /** colour of the value: a status tone or the default text colour */
  $tone?: "online" | "warning" | "offline";
  /** the value is words ("Not measured yet"), not a figure: set smaller, so it never breaks inside a word */
  $words?: boolean;
};

/** A figure with its title and a short note under it. */
export function StatCard({ title, value, note, source, icon, $tone, $words }: StatCardProps) {
  return (
    <Card as="article">
      <Top>
        <Title>{title}</Title>
        {icon ? <Icon aria-hidden="true">{icon}</Icon> : null}
      </Top>
      <Value $tone={$tone} $words={$words}>
        {value}
      </Value>
      {note ? <Note>{note}</Note> : null}
      {source ? <Source>{source}</Source> : null}
    </Card>
  );
}

/** Four (or three) figure cards in a row, wrapping on narrow screens. */
export const StatGrid = classed("div", styles.statGrid);

const Top = classed("div", styles.top);

const Title = classed("h2", styles.title);

const Icon = classed("span", styles.icon);

const Value = classed<"p", { $tone?: "online" | "warning" | "offline"; $words?: boolean }>("p", styles.value);

const Note = classed("p", styles.note);

const Source = classed("p", styles.source);
