import { describe, expect, it } from '@jest/globals';
import { contractStep } from './client-order-status.js';

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
