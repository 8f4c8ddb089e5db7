import { clientActivity } from './admin-order-view.js';
import { saleAmounts, saleFacts } from './order-sale.js';
import { toOrderView } from './order-view.js';
import { actors, orderIn } from './testing/order-test-kit.js';

const NBSP = '\u00a0';
const plain = (text: string) => text.replaceAll(NBSP, ' ');
const factsOf = (view: ReturnType<typeof toOrderView>) =>
  Object.fromEntries(saleFacts(view).map((f) => [f.label, plain(f.value)]));

describe('what the panel says was sold', () => {
  it('names every option with its grid price, the domain, the hosting, the services and the atmosphere', () => {
    const view = toOrderView(
      orderIn('contract_signed', {
        form: {
          selectedTemplate: 'ecommerce',
          additionalOptions: { ecommercePro: true, aiChatbot: true },
          logoOption: 'ai',
          hostingOptions: {
            hostingType: 'included',
            dnsType: 'new',
            newDomainName: 'boulangerie-martin',
            domainExtension: '.com',
            maintenanceMonthly: true,
            customEmails: true,
          },
          customInspiration: 'Chaleureuse, tons de pain doré',
        },
      }).state,
    );
    expect(factsOf(view)).toEqual({
      Formule: 'Paiement annuel',
      Modèle: 'E-commerce (948,00 € HT/an)',
      'Options payantes': 'E-commerce Pro (599,00 € HT/an)\nChatbot IA (199,00 € HT/an)',
      'Création du logo': 'Logo créé par IA (99,00 € HT (une fois))',
      Hébergement: 'Hébergement Coseso (inclus)',
      'Nom de domaine': 'boulangerie-martin.com à réserver (18,00 € HT/an)',
      'Maintenance et mises à jour de sécurité': 'Incluse dans l’hébergement Coseso',
      'Adresses email personnalisées': 'Oui, sans supplément',
      'Sauvegarde mensuelle': 'Non',
      'Fonctionnalités incluses': expect.stringContaining('Paiement en ligne'),
      'Ambiance souhaitée': 'Chaleureuse, tons de pain doré',
    });
  });

  it('prices the template as the order pays for it: a year HT, or on the monthly plan a month HT', () => {
    const sold = (billing: 'yearly' | 'monthly') =>
      factsOf(
        toOrderView(orderIn('contract_signed', { billing, form: { selectedTemplate: 'ecommerce' } }).state),
      ).Modèle;
    expect(sold('yearly')).toBe('E-commerce (948,00 € HT/an)');
    // 948 € a year, + 30 % over twelve months.
    expect(sold('monthly')).toBe('E-commerce (102,70 € HT/mois)');
  });

  it('says an existing domain is the client’s and that no paid option was chosen', () => {
    const view = toOrderView(
      orderIn('contract_signed', {
        form: {
          additionalOptions: { seoOptimizations: false },
          hostingOptions: { dnsType: 'existing', existingDomain: 'martin.fr' },
        },
      }).state,
    );
    expect(factsOf(view)).toMatchObject({
      'Options payantes': 'Aucune',
      'Nom de domaine': 'martin.fr (déjà au client)',
      'Maintenance et mises à jour de sécurité': 'Incluse dans l’hébergement Coseso',
    });
  });
});

describe('the amounts of the panel', () => {
  it('gives a yearly order’s total, deposit and balance, each HT and TTC', () => {
    const amounts = saleAmounts(toOrderView(orderIn('contract_signed').state).price);
    expect(amounts.map((a) => [a.label, plain(a.text)])).toEqual([
      ['Total de la première année', '597,00 € HT, soit 716,40 € TTC'],
      ['Acompte (50 %)', '298,50 € HT, soit 358,20 € TTC'],
      ['Solde (50 %)', '298,50 € HT, soit 358,20 € TTC'],
    ]);
  });

  it('never adds a monthly order’s setup fee and its monthly amount into one total', () => {
    const amounts = saleAmounts(toOrderView(orderIn('contract_signed', { billing: 'monthly' }).state).price);
    expect(amounts.map((a) => a.key)).toEqual(['setup_fee', 'monthly']);
    for (const amount of amounts) expect(plain(amount.text)).toMatch(/ HT, soit .* TTC/);
    expect(plain(amounts[0]!.text)).toBe('79,00 € HT, soit 94,80 € TTC');
  });

  it('has nothing to say before the order is priced', () => {
    expect(saleAmounts(null)).toEqual([]);
  });
});

describe('the client’s activity on the panel', () => {
  it('lists the payments, the signature, the brief and the review answer, newest first', () => {
    const s = orderIn('revision_changes_requested');
    const texts = clientActivity(s.state).map((a) => plain(a.text));
    expect(texts).toEqual([
      'Modifications demandées (version 1) : « Le logo plus grand »',
      'Brief soumis : rien à envoyer',
      'Contrat signé par Claire Martin',
      'Acompte payé : 358,20 € TTC (par carte)',
    ]);
  });

  it('keeps every round’s answer: a request for changes stays listed after the next version is approved', () => {
    const s = orderIn('revision_changes_requested');
    s.run({
      type: 'CompleteChanges',
      actor: actors.admin,
      reviewUrl: 'https://preview.coseso.fr/v2',
      note: null,
    });
    s.run({ type: 'ApproveReview', actor: actors.client });
    const texts = clientActivity(s.state).map((a) => plain(a.text));
    expect(texts.slice(0, 2)).toEqual([
      'Maquette validée (version 2)',
      'Modifications demandées (version 1) : « Le logo plus grand »',
    ]);
  });

  it('says an offline payment’s reference', () => {
    const s = orderIn('awaiting_balance_payment');
    s.run({
      type: 'RecordFinalPayment',
      actor: { kind: 'admin', id: 'admin-1' },
      payment: {
        provider: 'offline',
        paymentId: 'VIR-2026-118',
        receivedOn: '2026-11-22',
        means: 'transfer',
      },
      amount: s.state.finalPaymentDue!.amount,
    });
    expect(plain(clientActivity(s.state)[0]!.text)).toBe(
      'Solde payé : 358,20 € TTC (virement, référence VIR-2026-118, reçu le 22/11/2026)',
    );
  });
});
