// Apart from launch-offer.ts so the grid can name an offer's type without importing the money
// helpers, which read the grid's constants (a type-only circle otherwise).

/**
 * A launch offer as the grid holds it (CatalogueVersionPublished v3): a reduction taken off an
 * order's first payment — the deposit of a yearly order, the set-up fee of a monthly one — for the
 * drafts priced within [startsAt, endsAt), with its code when it has one, while fewer than
 * `maxOrders` orders paid their first payment with it
 * (docs/adr/0138-a-launch-offer-is-taken-off-the-first-payment.md).
 */
export interface LaunchOfferTerms {
  readonly id: string;
  readonly label: string;
  readonly reduction:
    | { readonly kind: 'percent'; readonly percent: number }
    | { readonly kind: 'amount'; readonly amountHT: number };
  readonly startsAt: string;
  readonly endsAt: string;
  readonly maxOrders?: number | undefined;
  readonly code?: string | undefined;
}
