import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { firstCatalogueGrid } from '../../catalogue/first-version.js';

const FIRST_GRID = firstCatalogueGrid();
import { ORDER_ID, actors, filledForm, given, orderIn, payment } from '../testing/order-test-kit.js';

const eventOf = <T extends OrderEvent['type']>(events: OrderEvent[], type: T) =>
  events.find((e) => e.type === type) as Extract<OrderEvent, { type: T }>;

describe('creating a draft', () => {
  it('records the draft with its number, source and the fields the page sent', () => {
    given([])
      .when({
        type: 'CreateOrderDraft',
        actor: actors.visitor,
        orderId: ORDER_ID,
        orderNumber: 1042,
        source: 'landing',
        form: { companyName: '' },
      })
      .then([
        {
          type: 'OrderDraftCreated',
          data: { orderId: ORDER_ID, orderNumber: 1042, source: 'landing', form: { companyName: '' } },
        },
      ]);
  });

  it('keeps the plan chosen on the pricing page', () => {
    const pricingSelection = {
      planType: 'subscription' as const,
      subscriptionPlan: 'business' as const,
      billingCycle: 'yearly' as const,
      totalAmount: 9900,
      basePrice: 4200,
    };
    const state = given([])
      .when({
        type: 'CreateOrderDraft',
        actor: actors.visitor,
        orderId: ORDER_ID,
        orderNumber: 7,
        source: 'pricing',
        form: { selectedTemplate: 'business' },
        pricingSelection,
      })
      .then([
        {
          type: 'OrderDraftCreated',
          data: {
            orderId: ORDER_ID,
            orderNumber: 7,
            source: 'pricing',
            form: { selectedTemplate: 'business' },
            pricingSelection,
          },
        },
      ]);
    expect(state).toMatchObject({ exists: true, status: 'pending', pricingSelection, currentStep: 1 });
  });

  it('refuses a second draft with the same id', () => {
    given(orderIn('pending'))
      .when({
        type: 'CreateOrderDraft',
        actor: actors.visitor,
        orderId: ORDER_ID,
        orderNumber: 1,
        source: 'landing',
        form: {},
      })
      .thenFails('ORDER.ALREADY_EXISTS');
  });
});

describe('saving the wizard', () => {
  it('records only the fields that changed, and the step', () => {
    const s = orderIn('pending');
    s.run({
      type: 'SaveWizardProgress',
      actor: actors.visitor,
      currentStep: 2,
      form: { companyName: 'Martin', companySector: 'Boulangerie' },
    });
    given(s)
      .when({
        type: 'SaveWizardProgress',
        actor: actors.visitor,
        currentStep: 3,
        form: { companyName: 'Martin', companySector: 'Pâtisserie', contactEmail: 'c@m.fr' },
      })
      .then([
        {
          type: 'WizardStepSaved',
          data: { currentStep: 3, changes: { companySector: 'Pâtisserie', contactEmail: 'c@m.fr' } },
        },
      ]);
  });

  it('records only the option flags that changed', () => {
    const s = orderIn('pending');
    s.run({
      type: 'SaveWizardProgress',
      actor: actors.visitor,
      form: { additionalOptions: { seoOptimizations: true, aiChatbot: false } },
    });
    const state = given(s)
      .when({
        type: 'SaveWizardProgress',
        actor: actors.visitor,
        form: { additionalOptions: { seoOptimizations: true, aiChatbot: true } },
      })
      .then([{ type: 'WizardStepSaved', data: { changes: { additionalOptions: { aiChatbot: true } } } }]);
    expect(state.form.additionalOptions).toEqual({ seoOptimizations: true, aiChatbot: true });
  });

  it('appends nothing when nothing changed', () => {
    const s = orderIn('pending');
    s.run({
      type: 'SaveWizardProgress',
      actor: actors.visitor,
      currentStep: 2,
      form: { companyName: 'Martin' },
    });
    given(s)
      .when({
        type: 'SaveWizardProgress',
        actor: actors.visitor,
        currentStep: 2,
        form: { companyName: 'Martin' },
      })
      .then([]);
  });

  it('reopens a completed form edited before any payment (status back to pending, price dropped)', () => {
    const state = given(orderIn('contract_ready_for_signature'))
      .when({ type: 'SaveWizardProgress', actor: actors.visitor, form: { companyName: 'Martin & Fils' } })
      .then([
        { type: 'WizardStepSaved', data: { changes: { companyName: 'Martin & Fils' } } },
        { type: 'OrderFormReopened', data: {} },
      ]);
    expect(state).toMatchObject({ status: 'pending', formCompleted: false, price: null });
  });

  it('does not reopen a completed form that the wizard sends back with its blanks and ticked features', () => {
    const s = orderIn('contract_ready_for_signature');
    given(s)
      .when({
        type: 'SaveWizardProgress',
        actor: actors.visitor,
        form: {
          ...s.state.form,
          companyId: '',
          contactPhone: '',
          socialMedia: '',
          selectedDomain: null,
          additionalOptions: { ...s.state.form.additionalOptions, aiChatbot: false, web3Integration: false },
          freeOptions: { ...s.state.form.freeOptions, blog: false, newsletter: false },
          termsAccepted: true,
        },
      })
      .then([{ type: 'WizardStepSaved', data: { changes: { termsAccepted: true } } }]);
  });

  it('does not reopen a completed form for a consent tick or a step change', () => {
    given(orderIn('contract_ready_for_signature'))
      .when({
        type: 'SaveWizardProgress',
        actor: actors.visitor,
        currentStep: 7,
        form: { termsAccepted: true },
      })
      .then([{ type: 'WizardStepSaved', data: { currentStep: 7, changes: { termsAccepted: true } } }]);
  });

  it('refuses to change the content once the first payment is in', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({
      type: 'RecordFirstPayment',
      actor: actors.provider,
      payment: payment('pay_1'),
      amount: s.state.price!.depositWithVat,
    });
    given(s)
      .when({ type: 'SaveWizardProgress', actor: actors.visitor, form: { companyName: 'Autre' } })
      .thenFails('ORDER.TRANSITION_FORBIDDEN', 'Impossible de modifier le formulaire');
  });
});

describe('completing the wizard', () => {
  it('saves the last changes with the defaults made explicit, prices the order on the server and asks for payment', () => {
    const events = given(orderIn('pending'))
      .when({ type: 'CompleteOrderForm', actor: actors.visitor, form: filledForm('yearly') })
      .events();
    expect(events.map((e) => e.type)).toEqual(['WizardStepSaved', 'OrderFormCompleted']);
    expect(eventOf(events, 'WizardStepSaved').data).toEqual({
      currentStep: 8,
      changes: {
        ...filledForm('yearly'),
        creationOption: 'wordpress',
        selectedStyle: 'colorful',
        fontFamily: 'modern',
        primaryColor: '#3b82f6',
        secondaryColor: '#10b981',
        logoOption: 'client',
        contentOption: 'client',
        hostingOptions: { hostingType: 'included', dnsType: 'new', domainExtension: '.fr' },
        // The one-page template's included features, none having been chosen.
        freeOptions: {
          anchorScroll: true,
          servicesSection: true,
          testimonials: true,
          contactForm: true,
          googleMaps: true,
          socialLinks: true,
        },
      },
    });
    // Site Vitrine 12 × 29 € + SEO 249 € = 597 € HT, 716,40 € TTC, half now.
    expect(eventOf(events, 'OrderFormCompleted').data).toMatchObject({
      price: {
        billingPeriod: 'yearly',
        totalAmount: 59_700,
        totalWithVat: 71_640,
        depositWithVat: 35_820,
        remainingWithVat: 35_820,
      },
      exportEligibleAt: null,
      supportEnabled: false,
    });
  });

  it('prices at the catalogue version in force and records it; version 1 when none is given', () => {
    const first = given(orderIn('pending'))
      .when({ type: 'CompleteOrderForm', actor: actors.visitor, form: filledForm('yearly') })
      .events();
    expect(eventOf(first, 'OrderFormCompleted').data.catalogueVersion).toBe(1);
    const raised = {
      ...FIRST_GRID,
      templates: {
        ...FIRST_GRID.templates,
        onepage: { ...FIRST_GRID.templates.onepage, monthlyBaseHT: 3_200 },
      },
    };
    const catalogue = { version: 2, effectiveFrom: '2026-12-01T00:00:00.000Z', grid: raised };
    const events = given(orderIn('pending'))
      .when({
        type: 'CompleteOrderForm',
        actor: actors.visitor,
        form: filledForm('yearly'),
        catalogue,
        seenCatalogueVersion: 2,
      })
      .events();
    // Site Vitrine 12 × 32 € + SEO 249 € = 633 € HT.
    expect(eventOf(events, 'OrderFormCompleted').data).toMatchObject({
      catalogueVersion: 2,
      price: { totalAmount: 63_300 },
    });
  });

  it('records the terms of the version that priced it: the template name, the shares, the hosting, the account manager', () => {
    const second = {
      ...FIRST_GRID,
      depositPercent: 40,
      monthlyMarkupPercent: 25,
      templates: {
        ...FIRST_GRID.templates,
        onepage: { ...FIRST_GRID.templates.onepage, recapLabel: 'Site Essentiel' },
      },
      hostingIncludes: ['Certificat SSL', 'Sauvegardes quotidiennes'],
      accountManager: { label: 'Chargé de compte', yearlyPriceHT: 39_900 },
    };
    const events = given(orderIn('pending'))
      .when({
        type: 'CompleteOrderForm',
        actor: actors.visitor,
        form: filledForm('yearly'),
        catalogue: { version: 2, effectiveFrom: '2026-12-01T00:00:00.000Z', grid: second },
      })
      .events();
    expect(eventOf(events, 'OrderFormCompleted').data.terms).toEqual({
      templateLabel: 'Site Essentiel',
      depositPercent: 40,
      monthlyMarkupPercent: 25,
      hostingIncludes: ['Certificat SSL', 'Sauvegardes quotidiennes'],
      accountManager: { label: 'Chargé de compte', yearlyPriceHT: 39_900 },
    });
  });

  it('tells a visitor whose recap showed another version that the prices changed, before any payment', () => {
    const catalogue = { version: 2, effectiveFrom: '2026-12-01T00:00:00.000Z', grid: FIRST_GRID };
    given(orderIn('pending'))
      .when({
        type: 'CompleteOrderForm',
        actor: actors.visitor,
        form: filledForm('yearly'),
        catalogue,
        seenCatalogueVersion: 1,
      })
      .thenFails(
        'ORDER.PRICES_CHANGED',
        'Nos tarifs ont changé depuis votre récapitulatif (version 2 du catalogue, en vigueur depuis le 1 décembre 2026 à 01:00)',
      );
  });

  it('sets the export date a year after completion for monthly billing, and support with live training', () => {
    const now = '2026-11-22T10:00:00.000Z';
    const form = { ...filledForm('monthly'), additionalOptions: { liveTraining: true } };
    const events = given(orderIn('pending'))
      .when({ type: 'CompleteOrderForm', actor: actors.visitor, form, now })
      .events();
    expect(eventOf(events, 'OrderFormCompleted').data).toMatchObject({
      exportEligibleAt: '2027-11-22T10:00:00.000Z',
      supportEnabled: true,
      // The live training is one session: charged once, with the setup fee.
      price: { billingPeriod: 'monthly', setupFeesAmount: 7_900 + 27_000, depositWithVat: 41_880 },
    });
  });

  it('sets the export date on the Paris calendar: a year after 1 March is 1 March, whatever 29 February between', () => {
    const events = given(orderIn('pending'))
      .when({
        type: 'CompleteOrderForm',
        actor: actors.visitor,
        form: filledForm('monthly'),
        now: '2027-03-01T09:00:00.000Z',
      })
      .events();
    expect(eventOf(events, 'OrderFormCompleted').data.exportEligibleAt).toBe('2028-03-01T09:00:00.000Z');
  });

  it('moves the order to contract_ready_for_signature', () => {
    const state = given(orderIn('pending'))
      .when({ type: 'CompleteOrderForm', actor: actors.visitor, form: filledForm() })
      .then(
        given(orderIn('pending'))
          .when({ type: 'CompleteOrderForm', actor: actors.visitor, form: filledForm() })
          .events(),
      );
    expect(state).toMatchObject({
      status: 'contract_ready_for_signature',
      formCompleted: true,
      currentStep: 8,
    });
  });

  it.each([
    ['companyName', { companyName: ' ' }, "Le nom de l'entreprise est requis"],
    ['companySector', { companySector: '' }, "Le secteur d'activité est requis"],
    ['contactFirstName', { contactFirstName: '' }, 'Le prénom est requis'],
    ['contactLastName', { contactLastName: '' }, 'Le nom est requis'],
    ['contactEmail', { contactEmail: 'claire@' }, 'Email invalide'],
    [
      'companyAddress',
      { companyAddress: ' ' },
      "L'adresse postale de l'entreprise est requise : elle figure sur vos factures",
    ],
    ['companyAddress', { companyAddress: '12 rue des Lilas' }, /code postal et la ville/],
    ['companyId', { companyId: '1234' }, 'Le SIREN compte 9 chiffres et le SIRET 14 : vous en avez saisi 4'],
    ['companyId', { companyId: '732 829 321' }, /Ce SIREN n'existe pas/],
    ['companyId', { companyId: '732 829 320 00075' }, /Ce SIRET n'existe pas/],
    ['creationOption', { creationOption: 'ai' as const }, /Solution Express/],
    ['inspirationUrl', { inspirationUrl: 'pas une url' }, 'URL invalide'],
    [
      'additionalOptions.ecommercePro',
      { additionalOptions: { ecommercePro: true } },
      'Option réservée aux sites e-commerce',
    ],
    [
      'hostingOptions.maintenanceMonthly',
      { hostingOptions: { hostingType: 'autonomous' as const, maintenanceMonthly: true } },
      "La maintenance mensuelle n'est disponible que pour l'hébergement Coseso",
    ],
    [
      'billingPeriod',
      { billingPeriod: 'monthly' as const, hostingOptions: { hostingType: 'autonomous' as const } },
      'Non disponible avec hébergement autonome',
    ],
    ['logoOption', { logoOption: 'dont_have' as const }, 'Choisissez une solution pour votre logo'],
    ['contentOption', { contentOption: 'dont_have' as const }, 'Choisissez une solution pour vos textes'],
  ])(
    'refuses a form with a bad %s, with its French message, and appends nothing',
    (field, override, message) => {
      const error = given(orderIn('pending'))
        .when({ type: 'CompleteOrderForm', actor: actors.visitor, form: { ...filledForm(), ...override } })
        .thenFails('ORDER.INVALID_FORM', message);
      expect(error.kind).toBe('invalid');
      expect(error.fields?.[field]).toMatch(message);
    },
  );

  it('lists every faulty field at once', () => {
    const error = given(orderIn('pending'))
      .when({ type: 'CompleteOrderForm', actor: actors.visitor, form: {} })
      .thenFails('ORDER.INVALID_FORM');
    expect(Object.keys(error.fields ?? {})).toEqual(
      expect.arrayContaining([
        'companyName',
        'companySector',
        'contactFirstName',
        'contactLastName',
        'contactEmail',
        'selectedTemplate',
      ]),
    );
  });

  it('accepts a SIRET with spaces and an inspiration URL without a scheme', () => {
    const form = { ...filledForm(), companyId: '732 829 320 00074', inspirationUrl: 'www.exemple.fr' };
    expect(
      given(orderIn('pending')).when({ type: 'CompleteOrderForm', actor: actors.visitor, form }).events(),
    ).toHaveLength(2);
  });

  it('appends nothing when an already completed form is completed again unchanged', () => {
    given(orderIn('contract_ready_for_signature'))
      .when({ type: 'CompleteOrderForm', actor: actors.visitor, form: filledForm() })
      .then([]);
  });

  it('reprices a completed form completed again with changes', () => {
    const events = given(orderIn('contract_ready_for_signature'))
      .when({
        type: 'CompleteOrderForm',
        actor: actors.visitor,
        form: { ...filledForm(), additionalOptions: { seoOptimizations: false } },
      })
      .events();
    expect(events.map((e) => e.type)).toEqual(['WizardStepSaved', 'OrderFormReopened', 'OrderFormCompleted']);
    expect(eventOf(events, 'OrderFormCompleted').data.price.totalAmount).toBe(34_800);
  });
});
