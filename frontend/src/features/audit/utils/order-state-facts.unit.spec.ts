import { initialOrderState } from '@coseso/domain/orders/order-state';
import { diffStates, stateFacts } from './order-state-facts';

const NBSP = '\u00a0';

describe("an order's state as staff read it", () => {
  const placed = {
    ...initialOrderState(),
    exists: true,
    orderNumber: 1042,
    status: 'contract_ready_for_signature' as const,
    form: { companyName: 'Atelier Martin', billingPeriod: 'yearly' as const },
  };
  const paid = {
    ...placed,
    depositPaid: true,
    firstPayment: {
      kind: 'deposit' as const,
      amount: 34900,
      paidAt: '2026-11-25T09:30:00.000Z',
      payment: { provider: 'sandbox' as const, paymentId: 'pay_1', providerEventId: 'evt_1' },
    },
  };

  it('labels the fields in French, formats amounts, dates, statuses and yes/no, and hides bookkeeping', () => {
    const facts = new Map(stateFacts(paid).map((f) => [f.label, f.value]));
    expect(facts.get('Numéro de commande')).toBe('1042');
    expect(facts.get('Statut')).toBe('Paiement requis');
    expect(facts.get("Nom de l'entreprise")).toBe('Atelier Martin');
    expect(facts.get('Rythme de paiement')).toBe('Annuel');
    expect(facts.get('1er paiement reçu')).toBe('Oui');
    expect(facts.get('1er paiement : montant')).toBe(`349,00${NBSP}€${NBSP}TTC`);
    expect(facts.get('1er paiement : date')).toMatch(/^25 novembre 2026/);
    expect(facts.get('Contrat signé')).toBe('Non');
    expect(facts.get('Site livré')).toBe('—');
    expect(stateFacts(paid).map((f) => f.key)).not.toContain('lastActivityAt');
    // Known fields first, in reading order.
    expect(
      stateFacts(paid)
        .slice(0, 2)
        .map((f) => f.label),
    ).toEqual(['Numéro de commande', 'Statut']);
  });

  it('tells what changed from one point to another, field by field, and nothing else', () => {
    expect(diffStates(placed, paid)).toEqual([
      { key: 'depositPaid', label: '1er paiement reçu', before: 'Non', after: 'Oui' },
      { key: 'firstPayment.kind', label: '1er paiement : nature', before: '—', after: 'Acompte' },
      {
        key: 'firstPayment.amount',
        label: '1er paiement : montant',
        before: '—',
        after: `349,00${NBSP}€${NBSP}TTC`,
      },
      expect.objectContaining({ key: 'firstPayment.paidAt', before: '—' }),
      expect.objectContaining({ key: 'firstPayment.payment.paymentId', after: 'pay_1' }),
      {
        key: 'firstPayment.payment.provider',
        label: '1er paiement : moyen de paiement',
        before: '—',
        after: 'Carte bancaire (bac à sable)',
      },
    ]);
    expect(diffStates(paid, paid)).toEqual([]);
  });

  it('reads the very first event against nothing', () => {
    const created = { ...initialOrderState(), exists: true, orderNumber: 7 };
    const changes = diffStates(null, created);
    expect(changes.find((c) => c.key === 'orderNumber')).toEqual({
      key: 'orderNumber',
      label: 'Numéro de commande',
      before: '—',
      after: '7',
    });
    expect(changes.find((c) => c.key === 'status')?.after).toBe('En cours');
  });
});
