import { describe, expect, it } from '@jest/globals';
import { clientStatusLabel, contractStep } from './client-order-status.js';

describe('clientStatusLabel', () => {
  it('says payment is required only until the first payment', () => {
    const facts = { status: 'contract_ready_for_signature', contractIssued: false } as const;
    expect(clientStatusLabel({ ...facts, depositPaid: false })).toBe('Paiement requis');
    expect(clientStatusLabel({ ...facts, depositPaid: true })).toBe('Contrat en préparation');
    expect(clientStatusLabel({ ...facts, depositPaid: true, contractIssued: true })).toBe('Contrat à signer');
  });

  it("uses the spec's client labels for delivery", () => {
    const paid = { depositPaid: true, contractIssued: true } as const;
    expect(clientStatusLabel({ ...paid, status: 'ready_for_delivery' })).toBe('En attente de livraison');
    expect(clientStatusLabel({ ...paid, status: 'delivered' })).toBe('Site livré');
  });

  it('uses the back-office labels otherwise', () => {
    expect(clientStatusLabel({ status: 'in_progress', depositPaid: true, contractIssued: true })).toBe(
      'Production',
    );
  });
});

describe('contractStep', () => {
  it('follows payment, issue and signature', () => {
    expect(contractStep({ depositPaid: false, contractIssued: false, contractSigned: false })).toBe('unpaid');
    expect(contractStep({ depositPaid: true, contractIssued: false, contractSigned: false })).toBe(
      'preparing',
    );
    expect(contractStep({ depositPaid: true, contractIssued: true, contractSigned: false })).toBe('to-sign');
    expect(contractStep({ depositPaid: true, contractIssued: true, contractSigned: true })).toBe('signed');
  });
});
