import {
  type CatalogueChange,
  type CatalogueGrid,
  type LaunchOffer,
} from '@coseso/event-schemas/catalogue/catalogue-events';
import { formatEurosHT } from '../pricing/format-euros.js';
import { MONTHS_PER_YEAR } from '../pricing/pricing-grid.js';
import { splitDeposit } from '../pricing/money.js';
import { DomainError } from '../shared/domain-error.js';
import { ErrorCode } from '../shared/error-codes.js';

type OfferChange = Extract<CatalogueChange, { kind: 'addLaunchOffer' | 'endLaunchOffer' }>;

/** A code as the visitor may type it: 4 to 20 capital letters or digits (compared in capitals). */
export const PROMO_CODE_FORMAT = /^[A-Z0-9]{4,20}$/;
/** An offer's identifier: lower-case letters, digits and hyphens, as a URL would carry it. */
const OFFER_ID_FORMAT = /^[a-z0-9][a-z0-9-]{0,59}$/;

const invalid = (message: string, field: string, detail: string) =>
  new DomainError(ErrorCode.CATALOGUE_INVALID_CHANGE, message, 'invalid', { [field]: detail });

/** The smallest first payment any order of this grid can have: a reduction in euros must fit it. */
export function smallestFirstPaymentHT(grid: Pick<CatalogueGrid, 'templates' | 'depositPercent'>): number {
  return Math.min(
    ...Object.values(grid.templates).flatMap((template) => [
      template.launchFeeHT,
      splitDeposit(MONTHS_PER_YEAR * template.monthlyBaseHT, grid.depositPercent).deposit,
    ]),
  );
}

/**
 * The launch-offer changes of a publication checked against the grid they apply to, in French, and
 * each end dated (the version's effective date when the back-office gave none); the other changes
 * as they are. An offer is added whole and never edited: a fix ends it and adds another.
 */
export function launchOfferChangesChecked(
  grid: CatalogueGrid,
  changes: readonly CatalogueChange[],
  effectiveFrom: string,
): CatalogueChange[] {
  let offers: readonly LaunchOffer[] = grid.launchOffers;
  return changes.map((change) => {
    if (change.kind === 'addLaunchOffer') {
      checkNewOffer(change.offer, offers, grid, effectiveFrom);
      offers = [...offers, change.offer];
      return change;
    }
    if (change.kind === 'endLaunchOffer') {
      const offer = offers.find((candidate) => candidate.id === change.id);
      if (!offer)
        throw invalid(
          `Aucune offre de lancement ne porte l’identifiant « ${change.id} ».`,
          'id',
          'Offre inconnue.',
        );
      if (Number.isNaN(Date.parse(change.endsAt ?? effectiveFrom)))
        throw invalid('La date de fin n’est pas une date.', 'endsAt', 'Date invalide.');
      const endsAt = new Date(Date.parse(change.endsAt ?? effectiveFrom)).toISOString();
      if (Date.parse(offer.endsAt) <= Date.parse(effectiveFrom))
        throw invalid(`L’offre « ${offer.label} » est déjà terminée.`, 'id', 'Offre déjà terminée.');
      if (Date.parse(endsAt) < Date.parse(effectiveFrom) || Date.parse(endsAt) >= Date.parse(offer.endsAt))
        throw invalid(
          'Une offre se termine au plus tôt quand la version prend effet, et avant la fin prévue.',
          'endsAt',
          'Choisissez une date entre la prise d’effet et la fin prévue.',
        );
      offers = offers.map((candidate) => (candidate.id === change.id ? { ...candidate, endsAt } : candidate));
      return { ...change, endsAt };
    }
    return change;
  });
}

function checkNewOffer(
  offer: LaunchOffer,
  offers: readonly LaunchOffer[],
  grid: CatalogueGrid,
  effectiveFrom: string,
): void {
  if (!OFFER_ID_FORMAT.test(offer.id))
    throw invalid(
      'L’identifiant d’une offre s’écrit en minuscules, chiffres et tirets.',
      'id',
      'Identifiant invalide.',
    );
  if (offers.some((other) => other.id === offer.id))
    throw invalid(`Une offre porte déjà l’identifiant « ${offer.id} ».`, 'id', 'Identifiant déjà pris.');
  if (!offer.label.trim()) throw invalid('Donnez un nom à l’offre.', 'label', 'Le nom est obligatoire.');
  const startsAt = Date.parse(offer.startsAt);
  const endsAt = Date.parse(offer.endsAt);
  if (endsAt <= startsAt)
    throw invalid('La fin de l’offre doit suivre son début.', 'endsAt', 'Choisissez une fin après le début.');
  if (endsAt <= Date.parse(effectiveFrom))
    throw invalid(
      'Cette offre serait terminée avant que la version prenne effet.',
      'endsAt',
      'Choisissez une fin à venir.',
    );
  if (offer.reduction.kind === 'amount') {
    const smallest = smallestFirstPaymentHT(grid);
    if (offer.reduction.amountHT > smallest)
      throw invalid(
        `La réduction (${formatEurosHT(offer.reduction.amountHT)}) dépasse le plus petit premier paiement de la grille (${formatEurosHT(smallest)}).`,
        'reduction',
        `Au plus ${formatEurosHT(smallest)}.`,
      );
  }
  if (offer.code !== undefined) {
    if (!PROMO_CODE_FORMAT.test(offer.code))
      throw invalid(
        'Le code promo compte 4 à 20 lettres majuscules ou chiffres, sans espace ni accent.',
        'code',
        'Code invalide.',
      );
    if (offers.some((other) => other.code === offer.code))
      throw invalid(`Le code « ${offer.code} » est déjà celui d’une autre offre.`, 'code', 'Code déjà pris.');
  }
}

/** The grid with one launch-offer change applied (checked and dated by `launchOfferChangesChecked`). */
export function applyLaunchOfferChange(grid: CatalogueGrid, change: OfferChange): CatalogueGrid {
  if (change.kind === 'addLaunchOffer')
    return { ...grid, launchOffers: [...grid.launchOffers, change.offer] };
  return {
    ...grid,
    launchOffers: grid.launchOffers.map((offer) =>
      offer.id === change.id && change.endsAt !== undefined ? { ...offer, endsAt: change.endsAt } : offer,
    ),
  };
}
