import { CheckIcon } from './icons';

export interface InfoCard {
  title: string;
  text?: string;
  /** A short checklist under the title, e.g. the benefits of one group. */
  points?: readonly string[];
}

/** Cards with an h3 title and a text or a checklist, three or four to a row on wide screens. */
export function InfoCardList({ cards }: { cards: readonly InfoCard[] }) {
  const columns = cards.length % 3 === 0 ? 'md:grid-cols-3' : 'sm:grid-cols-2 xl:grid-cols-4';
  return (
    <ul className={`grid gap-6 ${columns}`}>
      {cards.map((card) => (
        <li key={card.title} className="card flex flex-col">
          <h3 className="text-lg font-semibold text-ink">{card.title}</h3>
          {card.text && <p className="mt-3 leading-relaxed text-ink-muted">{card.text}</p>}
          {card.points && (
            <ul className="mt-4 space-y-3">
              {card.points.map((point) => (
                <li key={point} className="flex gap-3 leading-snug text-ink-muted">
                  <CheckIcon className="mt-0.5 shrink-0 text-brand" />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
