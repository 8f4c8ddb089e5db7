import { FIRST_PRICE_GRID, type PriceGrid } from './pricing-grid.js';
import { computeOrderPrice, type OrderPriceResult } from './compute-order-price.js';
import { type LaunchOfferTerms, describeLaunchOffer } from './launch-offer.js';

// A launch offer comes off the first payment of a draft priced within [startsAt, endsAt)
// (docs/adr/0138-a-launch-offer-is-taken-off-the-first-payment.md). Given a grid with offers,
// when a draft is priced at an instant (with a code, with the offers' uses), then the price.

const order = (billingPeriod: 'yearly' | 'monthly') => ({
  template: 'onepage',
  billingPeriod,
  hostingOptions: { hostingType: 'included' },
  additionalOptions: {},
  logoOption: 'client',
  contentOption: 'client',
});

const opening: LaunchOfferTerms = {
  id: 'ouverture',
  label: 'Offre d’ouverture',
  reduction: { kind: 'percent', percent: 20 },
  startsAt: '2027-01-01T00:00:00.000Z',
  endsAt: '2027-02-01T00:00:00.000Z',
  maxOrders: 50,
};
const coded: LaunchOfferTerms = {
  id: 'salon-2027',
  label: 'Offre du salon',
  reduction: { kind: 'amount', amountHT: 5_000 },
  startsAt: '2027-01-01T00:00:00.000Z',
  endsAt: '2027-03-01T00:00:00.000Z',
  maxOrders: 10,
  code: 'SALON2027',
};
const grid: PriceGrid = { ...FIRST_PRICE_GRID, launchOffers: [opening, coded] };
const IN_WINDOW = '2027-01-15T10:00:00.000Z';

function consistent(result: OrderPriceResult): OrderPriceResult {
  expect(result.ok).toBe(true);
  expect(result.totalAmount + result.vatAmount).toBe(result.totalWithVat);
  expect(result.depositAmount + result.remainingAmount).toBe(result.totalAmount);
  expect(result.depositWithVat + result.remainingWithVat).toBe(result.totalWithVat);
  expect(result.depositWithVat).toBeGreaterThanOrEqual(0);
  return result;
}

// Site Vitrine, yearly: 348 € HT, deposit 174 € HT (208,80 € TTC), balance 174 € HT (208,80 € TTC).
const listYearly = consistent(computeOrderPrice(order('yearly'), grid));

describe('an offer without a code', () => {
  it('in its window: 20 % off the deposit, the balance unchanged, recorded with the price', () => {
    const result = consistent(computeOrderPrice(order('yearly'), grid, { at: IN_WINDOW }));
    expect(result).toMatchObject({
      totalAmount: 34_800 - 3_480,
      depositAmount: 17_400 - 3_480,
      remainingAmount: 17_400,
      remainingWithVat: 20_880,
      depositWithVat: 16_704,
      totalWithVat: 37_584,
      launchOffer: {
        id: 'ouverture',
        label: 'Offre d’ouverture',
        reductionHT: 3_480,
        reductionWithVat: 4_176,
      },
    });
    expect(result.launchOfferProblem).toBeUndefined();
    expect(result.formula.replace(/\s/g, ' ')).toBe(
      '167,04 € TTC à la commande (offre « Offre d’ouverture » déduite), 208,80 € TTC à la livraison',
    );
  });

  it('before its start, at its end and after: none, the list price', () => {
    for (const at of ['2026-12-31T23:59:59.999Z', '2027-02-01T00:00:00.000Z', '2027-06-01T00:00:00.000Z']) {
      const result = computeOrderPrice(order('yearly'), grid, { at });
      expect(result.launchOffer).toBeUndefined();
      expect(result).toEqual(listYearly);
    }
    expect(computeOrderPrice(order('yearly'), grid, { at: '2027-01-31T23:59:59.999Z' }).launchOffer?.id).toBe(
      'ouverture',
    );
  });

  it('count reached: the 50th order paid with it closes it to the next', () => {
    expect(
      computeOrderPrice(order('yearly'), grid, { at: IN_WINDOW, uses: { ouverture: 49 } }).launchOffer?.id,
    ).toBe('ouverture');
    const closed = computeOrderPrice(order('yearly'), grid, { at: IN_WINDOW, uses: { ouverture: 50 } });
    expect(closed).toEqual(listYearly);
  });

  it('prices nothing off without the pricing context (an order recorded before offers, version 1)', () => {
    expect(computeOrderPrice(order('yearly'), grid)).toEqual(listYearly);
    expect(computeOrderPrice(order('yearly'), FIRST_PRICE_GRID, { at: IN_WINDOW })).toEqual(listYearly);
  });
});

describe('an offer with a code', () => {
  it('right code, typed in any case with spaces: its amount off the set-up fee of a monthly order', () => {
    const result = consistent(
      computeOrderPrice(order('monthly'), grid, { at: IN_WINDOW, code: ' salon 2027 ' }),
    );
    // Site Vitrine's set-up fee 79 € HT (94,80 € TTC), less 50 € HT: 29 € HT (34,80 € TTC); the month unchanged.
    expect(result).toMatchObject({
      depositAmount: 2_900,
      setupFeesAmount: 2_900,
      depositWithVat: 3_480,
      monthlyAmount: computeOrderPrice(order('monthly'), grid).monthlyAmount,
      launchOffer: { id: 'salon-2027', label: 'Offre du salon', reductionHT: 5_000, reductionWithVat: 6_000 },
    });
  });

  it('the code replaces the offer without code: one offer per order', () => {
    const result = computeOrderPrice(order('yearly'), grid, { at: IN_WINDOW, code: 'SALON2027' });
    expect(result.launchOffer).toMatchObject({ id: 'salon-2027', reductionHT: 5_000 });
    expect(result.depositAmount).toBe(17_400 - 5_000);
  });

  it('never takes more than the first payment', () => {
    const big: PriceGrid = {
      ...grid,
      launchOffers: [{ ...coded, reduction: { kind: 'amount', amountHT: 9_000 } }],
    };
    const result = consistent(computeOrderPrice(order('monthly'), big, { at: IN_WINDOW, code: 'SALON2027' }));
    expect(result).toMatchObject({
      depositAmount: 0,
      depositWithVat: 0,
      launchOffer: { reductionHT: 7_900 },
    });
  });

  it('wrong, not yet open, expired or used up: the list price and why, in French', () => {
    const problem = (code: string, at: string, uses: Record<string, number> = {}) => {
      const result = computeOrderPrice(order('yearly'), grid, { at, code, uses });
      expect(result.launchOffer).toBeUndefined();
      expect({ ...result, launchOfferProblem: undefined }).toEqual({
        ...listYearly,
        launchOfferProblem: undefined,
      });
      return result.launchOfferProblem;
    };
    expect(problem('SALON2026', IN_WINDOW)).toBe('Le code promo « SALON2026 » n’existe pas.');
    expect(problem('SALON2027', '2026-12-20T10:00:00.000Z')).toBe(
      'Le code promo « SALON2027 » n’est valable qu’à partir du 1 janvier 2027.',
    );
    expect(problem('SALON2027', '2027-03-01T00:00:00.000Z')).toBe('Le code promo « SALON2027 » a expiré.');
    expect(problem('SALON2027', IN_WINDOW, { 'salon-2027': 10 })).toBe(
      'Le code promo « SALON2027 » a atteint son nombre de commandes.',
    );
  });
});

it('describes an offer in French for the back-office', () => {
  expect(describeLaunchOffer(coded).replace(/\s/g, ' ')).toBe(
    'Offre du salon : −50 € HT sur le premier paiement, du 1 janvier 2027 au 1 mars 2027 (exclu), code SALON2027, 10 commandes au plus',
  );
});
