import { EmptyState } from "./Card";
import { StatCard, StatGrid } from "./StatCard";

type FigureCardsProps = {
  cards: ReadonlyArray<{ id: string; title: string; value: string; note: string; source: string; words?: boolean }>;
  /** said when content has no cards */
  emptyText: string;
};

/** The figure cards of analytics and security, in content order, each saying where its figure comes from. */
export function FigureCards({ cards, emptyText }: FigureCardsProps) {
  if (cards.length === 0) return <EmptyState>{emptyText}</EmptyState>;
  return (
    <StatGrid>
      {cards.map((card) => (
        <StatCard key={card.id} title={card.title} value={card.value} note={card.note} source={card.source} $words={card.words} />
      ))}
    </StatGrid>
  );
}
