import { clientProgressPercent } from './client-progress.js';
import { type OrderStatus } from './order-status.js';

const at = (status: OrderStatus, depositPaid = true, contractSigned = true) =>
  clientProgressPercent({ status, depositPaid, contractSigned });

describe('the progress percent of the client area', () => {
  it('counts the first payment and the contract before the brief', () => {
    expect(at('pending', false, false)).toBe(2);
    expect(at('contract_ready_for_signature', false, false)).toBe(2);
    expect(at('contract_ready_for_signature', true, false)).toBe(6);
    expect(at('contract_signed')).toBe(12.5);
  });

  it('follows the workflow up to delivery', () => {
    const statuses: OrderStatus[] = [
      'brief_pending',
      'brief',
      'in_progress',
      'en_revision',
      'revision_changes_requested',
      'awaiting_first_monthly_payment',
      'awaiting_balance_payment',
      'ready_for_delivery',
      'delivered',
    ];
    expect(statuses.map((status) => at(status))).toEqual([18, 25, 37, 50, 62, 75, 85, 95, 100]);
  });

  it('shows nothing for a cancelled order', () => {
    expect(at('cancelled')).toBe(0);
  });
});
