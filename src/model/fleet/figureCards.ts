/**
 * The figure cards of /analytics and /security (#34): a card either shows what
 * the job measures (its `measure` in content), or an editor's typed figure,
 * and every card says which. A measured card with nothing measured yet says
 * so; it never falls back to a typed figure.
 */

/** A figure, its line under it, and where it comes from; `words` when the value is words, not a figure (shown smaller). */
export type CardFigure = { value: string; note: string; source: string; words?: true };

/** A card as content keeps it: a measured one has `measure`, a typed one `value` and `note` (the schema holds one or the other). */
export type ContentCard = {
  id: string;
  title: string;
  value?: string | null;
  note?: string | null;
  measure?: string | null;
};

export type ShownCard = { id: string; title: string } & CardFigure;

/** The cards in content order, as shown: each measured one from `measured`, each typed one labelled with its file. */
export function shownCards(
  cards: readonly ContentCard[],
  measured: Readonly<Record<string, CardFigure | null>>,
  file: string,
): ShownCard[] {
  return cards.map((card) => {
    const { id, title } = card;
    if (card.measure) {
      const figure = measured[card.measure] ?? null;
      return figure
        ? { id, title, ...figure }
        : {
            id,
            title,
            value: "Not measured yet",
            note: "No server is checked yet",
            source: "Measured by the check job once it runs",
            words: true,
          };
    }
    return { id, title, value: card.value ?? "", note: card.note ?? "", source: `Typed by an editor (content/${file})` };
  });
}
