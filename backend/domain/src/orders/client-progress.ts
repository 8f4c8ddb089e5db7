import { type OrderStatus } from './order-status.js';

type ProgressFacts = { status: OrderStatus; depositPaid: boolean; contractSigned: boolean };

const byStatus: Partial<Record<OrderStatus, number>> = {
  contract_signed: 12.5,
  brief_pending: 18,
  brief: 25,
  in_progress: 37,
  en_revision: 50,
  revision_changes_requested: 62,
  awaiting_first_monthly_payment: 75,
  awaiting_balance_payment: 85,
  ready_for_delivery: 95,
  delivered: 100,
  cancelled: 0,
};

/**
 * How far the order has come, in percent, as the client area shows it (spec §4.6): 2 before any
 * payment, 6 once the first payment is in, 12.5 with the contract signed, then one step per
 * status up to 100 when delivered. A cancelled order shows none.
 */
export function clientProgressPercent({ status, depositPaid, contractSigned }: ProgressFacts): number {
  const percent = byStatus[status] ?? (contractSigned ? 12.5 : depositPaid ? 6 : 2);
  return Math.min(100, Math.max(0, percent));
}
