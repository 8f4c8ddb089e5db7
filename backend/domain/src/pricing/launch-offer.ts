import { CUSTOMER_TIME_ZONE } from '../shared/customer-time-zone.js';
import { formatEurosHT } from './format-euros.js';
import { type LaunchOfferTerms } from './launch-offer-terms.js';
import { percentOf } from './money.js';

export type { LaunchOfferTerms };

/** What pricing needs to pick an offer: when the draft is priced, the code typed, the offers' uses. */
export interface LaunchOfferContext {
  /** The instant the draft is priced at (the Clock's, on the server). */
  readonly at: string;
  /** « Code promo » as the visitor typed it; compared without spaces, in capitals. */
  readonly code?: string | null | undefined;
  /** How many orders paid their first payment with each offer (absent: none). */
  readonly uses?: Readonly<Record<string, number>>;
}

export type LaunchOfferChoice =
  | { readonly offer: LaunchOfferTerms; readonly problem: null }
  | { readonly offer: null; readonly problem: string | null };

/** A typed code as it compares: no spaces, capitals. Empty: none. */
export const normalisedPromoCode = (code: string | null | undefined): string =>
  (code ?? '').replace(/\s/g, '').toUpperCase();

const within = (offer: LaunchOfferTerms, at: number) =>
  Date.parse(offer.startsAt) <= at && at < Date.parse(offer.endsAt);
const exhausted = (offer: LaunchOfferTerms, uses: Readonly<Record<string, number>>) =>
  offer.maxOrders !== undefined && (uses[offer.id] ?? 0) >= offer.maxOrders;

/**
 * The offer a draft gets: with a code, the offer of that code (or why not, in French); without,
 * the first offer without a code that is open and not used up. One offer per order, never two.
 */
export function chooseLaunchOffer(
  offers: readonly LaunchOfferTerms[] | undefined,
  context: LaunchOfferContext,
): LaunchOfferChoice {
  const at = Date.parse(context.at);
  const uses = context.uses ?? {};
  const code = normalisedPromoCode(context.code);
  if (code) {
    const offer = (offers ?? []).find((candidate) => candidate.code === code);
    if (!offer) return { offer: null, problem: `Le code promo « ${code} » n’existe pas.` };
    if (at < Date.parse(offer.startsAt))
      return {
        offer: null,
        problem: `Le code promo « ${code} » n’est valable qu’à partir du ${frenchDate(offer.startsAt)}.`,
      };
    if (!within(offer, at)) return { offer: null, problem: `Le code promo « ${code} » a expiré.` };
    if (exhausted(offer, uses))
      return { offer: null, problem: `Le code promo « ${code} » a atteint son nombre de commandes.` };
    return { offer, problem: null };
  }
  const open = (offers ?? []).find(
    (offer) => offer.code === undefined && within(offer, at) && !exhausted(offer, uses),
  );
  return open ? { offer: open, problem: null } : { offer: null, problem: null };
}

/** The reduction HT an offer takes off a first payment of `firstPaymentHT`: never more than it. */
export function launchOfferReductionHT(offer: LaunchOfferTerms, firstPaymentHT: number): number {
  const reduction =
    offer.reduction.kind === 'percent'
      ? percentOf(firstPaymentHT, offer.reduction.percent)
      : offer.reduction.amountHT;
  return Math.min(Math.max(reduction, 0), firstPaymentHT);
}

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: CUSTOMER_TIME_ZONE });
const frenchDate = (at: string) => dateFormat.format(new Date(at));

/** An offer in French, as the back-office lists it: « −20 % sur le premier paiement, du … au …, code X, 50 commandes au plus ». */
export function describeLaunchOffer(offer: LaunchOfferTerms): string {
  const reduction =
    offer.reduction.kind === 'percent'
      ? `−${offer.reduction.percent}\u00a0%`
      : `−${formatEurosHT(offer.reduction.amountHT, { decimals: 'auto' })}`;
  return [
    `${offer.label} : ${reduction} sur le premier paiement, du ${frenchDate(offer.startsAt)} au ${frenchDate(offer.endsAt)} (exclu)`,
    offer.code !== undefined ? `code ${offer.code}` : 'sans code',
    offer.maxOrders !== undefined ? `${offer.maxOrders} commandes au plus` : null,
  ]
    .filter(Boolean)
    .join(', ');
}
