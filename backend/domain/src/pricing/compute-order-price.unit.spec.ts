import { computeOrderPrice, type OrderPriceResult } from './compute-order-price.js';
import { TEMPLATE_KEYS } from './pricing-grid.js';

// Expected texts are written with ordinary spaces; inside amounts the module must emit U+00A0.
const nbsp = (text: string) => text.replace(/(?<=\d) (?=\d)| (?=€|HT\b|TTC\b)/g, '\u00a0');

const order = (overrides: Record<string, unknown> = {}) => ({
  template: 'onepage',
  billingPeriod: 'yearly',
  hostingOptions: { hostingType: 'included', maintenanceMonthly: false },
  additionalOptions: {},
  logoOption: 'client',
  contentOption: 'client',
  vatApplicable: true,
  companyCountry: 'FR',
  ...overrides,
});

const AMOUNT_FIELDS = [
  'basePrice',
  'launchFees',
  'monthlySubscription',
  'totalAmount',
  'depositAmount',
  'remainingAmount',
  'depositWithVat',
  'remainingWithVat',
  'setupFeesAmount',
  'monthlyAmount',
  'vatAmount',
  'totalWithVat',
  'monthlyWithVat',
] as const;

function expectConsistent(result: OrderPriceResult) {
  for (const field of AMOUNT_FIELDS) {
    expect(Number.isInteger(result[field])).toBe(true);
    expect(result[field]).toBeGreaterThanOrEqual(0);
  }
  expect(result.totalAmount + result.vatAmount).toBe(result.totalWithVat);
  expect(result.depositAmount + result.remainingAmount).toBe(result.totalAmount);
  expect(result.depositWithVat + result.remainingWithVat).toBe(result.totalWithVat);
}

describe('computeOrderPrice: yearly plan per template', () => {
  test.each([
    ['onepage', 2_900, 7_900, 34_800, 41_760, 20_880],
    ['portfolio', 4_900, 9_900, 58_800, 70_560, 35_280],
    ['business', 4_900, 9_900, 58_800, 70_560, 35_280],
    ['ecommerce', 7_900, 14_900, 94_800, 113_760, 56_880],
  ])('%s: 12 × %i HT = %#', (template, monthly, launchFee, total, totalWithVat, halfWithVat) => {
    const result = computeOrderPrice(order({ template }));
    expect(result).toMatchObject({
      ok: true,
      billingPeriod: 'yearly',
      yearlyForcedByAutonomousHosting: false,
      basePrice: total,
      launchFees: launchFee,
      monthlySubscription: monthly,
      totalAmount: total,
      depositAmount: total / 2,
      remainingAmount: total / 2,
      vatAmount: totalWithVat - total,
      totalWithVat,
      depositWithVat: halfWithVat,
      remainingWithVat: halfWithVat,
      setupFeesAmount: 0,
      monthlyAmount: 0,
      monthlyWithVat: 0,
      options: [],
    });
    expectConsistent(result);
  });
});

describe('computeOrderPrice: monthly plan per template', () => {
  test.each([
    ['onepage', 2_900, 3_770, 4_524, 7_900, 9_480],
    ['portfolio', 4_900, 6_370, 7_644, 9_900, 11_880],
    ['business', 4_900, 6_370, 7_644, 9_900, 11_880],
    ['ecommerce', 7_900, 10_270, 12_324, 14_900, 17_880],
  ])(
    '%s: 1.3 × %i = %i HT (%i TTC) per month, after a setup fee of %i HT (%i TTC)',
    (template, monthlyTotal, monthlyAmount, monthlyWithVat, setupFee, setupFeeWithVat) => {
      const result = computeOrderPrice(order({ template, billingPeriod: 'monthly' }));
      expect(result).toMatchObject({
        ok: true,
        billingPeriod: 'monthly',
        monthlySubscription: monthlyTotal,
        monthlyAmount,
        monthlyWithVat,
        setupFeesAmount: setupFee,
        launchFees: setupFee,
        // Only the setup fee is committed to: it is the whole first payment, the subscription follows.
        totalAmount: setupFee,
        depositAmount: setupFee,
        remainingAmount: 0,
        totalWithVat: setupFeeWithVat,
        depositWithVat: setupFeeWithVat,
        remainingWithVat: 0,
        vatAmount: setupFeeWithVat - setupFee,
      });
      expectConsistent(result);
    },
  );
});

describe('computeOrderPrice: additional options', () => {
  // [option, label, yearly price, template, yearly total, monthly total, monthly plan amount HT, TTC]
  test.each([
    ['seoOptimizations', 'Optimisation SEO', 24_900, 'onepage', 59_700, 4_975, 6_468, 7_762],
    ['multiLanguage', 'Site multilingue', 24_900, 'onepage', 59_700, 4_975, 6_468, 7_762],
    ['aiChatbot', 'Chatbot IA', 19_900, 'onepage', 54_700, 4_558, 5_926, 7_111],
    ['web3Integration', 'Intégration Web3', 49_900, 'onepage', 84_700, 7_058, 9_176, 11_011],
    ['ecommercePro', 'E-commerce Pro', 59_900, 'ecommerce', 154_700, 12_892, 16_759, 20_111],
  ])(
    '%s (%s, %i HT/an) on %s',
    (key, label, price, template, yearlyTotal, monthlyTotal, monthlyAmount, monthlyWithVat) => {
      const input = order({ template, additionalOptions: { [key]: true } });
      const yearly = computeOrderPrice(input);
      expect(yearly.totalAmount).toBe(yearlyTotal);
      expect(yearly.monthlySubscription).toBe(monthlyTotal);
      expect(yearly.options).toEqual([{ key, label, amountHT: price, period: 'yearly' }]);
      expectConsistent(yearly);

      const monthly = computeOrderPrice({ ...input, billingPeriod: 'monthly' });
      expect(monthly.monthlyAmount).toBe(monthlyAmount);
      expect(monthly.monthlyWithVat).toBe(monthlyWithVat);
      expect(monthly.options).toEqual(yearly.options);
    },
  );

  it('the live training (one 30-minute session) is charged once: never per year, never per month', () => {
    const input = order({ additionalOptions: { liveTraining: true } });
    const yearly = computeOrderPrice(input);
    expect(yearly.options).toEqual([
      { key: 'liveTraining', label: 'Formation en direct', amountHT: 27_000, period: 'once' },
    ]);
    expect(yearly.totalAmount).toBe(34_800 + 27_000);
    expect(yearly.monthlySubscription).toBe(2_900);
    expect(yearly.displayText).toBe(
      nbsp('348 € HT par an + 270 € HT une fois, soit 741,60 € TTC la première année'),
    );
    const monthly = computeOrderPrice({ ...input, billingPeriod: 'monthly' });
    expect(monthly.setupFeesAmount).toBe(7_900 + 27_000);
    expect(monthly.monthlyAmount).toBe(computeOrderPrice(order({ billingPeriod: 'monthly' })).monthlyAmount);
    expectConsistent(yearly);
  });

  it('keeps the yearly sum exact: 12 × (199 € / 12) is 199,00 €, not 198,96 €', () => {
    const without = computeOrderPrice(order());
    const withChatbot = computeOrderPrice(order({ additionalOptions: { aiChatbot: true } }));
    expect(withChatbot.totalAmount - without.totalAmount).toBe(19_900);
    expect(12 * Math.round(19_900 / 12)).toBe(19_896);
  });

  it('adds every chosen option', () => {
    const all = {
      seoOptimizations: true,
      liveTraining: true,
      multiLanguage: true,
      ecommercePro: true,
      aiChatbot: true,
      web3Integration: true,
    };
    const result = computeOrderPrice(order({ template: 'ecommerce', additionalOptions: all }));
    expect(result.totalAmount).toBe(94_800 + 24_900 + 27_000 + 24_900 + 59_900 + 19_900 + 49_900);
    expect(result.options.map((option) => option.key)).toEqual(Object.keys(all));
    expectConsistent(result);
  });

  test.each(['onepage', 'portfolio', 'business'])('does not charge E-commerce Pro on %s', (template) => {
    const result = computeOrderPrice(order({ template, additionalOptions: { ecommercePro: true } }));
    expect(result.totalAmount).toBe(computeOrderPrice(order({ template })).totalAmount);
    expect(result.options).toEqual([]);
  });

  it('ignores options set to false or null, and option keys it does not price', () => {
    const result = computeOrderPrice(
      order({ additionalOptions: { seoOptimizations: false, aiChatbot: null, accountManager: true } }),
    );
    expect(result.totalAmount).toBe(34_800);
    expect(result.options).toEqual([]);
  });
});

describe('computeOrderPrice: logo and content options', () => {
  test.each([
    ['client', 0],
    ['dont_have', 0],
    ['self_managed', 0],
    ['ai', 9_900],
    ['professional', 49_000],
  ])("'%s' adds %i HT once, for the logo and for the content", (choice, price) => {
    expect(computeOrderPrice(order({ logoOption: choice })).totalAmount).toBe(34_800 + price);
    expect(computeOrderPrice(order({ contentOption: choice })).totalAmount).toBe(34_800 + price);
    expect(computeOrderPrice(order({ logoOption: choice, contentOption: choice })).totalAmount).toBe(
      34_800 + 2 * price,
    );
  });

  it('lists the paid ones with their own labels', () => {
    const result = computeOrderPrice(order({ logoOption: 'ai', contentOption: 'professional' }));
    expect(result.options).toEqual([
      { key: 'logo', label: 'Logo créé par IA', amountHT: 9_900, period: 'once' },
      { key: 'content', label: 'Contenus professionnels', amountHT: 49_000, period: 'once' },
    ]);
  });

  it('yearly plan: charges them once, apart from the price per year, and splits the first year 50/50', () => {
    const result = computeOrderPrice(order({ logoOption: 'professional' }));
    expect(result).toMatchObject({
      totalAmount: 34_800 + 49_000,
      setupFeesAmount: 49_000,
      monthlySubscription: 2_900,
      depositWithVat: 50_280,
      remainingWithVat: 50_280,
    });
    expect(result.displayText).toBe(
      nbsp('348 € HT par an + 490 € HT une fois, soit 1 005,60 € TTC la première année'),
    );
  });

  it('monthly plan: adds them to the setup fee, never to the monthly amount', () => {
    const result = computeOrderPrice(order({ billingPeriod: 'monthly', logoOption: 'professional' }));
    expect(result).toMatchObject({
      monthlySubscription: 2_900,
      monthlyAmount: 3_770,
      setupFeesAmount: 7_900 + 49_000,
      totalAmount: 7_900 + 49_000,
      depositWithVat: 68_280,
    });
    expect(result.formula).toBe(
      nbsp('Frais de mise en service de 682,80 € TTC, puis 45,24 € TTC/mois sans engagement'),
    );
  });

  it('treats a logo or content not chosen yet (absent or null) as free', () => {
    const result = computeOrderPrice(order({ logoOption: undefined, contentOption: null }));
    expect(result.ok).toBe(true);
    expect(result.totalAmount).toBe(34_800);
  });
});

describe('computeOrderPrice: maintenance and hosting', () => {
  it('maintenance is included in the hosting: the old toggle charges nothing, on either plan', () => {
    const hostingOptions = { hostingType: 'included', maintenanceMonthly: true };
    for (const billingPeriod of ['yearly', 'monthly'] as const) {
      const withToggle = computeOrderPrice(order({ hostingOptions, billingPeriod }));
      expect(withToggle).toEqual(computeOrderPrice(order({ billingPeriod })));
      expect(withToggle.options).toEqual([]);
    }
  });

  it('treats absent hosting options as included hosting without maintenance', () => {
    expect(computeOrderPrice(order({ hostingOptions: undefined }))).toMatchObject({
      ok: true,
      totalAmount: 34_800,
    });
  });

  it('drops maintenance under autonomous hosting', () => {
    const result = computeOrderPrice(
      order({ hostingOptions: { hostingType: 'autonomous', maintenanceMonthly: true } }),
    );
    expect(result.totalAmount).toBe(34_800);
    expect(result.options).toEqual([]);
  });

  it('prices a monthly request under autonomous hosting as yearly, and says so', () => {
    const result = computeOrderPrice(
      order({
        billingPeriod: 'monthly',
        hostingOptions: { hostingType: 'autonomous', maintenanceMonthly: true },
      }),
    );
    expect(result).toEqual({
      ...computeOrderPrice(order()),
      yearlyForcedByAutonomousHosting: true,
    });
    expect(result.billingPeriod).toBe('yearly');
  });

  it('does not flag a yearly request under autonomous hosting as forced', () => {
    const result = computeOrderPrice(order({ hostingOptions: { hostingType: 'autonomous' } }));
    expect(result.yearlyForcedByAutonomousHosting).toBe(false);
  });

  it('accepts and ignores the hosting fields it does not price', () => {
    const hostingOptions = {
      hostingType: 'included',
      dnsType: 'existing',
      existingDomain: 'boulangerie-martin.fr',
      customEmails: true,
      backupMonthly: true,
      accountManager: true,
    };
    expect(computeOrderPrice(order({ hostingOptions })).totalAmount).toBe(34_800);
  });
});

describe('computeOrderPrice: a new domain', () => {
  const withDomain = (name: string, extension: string, extra: Record<string, unknown> = {}) =>
    order({
      hostingOptions: {
        hostingType: 'included',
        dnsType: 'new',
        newDomainName: name,
        domainExtension: extension,
      },
      ...extra,
    });

  test.each([
    ['.fr', 1_500],
    ['.com', 1_800],
    ['.org', 1_600],
  ])('%s adds its yearly price (%i HT) to the price per year', (extension, price) => {
    const result = computeOrderPrice(withDomain('Boulangerie-Martin', extension));
    expect(result.totalAmount).toBe(34_800 + price);
    expect(result.options).toEqual([
      {
        key: 'domain',
        label: `Nom de domaine boulangerie-martin${extension}`,
        amountHT: price,
        period: 'yearly',
      },
    ]);
  });

  it('is part of the monthly amount on the monthly plan, like the yearly options', () => {
    const result = computeOrderPrice(withDomain('boulangerie-martin', '.fr', { billingPeriod: 'monthly' }));
    // (348 + 15) × 1.3 / 12 = 39.325 → 39.33
    expect(result.monthlyAmount).toBe(3_933);
    expect(result.setupFeesAmount).toBe(7_900);
  });

  test.each([
    ['no name yet', { dnsType: 'new', newDomainName: '  ', domainExtension: '.fr' }],
    ['a name the registrar refuses', { dnsType: 'new', newDomainName: '-martin', domainExtension: '.fr' }],
    ['an existing domain', { dnsType: 'existing', newDomainName: 'martin', existingDomain: 'martin.fr' }],
  ])('is not charged for %s', (_, hosting) => {
    const result = computeOrderPrice(order({ hostingOptions: { hostingType: 'included', ...hosting } }));
    expect(result.totalAmount).toBe(34_800);
    expect(result.options).toEqual([]);
  });
});

describe('computeOrderPrice: texts', () => {
  it('yearly: headline per year and the 50/50 rhythm', () => {
    const result = computeOrderPrice(order());
    expect(result.displayText).toBe(nbsp('348 € HT par an, soit 417,60 € TTC'));
    expect(result.formula).toBe(
      nbsp('50 % à la commande (208,80 € TTC), 50 % à la livraison (208,80 € TTC)').replace(
        /50 %/g,
        '50\u00a0%',
      ),
    );
  });

  it('monthly: headline per month and setup fee then subscription', () => {
    const result = computeOrderPrice(order({ billingPeriod: 'monthly' }));
    expect(result.displayText).toBe(nbsp('37,70 € HT par mois, soit 45,24 € TTC'));
    expect(result.formula).toBe(
      nbsp('Frais de mise en service de 94,80 € TTC, puis 45,24 € TTC/mois sans engagement'),
    );
  });
});

describe('computeOrderPrice: invariants over many combinations', () => {
  const combinations = TEMPLATE_KEYS.flatMap((template) =>
    (['monthly', 'yearly'] as const).flatMap((billingPeriod) =>
      ['client', 'ai', 'professional'].flatMap((logoOption) =>
        [false, true].map((maintenanceMonthly) =>
          order({
            template,
            billingPeriod,
            logoOption,
            contentOption: logoOption === 'ai' ? 'professional' : 'self_managed',
            hostingOptions: { hostingType: 'included', maintenanceMonthly },
            additionalOptions: { aiChatbot: maintenanceMonthly, liveTraining: logoOption !== 'client' },
          }),
        ),
      ),
    ),
  );

  test.each(combinations)('integer cents, VAT 20%%, parts summing to the total: %o', (input) => {
    const result = computeOrderPrice(input);
    expect(result.ok).toBe(true);
    expectConsistent(result);
    expect(result.vatAmount).toBe(Math.round(result.totalAmount * 0.2));
  });
});

describe('computeOrderPrice: refused input gives the zero result', () => {
  const zero = {
    ok: false,
    billingPeriod: 'yearly',
    yearlyForcedByAutonomousHosting: false,
    ...Object.fromEntries(AMOUNT_FIELDS.map((field) => [field, 0])),
    displayText: 'Erreur de calcul',
    formula: '',
    options: [],
  };

  test.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'onepage'],
    ['an array', [order()]],
    ['an empty object', {}],
    ['an unknown template', order({ template: 'landing' })],
    ['a numeric template', order({ template: -1 })],
    ['no template', order({ template: undefined })],
    ['an unknown billing period', order({ billingPeriod: 'weekly' })],
    ['no billing period', order({ billingPeriod: undefined })],
    ['an option as a string', order({ additionalOptions: { seoOptimizations: 'true' } })],
    ['an option as a negative number', order({ additionalOptions: { aiChatbot: -1 } })],
    ['additional options as a list', order({ additionalOptions: ['aiChatbot'] })],
    ['an unknown logo option', order({ logoOption: 'gold' })],
    ['an unknown content option', order({ contentOption: 42 })],
    ['an unknown hosting type', order({ hostingOptions: { hostingType: 'cloud' } })],
    ['hosting options as a string', order({ hostingOptions: 'included' })],
    ['maintenance as a number', order({ hostingOptions: { maintenanceMonthly: 1 } })],
    ['VAT not applicable', order({ vatApplicable: false })],
    ['a company outside France', order({ companyCountry: 'BE' })],
  ])('%s', (_, input) => {
    expect(computeOrderPrice(input)).toEqual(zero);
  });

  it('never throws, even on an input whose properties throw', () => {
    const hostile = Object.defineProperty({}, 'template', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(computeOrderPrice(hostile)).toEqual(zero);
  });

  it('returns a fresh options list each time', () => {
    const first = computeOrderPrice(null);
    first.options.push({ key: 'logo', label: 'x', amountHT: 1, period: 'yearly' });
    expect(computeOrderPrice(null).options).toEqual([]);
  });
});

describe('computeOrderPrice: where the spec disagrees with itself', () => {
  // Landing page: onepage 324 / ecommerce 936 per year; wizard recap one-off: 349 / 949; pricing page: 348 / 948.
  // One grid (decision 5, docs/adr/0005-one-pricing-module.md): monthly bases 29/49/49/79 and yearly = 12 × monthly, so the pricing page's figures win.
  test.each([
    ['onepage', 34_800, 32_400, 34_900],
    ['ecommerce', 94_800, 93_600, 94_900],
  ])('%s yearly is %i cents, not the landing %i nor the recap %i', (template, followed, landing, recap) => {
    const { totalAmount, basePrice } = computeOrderPrice(order({ template }));
    expect(totalAmount).toBe(followed);
    expect(basePrice).toBe(followed);
    expect(totalAmount).not.toBe(landing);
    expect(totalAmount).not.toBe(recap);
  });
});
