import { type BooksBreak, type BooksRule } from '../books-invariant.js';
import { type BooksWorld } from './books-world.js';

/**
 * Known defects the books' property test finds on the code as it is, each with its owner.
 * The random run tolerates their breaks (and only theirs) so that it guards everything else; each
 * has a named case in `books-regressions.unit.spec.ts` marked `it.failing`. Whoever fixes one
 * removes it from here and turns its case into a plain `it`.
 */
export interface KnownDefect {
  readonly name: string;
  readonly owner: string;
  readonly rules: readonly BooksRule[];
  /** Whether the defect is in play for this order (its breaks of `rules` are then its doing). */
  readonly inPlay: (world: BooksWorld, orderId: string) => boolean;
}

const cancellationCredits = (world: BooksWorld, orderId: string) => {
  const cancellations = new Set(
    world
      .stream(orderId)
      .filter((e) => e.event.type === 'OrderCancelled')
      .map((e) => e.eventId),
  );
  return world
    .invoiceEvents()
    .filter((e) => e.type === 'CreditNoteIssued' && cancellations.has(e.data.issuedFrom.eventId));
};

export const knownDefects: readonly KnownDefect[] = [
  {
    name: 'Un avoir sans remboursement : une annulation dans les 14 jours émet des avoirs, aucun argent ne revient (et une réactivation laisse les comptes remboursés)',
    owner: 'money-flows',
    rules: ['balance', 'refund_not_credited'],
    inPlay: (world, orderId) => cancellationCredits(world, orderId).length > 0,
  },
];

/** The breaks no known defect explains. */
export function unexplainedBreaks(world: BooksWorld, breaks: readonly BooksBreak[]): BooksBreak[] {
  return breaks.filter(
    (b) => !knownDefects.some((d) => d.rules.includes(b.rule) && d.inPlay(world, b.orderId)),
  );
}
