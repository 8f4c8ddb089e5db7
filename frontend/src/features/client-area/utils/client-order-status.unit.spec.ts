import { describe, expect, it } from '@jest/globals';
import { contractStep } from './client-order-status.js';

const order = (status: 'contract_ready_for_signature' | 'cancelled', facts: Record<string, boolean>) => ({
  status,
  depositPaid: false,
  contractIssued: false,
  contractSigned: false,
  ...facts,
});

describe('contractStep', () => {
  it('follows payment, issue and signature', () => {
    const live = 'contract_ready_for_signature';
    expect(contractStep(order(live, {}))).toBe('unpaid');
    expect(contractStep(order(live, { depositPaid: true }))).toBe('preparing');
    expect(contractStep(order(live, { depositPaid: true, contractIssued: true }))).toBe('to-sign');
    expect(contractStep(order(live, { depositPaid: true, contractIssued: true, contractSigned: true }))).toBe(
      'signed',
    );
  });

  it('offers nothing to sign, nor to wait for, on a cancelled order; a signed contract stays to read', () => {
    expect(contractStep(order('cancelled', {}))).toBe('none');
    expect(contractStep(order('cancelled', { depositPaid: true }))).toBe('none');
    expect(contractStep(order('cancelled', { depositPaid: true, contractIssued: true }))).toBe('none');
    expect(
      contractStep(order('cancelled', { depositPaid: true, contractIssued: true, contractSigned: true })),
    ).toBe('signed');
  });
});
