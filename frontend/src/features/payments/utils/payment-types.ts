import { type OrderView } from '@coseso/domain/orders/order-view';
import { type PaymentRhythm } from '@/lib/payments/create-payment';

/** What a return URL's `type` is about; several legacy spellings name the same payment (spec §4). */
export type PaymentKind =
  'deposit' | 'setup_fee' | 'monthly_first' | 'first_month' | 'balance' | 'account_manager' | 'other';

export function paymentKindOf(type: string | undefined): PaymentKind {
  switch (type) {
    case 'deposit':
      return 'deposit';
    // What our server sends for the monthly plan's setup fee.
    case 'monthly':
      return 'setup_fee';
    case 'monthly_first':
      return 'monthly_first';
    case 'first_month':
      return 'first_month';
    case 'balance':
    case 'final':
    case 'final_payment':
      return 'balance';
    case 'account_manager':
      return 'account_manager';
    default:
      return 'other';
  }
}

export type PaidFlags = Pick<OrderView, 'depositPaid' | 'finalPaid' | 'accountManager'>;

/** Whether the order already records that payment: the flag the server's finalize-payment waits for. */
export function isPaymentRecorded(order: PaidFlags, kind: PaymentKind): boolean {
  switch (kind) {
    case 'balance':
    case 'first_month':
      return order.finalPaid;
    case 'account_manager':
      return order.accountManager;
    case 'deposit':
    case 'setup_fee':
    case 'monthly_first':
    case 'other':
      return order.depositPaid;
  }
}

/**
 * The first payment can be made again from the result page, as from the wizard; the others are
 * paid from the client area, which makes their links.
 */
export function retryRhythmOf(kind: PaymentKind): PaymentRhythm | null {
  switch (kind) {
    case 'deposit':
      return 'annual';
    case 'setup_fee':
    case 'monthly_first':
      return 'monthly';
    default:
      return null;
  }
}
