import { type PriceBreakdown } from '@coseso/event-schemas/order/order-values';
import { type OrderForm } from './order-form.js';
import {
  type ApprovalReceipt,
  type OrderState,
  type ProviderRefund,
  type RefundRequest,
  type StartedCheckout,
  initialOrderState,
} from './order-state.js';

/** The payment purposes whose link the client may be awaited on (the next step's failed payment). */
const awaitedPurposes = ['deposit', 'setup_fee', 'balance', 'first_month'] as const;
type AwaitedPurpose = (typeof awaitedPurposes)[number];

/**
 * What the order's rules read to say what can be done with it now (the team's actions, the next
 * step, the failed payment): statuses, dates, amounts and the payments' standing, under the names
 * and paths of OrderState, nothing else. The admin list's rows store it (order_summary.move_facts),
 * so that the moves are computed when read without the whole folded state; a rule change in the
 * decider needs no rebuild as long as it reads only these. A property test proves the moves from
 * the facts are those from the state, and that decide() accepts exactly them.
 */
export interface OrderMoveFacts {
  readonly orderNumber: number;
  readonly createdAt: string;
  readonly lastActivityAt: string;
  readonly status: OrderState['status'];
  readonly statusSince?: string;
  readonly form: Pick<OrderForm, 'billingPeriod'>;
  readonly formCompleted: boolean;
  /** The amounts owed, VAT included; null until the wizard is completed. */
  readonly price: Pick<
    PriceBreakdown,
    'billingPeriod' | 'depositWithVat' | 'remainingWithVat' | 'monthlyWithVat'
  > | null;
  readonly depositPaid: boolean;
  readonly firstPayment: OrderState['firstPayment'];
  readonly firstPaymentRequestedAt?: string;
  readonly finalPaymentDue: OrderState['finalPaymentDue'];
  readonly finalPayment: OrderState['finalPayment'];
  /** How each link the client may be awaited on ended, if it did. */
  readonly checkouts: Partial<Record<AwaitedPurpose, Pick<StartedCheckout, 'closed' | 'closedAt'>>>;
  /** What was refunded, or asked back, of the first and final payments (whether they are owed again). */
  readonly providerRefunds?: readonly Pick<ProviderRefund, 'payment' | 'amount'>[];
  readonly refundRequests?: readonly Pick<RefundRequest, 'payment' | 'amount' | 'failed'>[];
  readonly returnedPayments?: OrderState['returnedPayments'];
  readonly contract: Pick<OrderState['contract'], 'issuedSha256' | 'signed'>;
  readonly brief: Pick<OrderState['brief'], 'validated' | 'validatedAt' | 'moreElementsMessage'>;
  readonly review: Pick<OrderState['review'], 'status' | 'round'> & {
    readonly approval: Pick<ApprovalReceipt, 'approvedAt'> | null;
  };
  readonly subscription: Pick<OrderState['subscription'], 'status' | 'lastFailure'>;
  readonly cancellation: Pick<
    NonNullable<OrderState['cancellation']>,
    'cancelledAt' | 'previousStatus' | 'guaranteeRefund'
  > | null;
  readonly contactErasedAt?: string;
}

const defined = <T extends object>(fields: T): T =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;

/** The facts of a folded order that its moves are computed from: the projector stores them, the panel reads them. */
export function orderMoveFacts(state: OrderState): OrderMoveFacts {
  const { price, review, cancellation } = state;
  const paymentIds = new Set(
    [state.firstPayment, state.finalPayment].flatMap((p) => (p ? [p.payment.paymentId] : [])),
  );
  const aboutPayments = <R extends { payment: { paymentId: string } }>(list: readonly R[] | undefined) =>
    list?.filter((r) => paymentIds.has(r.payment.paymentId));
  const providerRefunds = aboutPayments(state.providerRefunds)?.map(({ payment, amount }) => ({
    payment,
    amount,
  }));
  const refundRequests = aboutPayments(state.refundRequests)?.map(({ payment, amount, failed }) => ({
    payment,
    amount,
    failed,
  }));
  const checkouts = Object.fromEntries(
    awaitedPurposes.flatMap((purpose) => {
      const link = state.checkouts[purpose];
      return link ? [[purpose, defined({ closed: link.closed, closedAt: link.closedAt })]] : [];
    }),
  );
  return defined({
    orderNumber: state.orderNumber,
    createdAt: state.createdAt,
    lastActivityAt: state.lastActivityAt,
    status: state.status,
    statusSince: state.statusSince,
    form: defined({ billingPeriod: state.form.billingPeriod }),
    formCompleted: state.formCompleted,
    price: price && {
      billingPeriod: price.billingPeriod,
      depositWithVat: price.depositWithVat,
      remainingWithVat: price.remainingWithVat,
      monthlyWithVat: price.monthlyWithVat,
    },
    depositPaid: state.depositPaid,
    firstPayment: state.firstPayment,
    firstPaymentRequestedAt: state.firstPaymentRequestedAt,
    finalPaymentDue: state.finalPaymentDue,
    finalPayment: state.finalPayment,
    checkouts,
    providerRefunds: providerRefunds?.length ? providerRefunds : undefined,
    refundRequests: refundRequests?.length ? refundRequests : undefined,
    returnedPayments: state.returnedPayments,
    contract: { issuedSha256: state.contract.issuedSha256, signed: state.contract.signed },
    brief: {
      validated: state.brief.validated,
      validatedAt: state.brief.validatedAt,
      moreElementsMessage: state.brief.moreElementsMessage,
    },
    review: {
      status: review.status,
      round: review.round,
      approval: review.approval ? { approvedAt: review.approval.approvedAt } : null,
    },
    subscription: { status: state.subscription.status, lastFailure: state.subscription.lastFailure },
    cancellation: cancellation && {
      cancelledAt: cancellation.cancelledAt,
      previousStatus: cancellation.previousStatus,
      // A version 1 cancellation (« legacy ») makes the reactivation wait for a refund still pending.
      ...(cancellation.guaranteeRefund && { guaranteeRefund: cancellation.guaranteeRefund }),
    },
    contactErasedAt: state.contactErasedAt,
  });
}

const initial = initialOrderState();

/**
 * The order as the decider sees it from its facts alone: each fact where the decider reads it, every
 * other field at its initial value (the rules read none of them: the property test says so). The
 * decider, not a copy of its rules, then judges what can be done.
 */
export function orderStateOfFacts(facts: OrderMoveFacts): OrderState {
  return {
    ...initial,
    ...facts,
    exists: true,
    form: { ...initial.form, ...facts.form },
    price: facts.price as PriceBreakdown | null,
    checkouts: facts.checkouts as OrderState['checkouts'],
    providerRefunds: facts.providerRefunds as OrderState['providerRefunds'],
    refundRequests: facts.refundRequests as OrderState['refundRequests'],
    contract: { ...initial.contract, ...facts.contract },
    brief: { ...initial.brief, ...facts.brief },
    review: { ...initial.review, ...facts.review, approval: facts.review.approval as ApprovalReceipt | null },
    subscription: { ...initial.subscription, ...facts.subscription },
    cancellation: facts.cancellation && { ...facts.cancellation, reason: null },
  };
}
