import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { readOrderEvent } from '../events/event-reader.js';
import { describeOrderEvent } from './order-event-description.js';
import { type OrderState, evolve } from './order-state.js';
import {
  ORDER_ID,
  Scenario,
  actors,
  awaitingPaymentWithLink,
  filledForm,
  given,
  minutesLater,
  orderIn,
} from './testing/order-test-kit.js';

const payment = (paymentId: string) => ({ provider: 'sandbox' as const, paymentId });
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

  it('sets the export date 365 days after completion for monthly billing, and support with live training', () => {
    const now = '2026-11-22T10:00:00.000Z';
    const form = { ...filledForm('monthly'), additionalOptions: { liveTraining: true } };
    const events = given(orderIn('pending'))
      .when({ type: 'CompleteOrderForm', actor: actors.visitor, form, now })
      .events();
    expect(eventOf(events, 'OrderFormCompleted').data).toMatchObject({
      exportEligibleAt: '2027-11-22T10:00:00.000Z',
      supportEnabled: true,
      price: { billingPeriod: 'monthly', setupFeesAmount: 7_900, depositWithVat: 9_480 },
    });
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
    ['companyId', { companyId: '1234' }, 'Le SIREN (9 chiffres) ou SIRET (14 chiffres) est invalide'],
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

describe('the first payment', () => {
  it('records the yearly deposit, VAT included', () => {
    const s = orderIn('contract_ready_for_signature');
    const state = given(s)
      .when({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_1'), amount: 35_820 })
      .then([{ type: 'DepositPaid', data: { payment: payment('cs_1'), amount: 35_820 } }]);
    expect(state).toMatchObject({ status: 'contract_ready_for_signature', depositPaid: true });
  });

  it('records the setup fee of a monthly order', () => {
    given(orderIn('contract_ready_for_signature', { billing: 'monthly' }))
      .when({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_2'), amount: 9_480 })
      .then([{ type: 'SetupFeePaid', data: { payment: payment('cs_2'), amount: 9_480 } }]);
  });

  it('refuses an amount that is not the one due', () => {
    given(orderIn('contract_ready_for_signature'))
      .when({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_1'), amount: 100 })
      .thenFails('ORDER.PAYMENT_AMOUNT_MISMATCH', 'Montant inattendu : 100 centimes reçus pour 35820 dus.');
  });

  it('ignores the same payment delivered twice, and refuses another one', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_1'), amount: 35_820 });
    given(s)
      .when({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_1'), amount: 35_820 })
      .then([]);
    given(s)
      .when({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_9'), amount: 35_820 })
      .thenFails('ORDER.ALREADY_PAID');
  });
});

describe('payment links', () => {
  const checkout = (
    purpose: 'deposit' | 'setup_fee' | 'balance' | 'first_month' | 'account_manager',
    amount: number,
    paymentId = 'cs_1',
  ) =>
    ({
      type: 'StartCheckout',
      actor: actors.visitor,
      purpose,
      amount,
      provider: 'sandbox',
      paymentId,
      url: `https://pay.example/${paymentId}`,
      expiresAt: '2026-11-23T09:00:00.000Z',
    }) as const;

  it('records the link of the deposit the order is due, for the amount the server computed', () => {
    const state = given(orderIn('contract_ready_for_signature'))
      .when(checkout('deposit', 35_820))
      .then([
        { type: 'OrderPlaced', data: { billingPeriod: 'yearly' } },
        {
          type: 'CheckoutStarted',
          data: {
            purpose: 'deposit',
            amount: 35_820,
            provider: 'sandbox',
            paymentId: 'cs_1',
            url: 'https://pay.example/cs_1',
            expiresAt: '2026-11-23T09:00:00.000Z',
          },
        },
      ]);
    expect(state.checkouts.deposit).toMatchObject({ paymentId: 'cs_1', amount: 35_820 });
  });

  it('places the order once, with its first payment link: not at completion, not again on a change or a new link', () => {
    const s = orderIn('contract_ready_for_signature', { billing: 'monthly' });
    expect(s.state.placed).toBe(false);
    s.run(checkout('setup_fee', s.state.price!.depositWithVat, 'cs_1'));
    expect(s.state.placed).toBe(true);
    expect(s.history.filter((e) => e.type === 'OrderPlaced').map((e) => e.data)).toEqual([
      { billingPeriod: 'monthly' },
    ]);

    s.run({
      type: 'CompleteOrderForm',
      actor: actors.visitor,
      form: { ...filledForm(), billingPeriod: 'yearly' },
    });
    s.run({ type: 'SaveWizardProgress', actor: actors.visitor, form: { clientRemarks: 'Plutôt bleu' } });
    s.run({ type: 'CompleteOrderForm', actor: actors.visitor, form: { clientRemarks: 'Plutôt bleu' } });
    given(s)
      .when(checkout('deposit', s.state.price!.depositWithVat, 'cs_2'))
      .then([expect.objectContaining({ type: 'CheckoutStarted' }) as never]);
  });

  it('refuses a link for another amount than the one due', () => {
    given(orderIn('contract_ready_for_signature'))
      .when(checkout('deposit', 1_000))
      .thenFails('ORDER.PAYMENT_AMOUNT_MISMATCH');
  });

  it('refuses the deposit on a monthly order, and the setup fee on a yearly one', () => {
    given(orderIn('contract_ready_for_signature', { billing: 'monthly' }))
      .when(checkout('deposit', 9_480))
      .thenFails('ORDER.PAYMENT_NOT_DUE', /abonnement mensuel/);
    given(orderIn('contract_ready_for_signature'))
      .when(checkout('setup_fee', 35_820))
      .thenFails('ORDER.PAYMENT_NOT_DUE', /paiement annuel/);
  });

  it('refuses a first payment link once the first payment is in', () => {
    given(orderIn('contract_signed'))
      .when(checkout('deposit', 35_820))
      .thenFails('ORDER.PAYMENT_NOT_DUE', /premier paiement/);
  });

  it('offers the balance only once it is requested', () => {
    given(orderIn('en_revision'))
      .when(checkout('balance', 35_820))
      .thenFails('ORDER.PAYMENT_NOT_DUE', /solde/);
    const s = orderIn('awaiting_balance_payment');
    given(s)
      .when(checkout('balance', s.state.finalPaymentDue!.amount))
      .then([expect.objectContaining({ type: 'CheckoutStarted' }) as never]);
  });

  it('prices the account manager from the grid, once per order', () => {
    const s = orderIn('in_progress');
    given(s)
      .when(checkout('account_manager', 35_880))
      .then([expect.objectContaining({ type: 'CheckoutStarted' }) as never]);
    s.run({
      type: 'RecordAccountManagerPayment',
      actor: actors.provider,
      payment: payment('cs_am'),
      amount: 35_880,
    });
    given(s)
      .when(checkout('account_manager', 35_880))
      .thenFails('ORDER.PAYMENT_NOT_DUE', 'Cette commande a déjà un chargé de compte.');
  });

  it('records a link that ended unpaid, once, and only for the latest link', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run(checkout('deposit', 35_820, 'cs_old'));
    s.run(checkout('deposit', 35_820, 'cs_new'));
    given(s)
      .when({ type: 'RecordCheckoutClosed', actor: actors.provider, paymentId: 'cs_old', outcome: 'expired' })
      .then([]);
    const state = given(s)
      .when({ type: 'RecordCheckoutClosed', actor: actors.provider, paymentId: 'cs_new', outcome: 'failed' })
      .then([
        { type: 'CheckoutClosed', data: { purpose: 'deposit', paymentId: 'cs_new', outcome: 'failed' } },
      ]);
    expect(state.checkouts.deposit?.closed).toBe('failed');
    s.run({ type: 'RecordCheckoutClosed', actor: actors.provider, paymentId: 'cs_new', outcome: 'failed' });
    given(s)
      .when({ type: 'RecordCheckoutClosed', actor: actors.provider, paymentId: 'cs_new', outcome: 'expired' })
      .then([]);
  });
});

describe('the account manager', () => {
  it('is recorded once paid at the grid price, and a second delivery changes nothing', () => {
    const s = orderIn('brief');
    const state = given(s)
      .when({
        type: 'RecordAccountManagerPayment',
        actor: actors.provider,
        payment: payment('cs_am'),
        amount: 35_880,
      })
      .then([{ type: 'AccountManagerAdded', data: { payment: payment('cs_am'), amount: 35_880 } }]);
    expect(state.accountManager).toBe(true);
    s.run({
      type: 'RecordAccountManagerPayment',
      actor: actors.provider,
      payment: payment('cs_am'),
      amount: 35_880,
    });
    given(s)
      .when({
        type: 'RecordAccountManagerPayment',
        actor: actors.provider,
        payment: payment('cs_am'),
        amount: 35_880,
      })
      .then([]);
    // Another link paid as well: the money is taken twice, so the order refuses it loudly.
    given(s)
      .when({
        type: 'RecordAccountManagerPayment',
        actor: actors.provider,
        payment: payment('cs_am_2'),
        amount: 35_880,
      })
      .thenFails('ORDER.ALREADY_PAID', 'Le chargé de compte de cette commande est déjà payé.');
  });

  it('refuses another amount', () => {
    given(orderIn('brief'))
      .when({
        type: 'RecordAccountManagerPayment',
        actor: actors.provider,
        payment: payment('cs_am'),
        amount: 100,
      })
      .thenFails('ORDER.PAYMENT_AMOUNT_MISMATCH');
  });
});

describe('the client account link', () => {
  const clientId = '11111111-2222-4333-8444-555555555555';

  it('links the order to its client once; the same link again changes nothing', () => {
    const s = orderIn('contract_ready_for_signature');
    const state = given(s)
      .when({ type: 'LinkOrderToClient', actor: actors.system, clientId })
      .then([{ type: 'OrderLinkedToClient', data: { clientId } }]);
    expect(state.clientId).toBe(clientId);
    s.run({ type: 'LinkOrderToClient', actor: actors.system, clientId });
    given(s).when({ type: 'LinkOrderToClient', actor: actors.system, clientId }).then([]);
  });

  it('never moves an order to another client', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({ type: 'LinkOrderToClient', actor: actors.system, clientId });
    given(s)
      .when({
        type: 'LinkOrderToClient',
        actor: actors.system,
        clientId: '99999999-2222-4333-8444-555555555555',
      })
      .thenFails('ORDER.ALREADY_LINKED');
  });

  it('is not for visitors or clients to ask', () => {
    given(orderIn('contract_ready_for_signature'))
      .when({ type: 'LinkOrderToClient', actor: actors.client, clientId })
      .thenFails('ORDER.ACTOR_FORBIDDEN');
  });
});

describe('the contract', () => {
  it('is signed by the client once paid, with its hash, time and IP', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_1'), amount: 35_820 });
    s.run({
      type: 'IssueContract',
      actor: actors.system,
      documentSha256: 'c'.repeat(64),
      templateVersion: 1,
    });
    const now = minutesLater(500);
    const state = given(s)
      .when({
        type: 'SignContract',
        actor: actors.client,
        signerName: ' Claire Martin ',
        documentSha256: 'c'.repeat(64),
        ip: '198.51.100.4',
        now,
      })
      .then([
        {
          type: 'ContractSigned',
          data: {
            signerName: 'Claire Martin',
            documentSha256: 'c'.repeat(64),
            signedAt: now,
            ip: '198.51.100.4',
          },
        },
      ]);
    expect(state).toMatchObject({ status: 'contract_signed', contract: { signed: true, signedAt: now } });
  });

  it('is issued after the first payment, once per document', () => {
    const s = orderIn('contract_ready_for_signature');
    given(s)
      .when({
        type: 'IssueContract',
        actor: actors.system,
        documentSha256: 'd'.repeat(64),
        templateVersion: 1,
      })
      .thenFails('ORDER.PAYMENT_REQUIRED');
    s.run({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_1'), amount: 35_820 });
    const state = given(s)
      .when({
        type: 'IssueContract',
        actor: actors.system,
        documentSha256: 'd'.repeat(64),
        templateVersion: 1,
      })
      .then([{ type: 'ContractIssued', data: { documentSha256: 'd'.repeat(64), templateVersion: 1 } }]);
    expect(state.contract.issuedSha256).toBe('d'.repeat(64));
    s.run({
      type: 'IssueContract',
      actor: actors.system,
      documentSha256: 'd'.repeat(64),
      templateVersion: 1,
    });
    given(s)
      .when({
        type: 'IssueContract',
        actor: actors.system,
        documentSha256: 'd'.repeat(64),
        templateVersion: 1,
      })
      .then([]);
  });

  it('is signed only as issued: a signature of another document is refused', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_1'), amount: 35_820 });
    s.run({
      type: 'IssueContract',
      actor: actors.system,
      documentSha256: 'd'.repeat(64),
      templateVersion: 1,
    });
    given(s)
      .when({
        type: 'SignContract',
        actor: actors.client,
        signerName: 'Claire Martin',
        documentSha256: 'e'.repeat(64),
        ip: null,
      })
      .thenFails('ORDER.CONTRACT_CHANGED', 'Le contrat a changé : veuillez le relire avant de le signer.');
    given(s)
      .when({
        type: 'SignContract',
        actor: actors.client,
        signerName: 'Claire Martin',
        documentSha256: 'd'.repeat(64),
        ip: null,
      })
      .then([expect.objectContaining({ type: 'ContractSigned' }) as never]);
  });

  it('cannot be signed before it is issued: there is nothing to sign yet', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_1'), amount: 35_820 });
    given(s)
      .when({
        type: 'SignContract',
        actor: actors.client,
        signerName: 'Claire Martin',
        documentSha256: 'c'.repeat(64),
        ip: null,
      })
      .thenFails(
        'ORDER.CONTRACT_NOT_READY',
        "Le contrat n'est pas encore prêt : veuillez réessayer dans quelques instants.",
      );
  });

  it('needs the signer name', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({ type: 'RecordFirstPayment', actor: actors.provider, payment: payment('cs_1'), amount: 35_820 });
    s.run({
      type: 'IssueContract',
      actor: actors.system,
      documentSha256: 'd'.repeat(64),
      templateVersion: 1,
    });
    given(s)
      .when({
        type: 'SignContract',
        actor: actors.client,
        signerName: '  ',
        documentSha256: 'd'.repeat(64),
        ip: null,
      })
      .thenFails('ORDER.INVALID_INPUT', 'Le nom du signataire est requis');
  });

  it('cannot be signed before the first payment, by the client or an admin', () => {
    for (const actor of [actors.client, actors.admin]) {
      given(orderIn('contract_ready_for_signature'))
        .when({ type: 'SignContract', actor, signerName: 'Claire', documentSha256: 'c'.repeat(64), ip: null })
        .thenFails('ORDER.PAYMENT_REQUIRED', "Le contrat ne peut être signé qu'après le premier paiement.");
    }
  });

  it('can be forced by an admin as a correction, skipping the payment check, with a reason', () => {
    const state = given(orderIn('contract_ready_for_signature'))
      .when({
        type: 'CorrectStatus',
        actor: actors.admin,
        to: 'contract_signed',
        reason: 'Virement reçu hors plateforme',
      })
      .then([
        {
          type: 'StatusCorrected',
          data: {
            from: 'contract_ready_for_signature',
            to: 'contract_signed',
            reason: 'Virement reçu hors plateforme',
          },
        },
      ]);
    expect(state).toMatchObject({ status: 'contract_signed', contract: { signed: true, forced: true } });
  });

  it('cannot be forced without a reason', () => {
    given(orderIn('contract_ready_for_signature'))
      .when({ type: 'CorrectStatus', actor: actors.admin, to: 'contract_signed', reason: '  ' })
      .thenFails('ORDER.INVALID_INPUT', 'La raison de la correction est requise');
  });
});

describe('the brief', () => {
  const file = (fileId: string, size = 1_000) => ({
    fileId,
    category: 'logo' as const,
    originalName: 'logo.png',
    storedName: `${fileId}.png`,
    size,
    mimeType: 'image/png',
    kind: 'image' as const,
  });
  const fileId = (n: number) => `0b0b0b0b-1111-4222-8333-${String(n).padStart(12, '0')}`;

  it('is opened by an admin once the contract is signed', () => {
    expect(
      given(orderIn('contract_signed'))
        .when({ type: 'OpenBrief', actor: actors.admin })
        .then([{ type: 'BriefOpened', data: {} }]).status,
    ).toBe('brief_pending');
  });

  it('takes files, and forgets deleted ones', () => {
    const s = orderIn('brief_pending');
    s.run({ type: 'UploadBriefFile', actor: actors.client, file: file(fileId(1)) });
    expect(s.state.brief.files).toHaveLength(1);
    const state = given(s)
      .when({ type: 'DeleteBriefFile', actor: actors.client, fileId: fileId(1) })
      .then([{ type: 'BriefFileDeleted', data: { fileId: fileId(1) } }]);
    expect(state.brief.files).toEqual([]);
  });

  it('refuses to delete a file it does not have', () => {
    given(orderIn('brief_pending'))
      .when({ type: 'DeleteBriefFile', actor: actors.client, fileId: fileId(9) })
      .thenFails('ORDER.FILE_NOT_FOUND');
  });

  it('enforces 20 files, 10 MB a file and 50 MB in all', () => {
    const s = orderIn('brief_pending');
    given(s)
      .when({ type: 'UploadBriefFile', actor: actors.client, file: file(fileId(1), 10 * 1024 * 1024 + 1) })
      .thenFails('ORDER.FILE_TOO_LARGE');
    for (let i = 1; i <= 5; i++)
      s.run({ type: 'UploadBriefFile', actor: actors.client, file: file(fileId(i), 10 * 1024 * 1024) });
    given(s)
      .when({ type: 'UploadBriefFile', actor: actors.client, file: file(fileId(6), 1) })
      .thenFails('ORDER.STORAGE_FULL');
    const many = orderIn('brief_pending');
    for (let i = 1; i <= 20; i++)
      many.run({ type: 'UploadBriefFile', actor: actors.client, file: file(fileId(i)) });
    given(many)
      .when({ type: 'UploadBriefFile', actor: actors.client, file: file(fileId(21)) })
      .thenFails('ORDER.FILE_LIMIT');
  });

  it('is submitted with files, or with "nothing to send", never empty', () => {
    given(orderIn('brief_pending'))
      .when({ type: 'SubmitBrief', actor: actors.client, nothingToSend: false })
      .thenFails('ORDER.BRIEF_EMPTY');
    const s = orderIn('brief_pending');
    s.run({ type: 'UploadBriefFile', actor: actors.client, file: file(fileId(1)) });
    const state = given(s)
      .when({ type: 'SubmitBrief', actor: actors.client, nothingToSend: false })
      .then([{ type: 'BriefSubmitted', data: { nothingToSend: false, fileCount: 1 } }]);
    expect(state).toMatchObject({ status: 'brief', brief: { submitted: true, validated: false } });
  });

  it('is validated by an admin with notes, recording who and when', () => {
    const now = minutesLater(900);
    const state = given(orderIn('brief'))
      .when({ type: 'ValidateBrief', actor: actors.admin, notes: ' Tout y est ', now })
      .then([{ type: 'BriefValidated', data: { notes: 'Tout y est' } }]);
    expect(state.brief).toMatchObject({
      validated: true,
      validatedAt: now,
      validatedBy: 'admin-1',
      notes: 'Tout y est',
    });
    expect(state.status).toBe('brief');
  });

  it('goes back to the client when more elements are needed, unvalidated, with a required message', () => {
    given(orderIn('brief'))
      .when({ type: 'RequestMoreElements', actor: actors.admin, message: ' ' })
      .thenFails('ORDER.INVALID_INPUT', 'Le message est requis');
    const s = orderIn('brief');
    s.run({ type: 'ValidateBrief', actor: actors.admin, notes: '' });
    const state = given(s)
      .when({ type: 'RequestMoreElements', actor: actors.admin, message: 'Il manque les photos' })
      .then([{ type: 'MoreElementsRequested', data: { message: 'Il manque les photos' } }]);
    expect(state).toMatchObject({
      status: 'brief_pending',
      brief: { validated: false, submitted: false, moreElementsMessage: 'Il manque les photos' },
    });
  });

  it('must be validated before production starts', () => {
    given(orderIn('brief'))
      .when({ type: 'StartProduction', actor: actors.admin })
      .thenFails('ORDER.BRIEF_NOT_VALIDATED', 'Le brief doit être validé avant de lancer la production.');
    const s = orderIn('brief');
    s.run({ type: 'ValidateBrief', actor: actors.admin, notes: '' });
    expect(
      given(s)
        .when({ type: 'StartProduction', actor: actors.admin })
        .then([{ type: 'ProductionStarted', data: {} }]).status,
    ).toBe('in_progress');
  });
});

describe('review rounds', () => {
  it('sends a review link, normalised to https, as round 1', () => {
    const state = given(orderIn('in_progress'))
      .when({ type: 'SendReviewLink', actor: actors.admin, reviewUrl: 'preview.coseso.fr/martin' })
      .then([{ type: 'ReviewRequested', data: { reviewUrl: 'https://preview.coseso.fr/martin', round: 1 } }]);
    expect(state).toMatchObject({
      status: 'en_revision',
      review: { status: 'pending', round: 1, url: 'https://preview.coseso.fr/martin' },
    });
  });

  it.each([
    ['', 'ORDER.INVALID_INPUT', 'Une URL de révision est requise pour passer en phase de révision'],
    ['pas une url', 'ORDER.INVALID_URL', 'Veuillez saisir une URL valide (ex: monsite.fr)'],
    ['ftp://preview.fr', 'ORDER.INVALID_URL', 'Veuillez saisir une URL valide (ex: monsite.fr)'],
  ])('refuses the review URL %j', (reviewUrl, code, message) => {
    given(orderIn('in_progress'))
      .when({ type: 'SendReviewLink', actor: actors.admin, reviewUrl })
      .thenFails(code, message);
  });

  it('takes the client’s change request, feedback required', () => {
    given(orderIn('en_revision'))
      .when({ type: 'RequestChanges', actor: actors.client, feedback: '  ' })
      .thenFails('ORDER.INVALID_INPUT', 'Veuillez expliquer les modifications souhaitées');
    const state = given(orderIn('en_revision'))
      .when({ type: 'RequestChanges', actor: actors.client, feedback: 'Le logo plus grand' })
      .then([{ type: 'ChangesRequested', data: { feedback: 'Le logo plus grand', round: 1 } }]);
    expect(state).toMatchObject({
      status: 'revision_changes_requested',
      review: { status: 'changes_requested', feedback: 'Le logo plus grand' },
    });
  });

  it('sends the next round when the changes are done, with an optional note', () => {
    const state = given(orderIn('revision_changes_requested'))
      .when({
        type: 'CompleteChanges',
        actor: actors.admin,
        reviewUrl: 'https://preview.coseso.fr/martin-v2',
        note: 'Logo agrandi',
      })
      .then([
        {
          type: 'ChangesCompleted',
          data: { reviewUrl: 'https://preview.coseso.fr/martin-v2', note: 'Logo agrandi', round: 2 },
        },
      ]);
    expect(state).toMatchObject({
      status: 'en_revision',
      review: { status: 'pending', round: 2, note: 'Logo agrandi' },
    });
    given(orderIn('revision_changes_requested'))
      .when({ type: 'CompleteChanges', actor: actors.admin, reviewUrl: '' })
      .thenFails('ORDER.INVALID_INPUT', 'Une URL de révision est requise pour relancer la validation');
  });

  it('records the approval once, with its receipt, and refuses changes after it', () => {
    const s = orderIn('en_revision');
    const reviewUrl = s.state.review.url!;
    const sessionRef = 'a'.repeat(32);
    const approved = given(s)
      .when({ type: 'ApproveReview', actor: actors.client, sessionRef })
      .then([{ type: 'ReviewApproved', data: { round: 1, reviewUrl, sessionRef } }]);
    expect(approved.review).toMatchObject({
      status: 'approved',
      approval: { round: 1, reviewUrl, sessionRef, approvedBy: actors.client.id },
    });
    expect(approved.review.approval!.approvedAt).toBe(approved.review.respondedAt);
    s.run({ type: 'ApproveReview', actor: actors.client });
    given(s).when({ type: 'ApproveReview', actor: actors.client }).then([]);
    given(s)
      .when({ type: 'RequestChanges', actor: actors.client, feedback: 'Finalement non' })
      .thenFails('ORDER.REVIEW_ALREADY_ANSWERED');
  });
});

describe('the approval receipt', () => {
  it('names the round approved: the second preview after changes, without a session when none is known', () => {
    const s = orderIn('revision_changes_requested');
    s.run({ type: 'CompleteChanges', actor: actors.admin, reviewUrl: 'preview.coseso.fr/martin-v2' });
    given(s)
      .when({ type: 'ApproveReview', actor: actors.client })
      .then([
        {
          type: 'ReviewApproved',
          data: { round: 2, reviewUrl: 'https://preview.coseso.fr/martin-v2', sessionRef: null },
        },
      ]);
  });

  it('is cleared by a new preview, and by a correction back to production', () => {
    const s = orderIn('en_revision');
    s.run({ type: 'ApproveReview', actor: actors.client });
    expect(s.state.review.approval).not.toBeNull();
    s.run({ type: 'CorrectStatus', actor: actors.admin, to: 'in_progress', reason: 'Maquette à reprendre' });
    expect(s.state.review).toMatchObject({ status: 'pending', approval: null });
    s.run({ type: 'SendReviewLink', actor: actors.admin, reviewUrl: 'https://preview.coseso.fr/martin-v3' });
    expect(s.state.review).toMatchObject({ round: 2, approval: null });
  });

  it('reads an approval stored before receipts (ReviewApproved v1) with the URL the order was showing', () => {
    const s = orderIn('en_revision');
    const stored = readOrderEvent({
      streamId: 'order-x',
      type: 'ReviewApproved',
      schemaVersion: 1,
      data: { round: 1 },
      metadata: {
        actor: actors.client,
        commandId: 'c',
        correlationId: 'c',
        causationId: 'c',
        occurredAt: '2026-11-20T10:00:00.000Z',
      },
    });
    expect(evolve(s.state, stored).review.approval).toEqual({
      round: 1,
      reviewUrl: s.state.review.url,
      approvedAt: '2026-11-20T10:00:00.000Z',
      approvedBy: actors.client.id,
      sessionRef: null,
    });
  });
});

describe('the final payment', () => {
  const approved = (billing: 'yearly' | 'monthly') => {
    const s = orderIn('en_revision', { billing });
    s.run({ type: 'ApproveReview', actor: actors.client });
    return s;
  };

  it('cannot be asked for before the client approves', () => {
    given(orderIn('en_revision'))
      .when({ type: 'RequestFinalPayment', actor: actors.admin })
      .thenFails('ORDER.REVIEW_NOT_APPROVED');
  });

  it('asks a yearly client for the balance', () => {
    const state = given(approved('yearly'))
      .when({ type: 'RequestFinalPayment', actor: actors.admin })
      .then([{ type: 'FinalPaymentRequested', data: { kind: 'balance', amount: 35_820 } }]);
    expect(state.status).toBe('awaiting_balance_payment');
  });

  it('asks a monthly client for the first month', () => {
    const s = approved('monthly');
    const events = given(s).when({ type: 'RequestFinalPayment', actor: actors.admin }).events();
    expect(events).toEqual([
      {
        type: 'FinalPaymentRequested',
        data: { kind: 'first_monthly', amount: s.state.price!.monthlyWithVat },
      },
    ]);
  });

  it('makes a yearly order ready for delivery when the balance is paid', () => {
    const state = given(orderIn('awaiting_balance_payment'))
      .when({
        type: 'RecordFinalPayment',
        actor: actors.provider,
        payment: payment('cs_bal'),
        amount: 35_820,
      })
      .then([
        { type: 'BalancePaid', data: { payment: payment('cs_bal'), amount: 35_820 } },
        { type: 'MarkedReadyForDelivery', data: {} },
      ]);
    expect(state).toMatchObject({ status: 'ready_for_delivery', finalPaid: true });
  });

  it('accepts an offline balance recorded by an admin', () => {
    const events = given(orderIn('awaiting_balance_payment'))
      .when({
        type: 'RecordFinalPayment',
        actor: actors.admin,
        payment: { provider: 'offline', paymentId: 'virement-2026-11' },
        amount: 35_820,
      })
      .events();
    expect(events.map((e) => e.type)).toEqual(['BalancePaid', 'MarkedReadyForDelivery']);
  });

  it('starts the subscription of a monthly order with its first month', () => {
    const s = orderIn('awaiting_first_monthly_payment', { billing: 'monthly' });
    const monthly = s.state.price!.monthlyWithVat;
    const periodEnd = '2026-12-22T09:00:00.000Z';
    const state = given(s)
      .when({
        type: 'RecordFinalPayment',
        actor: actors.provider,
        payment: payment('cs_m1'),
        amount: monthly,
        subscription: { subscriptionId: 'sub_42', currentPeriodEnd: periodEnd },
      })
      .then([
        { type: 'FirstMonthlyPaymentPaid', data: { payment: payment('cs_m1'), amount: monthly } },
        {
          type: 'SubscriptionStarted',
          data: {
            subscriptionId: 'sub_42',
            provider: 'sandbox',
            monthlyAmount: monthly,
            currentPeriodEnd: periodEnd,
          },
        },
        { type: 'MarkedReadyForDelivery', data: {} },
      ]);
    expect(state).toMatchObject({
      status: 'ready_for_delivery',
      finalPaid: true,
      subscription: { status: 'active', id: 'sub_42' },
    });
  });

  it('refuses a monthly first payment that starts no subscription, and a wrong amount', () => {
    const s = orderIn('awaiting_first_monthly_payment', { billing: 'monthly' });
    given(s)
      .when({
        type: 'RecordFinalPayment',
        actor: actors.provider,
        payment: payment('x'),
        amount: s.state.price!.monthlyWithVat,
      })
      .thenFails('ORDER.SUBSCRIPTION_REQUIRED');
    given(orderIn('awaiting_balance_payment'))
      .when({ type: 'RecordFinalPayment', actor: actors.provider, payment: payment('x'), amount: 1 })
      .thenFails('ORDER.PAYMENT_AMOUNT_MISMATCH');
  });
});

describe('delivery', () => {
  it('delivers at the site URL, normalised, and is final', () => {
    const state = given(orderIn('ready_for_delivery'))
      .when({ type: 'FinalizeDelivery', actor: actors.admin, siteUrl: 'www.boulangerie-martin.fr' })
      .then([{ type: 'Delivered', data: { siteUrl: 'https://www.boulangerie-martin.fr/' } }]);
    expect(state).toMatchObject({
      status: 'delivered',
      delivery: { siteUrl: 'https://www.boulangerie-martin.fr/' },
    });
    given(orderIn('ready_for_delivery'))
      .when({ type: 'FinalizeDelivery', actor: actors.admin, siteUrl: '' })
      .thenFails('ORDER.INVALID_INPUT', "L'URL du site livré est requise pour finaliser la livraison");
  });
});

describe('cancelling and reactivating', () => {
  it.each([
    'contract_ready_for_signature',
    'contract_signed',
    'brief_pending',
    'brief',
    'in_progress',
    'en_revision',
    'revision_changes_requested',
    'awaiting_balance_payment',
    'ready_for_delivery',
  ] as const)('cancels an order in %s, remembering where it was', (status) => {
    const state = given(orderIn(status))
      .when({ type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client' })
      .then([{ type: 'OrderCancelled', data: { reason: 'Demande du client', previousStatus: status } }]);
    expect(state).toMatchObject({
      status: 'cancelled',
      cancellation: { previousStatus: status, reason: 'Demande du client' },
    });
  });

  it('reactivates a cancelled order to brief_pending', () => {
    const state = given(orderIn('cancelled'))
      .when({ type: 'ReactivateOrder', actor: actors.admin })
      .then([{ type: 'OrderReactivated', data: {} }]);
    expect(state).toMatchObject({ status: 'brief_pending', cancellation: null });
  });
});

describe('corrections', () => {
  it('sends production back to the brief, which is no longer validated', () => {
    const state = given(orderIn('in_progress'))
      .when({ type: 'CorrectStatus', actor: actors.admin, to: 'brief', reason: 'Brief incomplet' })
      .then([
        { type: 'StatusCorrected', data: { from: 'in_progress', to: 'brief', reason: 'Brief incomplet' } },
      ]);
    expect(state).toMatchObject({ status: 'brief', brief: { validated: false } });
  });

  it.each([
    ['en_revision', 'yearly'],
    ['awaiting_balance_payment', 'yearly'],
    ['awaiting_first_monthly_payment', 'monthly'],
  ] as const)('sends %s back to production', (status, billing) => {
    const state = given(orderIn(status, { billing }))
      .when({ type: 'CorrectStatus', actor: actors.admin, to: 'in_progress', reason: 'Retouches' })
      .then([{ type: 'StatusCorrected', data: { from: status, to: 'in_progress', reason: 'Retouches' } }]);
    expect(state).toMatchObject({
      status: 'in_progress',
      review: { status: 'pending' },
      finalPaymentDue: null,
    });
  });

  it('refuses a correction that is not in the table', () => {
    given(orderIn('in_progress'))
      .when({ type: 'CorrectStatus', actor: actors.admin, to: 'delivered', reason: 'Raccourci' })
      .thenFails('ORDER.TRANSITION_FORBIDDEN');
  });
});

describe('the subscription', () => {
  const subscribed = () => orderIn('ready_for_delivery', { billing: 'monthly' });

  it('records renewals once each', () => {
    const s = subscribed();
    const renewal = {
      type: 'RecordSubscriptionRenewal' as const,
      actor: actors.provider,
      subscriptionId: 'sub_1',
      payment: payment('in_2'),
      amount: 4_524,
      currentPeriodEnd: '2027-01-21T09:00:00.000Z',
    };
    const state = given(s)
      .when(renewal)
      .then([
        {
          type: 'SubscriptionRenewed',
          data: {
            subscriptionId: 'sub_1',
            payment: payment('in_2'),
            amount: 4_524,
            currentPeriodEnd: '2027-01-21T09:00:00.000Z',
          },
        },
      ]);
    expect(state.subscription.currentPeriodEnd).toBe('2027-01-21T09:00:00.000Z');
    s.run(renewal);
    given(s).when(renewal).then([]);
  });

  it('records a failed renewal, cleared by the next success', () => {
    const s = subscribed();
    s.run({
      type: 'RecordSubscriptionPaymentFailure',
      actor: actors.provider,
      subscriptionId: 'sub_1',
      reason: 'card_declined',
    });
    expect(s.state.subscription.lastFailure).toMatchObject({ reason: 'card_declined' });
    s.run({
      type: 'RecordSubscriptionRenewal',
      actor: actors.provider,
      subscriptionId: 'sub_1',
      payment: payment('in_3'),
      amount: 4_524,
      currentPeriodEnd: '2027-02-20T09:00:00.000Z',
    });
    expect(s.state.subscription.lastFailure).toBeNull();
  });

  it('cancels at the end of the paid period, once', () => {
    const s = subscribed();
    const periodEnd = s.state.subscription.currentPeriodEnd!;
    const state = given(s)
      .when({ type: 'CancelSubscription', actor: actors.client, reason: 'Trop cher' })
      .then([
        {
          type: 'SubscriptionCancelled',
          data: { subscriptionId: 'sub_1', reason: 'Trop cher', expiresAt: periodEnd },
        },
      ]);
    expect(state.subscription).toMatchObject({ status: 'cancelled', expiresAt: periodEnd });
    s.run({ type: 'CancelSubscription', actor: actors.client });
    given(s)
      .when({ type: 'CancelSubscription', actor: actors.client })
      .thenFails('ORDER.SUBSCRIPTION_ALREADY_CANCELLED', "L'abonnement est déjà annulé.");
  });

  it('refuses subscription events on an order without one, or for another subscription', () => {
    given(orderIn('ready_for_delivery'))
      .when({ type: 'CancelSubscription', actor: actors.client })
      .thenFails('ORDER.NO_ACTIVE_SUBSCRIPTION');
    given(subscribed())
      .when({
        type: 'RecordSubscriptionPaymentFailure',
        actor: actors.provider,
        subscriptionId: 'sub_other',
        reason: null,
      })
      .thenFails('ORDER.NO_ACTIVE_SUBSCRIPTION');
  });
});

describe('the whole lifecycle', () => {
  it.each(['yearly', 'monthly'] as const)(
    'goes from draft to delivered on the %s plan, every event conforming to its schema',
    (billing) => {
      const s: Scenario = orderIn('delivered', { billing });
      const state: OrderState = s.state;
      expect(state).toMatchObject({
        status: 'delivered',
        depositPaid: true,
        finalPaid: true,
        formCompleted: true,
        contract: { signed: true },
      });
      expect(s.history[0]!.type).toBe('OrderDraftCreated');
      expect(s.history.at(-1)!.type).toBe('Delivered');
    },
  );
});

describe('the record of an evidence export', () => {
  const exported = {
    type: 'RecordEvidenceExport',
    manifestSha256: 'e'.repeat(64),
    lastRevision: 12,
    lastEventHash: 'f'.repeat(64),
  } as const;

  it.each(['pending', 'en_revision', 'delivered', 'cancelled'] as const)(
    'is recorded for an admin or an auditor from %s, and changes nothing in the order, not even its date',
    (status) => {
      const s = orderIn(status);
      for (const actor of [actors.admin, actors.auditor]) {
        const state = given(s)
          .when({ ...exported, actor })
          .then([
            {
              type: 'EvidenceBundleExported',
              data: { manifestSha256: 'e'.repeat(64), lastRevision: 12, lastEventHash: 'f'.repeat(64) },
            },
          ]);
        expect(state).toEqual(s.state);
      }
    },
  );

  it('is refused to anyone but the staff, and on an order that does not exist', () => {
    for (const actor of [actors.client, actors.visitor, actors.provider, actors.system])
      given(orderIn('delivered'))
        .when({ ...exported, actor })
        .thenFails('ORDER.ACTOR_FORBIDDEN', /dossier de preuves/);
    given([])
      .when({ ...exported, actor: actors.admin })
      .thenFails('ORDER.NOT_FOUND');
  });

  it('reads, in the history, as who exported which events', () => {
    const event = {
      type: 'EvidenceBundleExported',
      data: { manifestSha256: 'e'.repeat(64), lastRevision: 12, lastEventHash: null },
    } as const;
    expect(describeOrderEvent(event, 'audit@agence.fr')).toBe(
      'Dossier de preuves exporté par audit@agence.fr (événements n° 0 à 12)',
    );
    expect(describeOrderEvent(event)).toBe('Dossier de preuves exporté (événements n° 0 à 12)');
  });
});

describe('erasing the contact of an order that never became a client’s (right to be forgotten)', () => {
  const erase = (reason = '  Demande du visiteur par email du 20 novembre  ') =>
    ({ type: 'EraseOrderContact', actor: actors.admin, reason, plaintextEvents: 1 }) as const;
  const erased: OrderEvent = {
    type: 'OrderContactErased',
    data: { reason: 'Demande du visiteur par email du 20 novembre', plaintextEvents: 1 },
  };
  /** Completed, then cancelled by the team, never paid. */
  const cancelledUnpaid = () => {
    const s = orderIn('contract_ready_for_signature');
    s.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Le visiteur renonce' });
    return s;
  };
  /** A draft the visitor began to fill in. */
  const draft = () => {
    const s = orderIn('pending');
    s.run({ type: 'SaveWizardProgress', actor: actors.visitor, currentStep: 2, form: filledForm() });
    return s;
  };
  const withLink = awaitingPaymentWithLink;

  it.each([
    ['a draft', draft],
    ['a completed order awaiting its payment', () => orderIn('contract_ready_for_signature')],
    ['an order cancelled before any payment', cancelledUnpaid],
  ])(
    'on %s: by an admin, with the reason trimmed; the state reads « données effacées », amounts, status and dates kept',
    (_, scenario) => {
      const s = scenario();
      const state = given(s).when(erase()).then([erased]);
      expect(state.form.contactEmail).toBe('données effacées');
      if (s.state.form.companyName) expect(state.form.companyName).toBe('données effacées');
      expect(state.form.selectedTemplate).toBe(s.state.form.selectedTemplate);
      for (const kept of [
        'status',
        'price',
        'createdAt',
        'lastActivityAt',
        'cancellation',
        'orderNumber',
      ] as const)
        expect([kept, state[kept]]).toEqual([kept, s.state[kept]]);
      expect(state.contactErasedAt).toBe(minutesLater(1_000));
    },
  );

  it('is done once', () => {
    const s = orderIn('contract_ready_for_signature');
    s.run(erase());
    given(s)
      .when(erase())
      .thenFails(
        'ORDER.CONTACT_ALREADY_ERASED',
        /^Les données du contact de cette commande ont déjà été effacées\.$/,
      );
  });

  it('leaves a client’s order to the client’s erasure, and a paid order too (its account opens with the payment)', () => {
    const linked = orderIn('contract_ready_for_signature');
    linked.run({
      type: 'LinkOrderToClient',
      actor: actors.admin,
      clientId: '0c0c0c0c-1111-4222-8333-444444444444',
    });
    given(linked)
      .when(erase())
      .thenFails(
        'ORDER.CONTACT_IS_CLIENT',
        /^Cette commande appartient à un client : effacez ses données avec « Effacer les données du client »/,
      );
    for (const status of ['contract_signed', 'brief', 'delivered', 'cancelled'] as const)
      given(orderIn(status))
        .when(erase())
        .thenFails('ORDER.CONTACT_IS_CLIENT', /^Cette commande est payée/);
  });

  it('waits for an order worked on without payment (a forced contract) to be cancelled', () => {
    const forced = orderIn('contract_ready_for_signature');
    forced.run({
      type: 'CorrectStatus',
      actor: actors.admin,
      to: 'contract_signed',
      reason: 'Virement annoncé',
    });
    given(forced)
      .when(erase())
      .thenFails(
        'ORDER.TRANSITION_FORBIDDEN',
        'Impossible d’effacer les données du contact : la commande est au statut « Contrat OK » (contract_signed). Annulez-la d’abord.',
      );
    forced.run({ type: 'CancelOrder', actor: actors.admin, reason: null });
    given(forced).when(erase()).then([erased]);
  });

  it('waits while the visitor may still pay a first payment link', () => {
    const expiresAt = minutesLater(2_000);
    given(withLink(expiresAt))
      .when(erase())
      .thenFails(
        'ORDER.PAYMENT_LINK_OPEN',
        /^Un lien de paiement de cette commande est encore ouvert \(jusqu’au 2026-11-23 à 18:20 UTC\) : le visiteur pourrait encore payer/,
      );
    given(withLink(null))
      .when(erase())
      .thenFails('ORDER.PAYMENT_LINK_OPEN', /encore ouvert :/);
    // Past its expiry, or closed by the provider: nobody can pay it any more.
    given(withLink(expiresAt))
      .when({ ...erase(), now: minutesLater(2_001) })
      .then([erased]);
    const closed = withLink(null);
    closed.run({
      type: 'RecordCheckoutClosed',
      actor: actors.provider,
      paymentId: 'pay_open',
      outcome: 'expired',
    });
    given(closed).when(erase()).then([erased]);
  });

  it('is an admin’s decision, with a reason, on an order that exists', () => {
    for (const actor of [actors.visitor, actors.client, actors.auditor, actors.provider, actors.system])
      given(orderIn('pending'))
        .when({ ...erase(), actor })
        .thenFails(
          'ORDER.ACTOR_FORBIDDEN',
          'Seul un administrateur peut effacer les données du contact d’une commande.',
        );
    const blank = given(orderIn('pending')).when(erase('   ')).thenFails('REQUEST.INVALID');
    expect(blank.fields).toEqual({ reason: 'Indiquez la raison de l’effacement.' });
    given([]).when(erase()).thenFails('ORDER.NOT_FOUND');
  });

  it('closes the order: nothing changes it afterwards but a payment link closing, and staff may still export its evidence', () => {
    const s = withLink(minutesLater(500));
    s.run({ ...erase(), now: minutesLater(600) });
    const refused = [
      { type: 'SaveWizardProgress', actor: actors.visitor, form: { companyName: 'Autre' } },
      { type: 'CompleteOrderForm', actor: actors.visitor, form: {} },
      {
        type: 'StartCheckout',
        actor: actors.visitor,
        purpose: 'deposit',
        amount: s.state.price!.depositWithVat,
        provider: 'sandbox',
        paymentId: 'pay_late',
        url: 'https://coseso.test/sandbox/checkout/pay_late',
        expiresAt: null,
      },
      {
        type: 'RecordFirstPayment',
        actor: actors.provider,
        payment: payment('pay_open'),
        amount: s.state.price!.depositWithVat,
      },
      { type: 'CancelOrder', actor: actors.admin, reason: null },
      { type: 'LinkOrderToClient', actor: actors.system, clientId: '0c0c0c0c-1111-4222-8333-444444444444' },
    ] as const;
    for (const command of refused)
      given(s)
        .when(command)
        .thenFails(
          'ORDER.CONTACT_ERASED',
          'Les données du contact de cette commande ont été effacées : elle ne peut plus être modifiée.',
        );
    given(s)
      .when({
        type: 'RecordCheckoutClosed',
        actor: actors.provider,
        paymentId: 'pay_open',
        outcome: 'expired',
      })
      .then([
        { type: 'CheckoutClosed', data: { purpose: 'deposit', paymentId: 'pay_open', outcome: 'expired' } },
      ]);
    given(s)
      .when({
        type: 'RecordEvidenceExport',
        actor: actors.auditor,
        manifestSha256: 'e'.repeat(64),
        lastRevision: 4,
        lastEventHash: null,
      })
      .then([
        {
          type: 'EvidenceBundleExported',
          data: { manifestSha256: 'e'.repeat(64), lastRevision: 4, lastEventHash: null },
        },
      ]);
  });

  it('reads, in the timeline, as the erasure and its reason', () => {
    expect(describeOrderEvent(erased)).toBe(
      'Données du contact effacées : Demande du visiteur par email du 20 novembre',
    );
  });
});
