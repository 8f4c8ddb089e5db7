import { type OrderEvent, type OrderEventType } from '@coseso/event-schemas/order/order-events';
import { cancellationTerms } from '@coseso/domain/orders/cancellation';
import { heldPayments, refundLeft } from '@coseso/domain/orders/refund-requests';
import {
  finalPaymentDue as finalPaymentOf,
  firstPaymentDue,
} from '@coseso/domain/orders/decider/payment.decider';
import { subscriptionToRestart } from '@coseso/domain/orders/decider/subscription.decider';
import { type OrderState } from '@coseso/domain/orders/order-state';
import { type EmailData, type EmailTemplateName } from '../emails/email-templates.js';

/** An email as the order asks for it; the job sends it to the order's contact. */
export type OrderEmail = { [N in EmailTemplateName]: { template: N; data: EmailData<N> } }[EmailTemplateName];

type Recorded<T extends OrderEventType> = Extract<OrderEvent, { type: T }> & { occurredAt: string };
type Compose<T extends OrderEventType> = (event: Recorded<T>, order: OrderState) => OrderEmail | null;

const hourAfter = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString();
const laterOf = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

const dashboard = (order: OrderState) => `/dashboard#order-${order.orderId}`;
const about = (order: OrderState) => ({
  orderNumber: order.orderNumber,
  companyName: order.form.companyName || `Commande #${order.orderNumber}`,
});
const receipt =
  (paidFor: EmailData<'payment-receipt'>['paidFor']) =>
  (
    event: Recorded<
      | 'DepositPaid'
      | 'SetupFeePaid'
      | 'BalancePaid'
      | 'FirstMonthlyPaymentPaid'
      | 'AccountManagerAdded'
      | 'SubscriptionRenewed'
    >,
    order: OrderState,
  ): OrderEmail => ({
    template: 'payment-receipt',
    data: {
      ...about(order),
      firstName: order.form.contactFirstName,
      paidFor,
      amountWithVat: event.data.amount,
      paidAt: event.occurredAt,
      orderUrl: dashboard(order),
    },
  });

const finalPaymentDue =
  (resent: boolean) =>
  (event: Recorded<'FinalPaymentRequested' | 'PaymentLinkResent'>, order: OrderState): OrderEmail => ({
    template: 'final-payment-due',
    data: {
      ...about(order),
      firstName: order.form.contactFirstName,
      paidFor: event.data.kind === 'balance' ? 'balance' : 'first_month',
      amountWithVat: event.data.amount,
      payUrl: `/dashboard/${order.orderId}?tab=project`,
      ...(resent ? { resent } : {}),
    },
  });

/**
 * Which order events the client hears about by email, and with what: one table, so the reactor
 * (which events) and the job (what to write) cannot disagree.
 */
const orderEmails: { [T in OrderEventType]?: Compose<T> } = {
  // Once per order, when it is placed: not at each completion, which step 8 repeats on every change.
  OrderPlaced: (_, order) =>
    // Reopened since and not completed again: the next completion's first link will not confirm it
    // again, and there is no price to state now. Nothing the visitor typed: see sendsBeforeProof.
    order.price && {
      template: 'order-confirmation',
      data: {
        orderNumber: order.orderNumber,
        billingPeriod: order.price.billingPeriod,
        totalWithVat: order.price.totalWithVat,
        monthlyWithVat: order.price.monthlyWithVat,
        firstPaymentWithVat: order.price.depositWithVat,
        orderUrl: `/order-confirmation/${order.orderId}`,
      },
    },
  DepositPaid: receipt('deposit'),
  SetupFeePaid: receipt('setup_fee'),
  BalancePaid: receipt('balance'),
  FirstMonthlyPaymentPaid: receipt('first_month'),
  AccountManagerAdded: receipt('account_manager'),
  SubscriptionRenewed: receipt('renewal'),
  ContractIssued: (_, order) => ({
    template: 'contract-to-sign',
    data: {
      ...about(order),
      firstName: order.form.contactFirstName,
      contractUrl: `/contract/${order.orderId}`,
    },
  }),
  // The team opened the brief after the signature: the client is told at once (docs/decisions.md).
  BriefOpened: (_, order) => ({
    template: 'brief-opened',
    data: {
      ...about(order),
      firstName: order.form.contactFirstName,
      orderUrl: `/dashboard/${order.orderId}?tab=media`,
    },
  }),
  BriefSubmitted: (event, order) => ({
    template: 'brief-received',
    data: {
      ...about(order),
      firstName: order.form.contactFirstName,
      fileCount: event.data.nothingToSend ? 0 : event.data.fileCount,
      orderUrl: dashboard(order),
    },
  }),
  BriefValidated: (_, order) => ({
    template: 'brief-validated',
    data: { ...about(order), firstName: order.form.contactFirstName, orderUrl: dashboard(order) },
  }),
  MoreElementsRequested: (event, order) => ({
    template: 'more-elements-requested',
    data: {
      ...about(order),
      firstName: order.form.contactFirstName,
      message: event.data.message,
      orderUrl: dashboard(order),
    },
  }),
  ReviewRequested: (event, order) => ({
    template: 'review-ready',
    data: {
      ...about(order),
      firstName: order.form.contactFirstName,
      previewUrl: event.data.reviewUrl,
      round: event.data.round,
      orderUrl: dashboard(order),
    },
  }),
  ChangesCompleted: (event, order) => ({
    template: 'changes-done',
    data: {
      ...about(order),
      firstName: order.form.contactFirstName,
      previewUrl: event.data.reviewUrl,
      note: event.data.note,
      orderUrl: dashboard(order),
    },
  }),
  // The order waits on the client's payment from now: told at once, not when they next sign in.
  FinalPaymentRequested: finalPaymentDue(false),
  // The team's « Renvoyer un lien de paiement »: the same way to pay, said again.
  PaymentLinkResent: finalPaymentDue(true),
  OrderCancelled: (_, order) => {
    const terms = cancellationTerms(order);
    return (
      terms && {
        template: 'order-cancelled',
        data: {
          ...about(order),
          firstName: order.form.contactFirstName,
          ...terms,
          orderUrl: `/dashboard/${order.orderId}`,
        },
      }
    );
  },
  // The client is told the project resumes, where, and what is owed (decision 126), amounts TTC.
  OrderReactivated: (event, order) => {
    if (!order.price) return null;
    const final = finalPaymentOf(order);
    // Never paid, or given back by the cancellation (decision 126): the first payment is owed again.
    const held = order.firstPayment
      ? heldPayments(order).find((p) => p.purpose === order.firstPayment!.kind)
      : null;
    const firstOwed = held ? held.amount - refundLeft(order, held) : (firstPaymentDue(order)?.amount ?? 0);
    // The subscription the cancellation ended starts again, charged from the end of the month paid, or
    // within the hour once that has passed (decision 132's job); written after the job, the order has it.
    const restart = subscriptionToRestart(order);
    const subscriptionResumesAt = restart
      ? laterOf(restart.resumeAt, hourAfter(event.occurredAt))
      : order.finalPaid && order.subscription.status === 'active'
        ? order.subscription.currentPeriodEnd
        : null;
    return {
      template: 'order-reactivated',
      data: {
        ...about(order),
        firstName: order.form.contactFirstName,
        reactivatedAt: event.occurredAt,
        resumesAt: resumesAt[order.status] ?? resumesAt.brief_pending!,
        firstOwedWithVat: firstOwed,
        firstKind: order.price.billingPeriod === 'yearly' ? 'deposit' : 'setup_fee',
        finalKind: final.kind === 'balance' ? 'balance' : 'first_month',
        finalWithVat: final.amount,
        finalHeld: order.finalPaid,
        approved: order.review.status === 'approved',
        subscriptionResumesAt,
        orderUrl: dashboard(order),
      },
    };
  },
  Delivered: (event, order) => ({
    template: 'delivered',
    data: {
      ...about(order),
      firstName: order.form.contactFirstName,
      siteUrl: event.data.siteUrl,
      orderUrl: dashboard(order),
    },
  }),
  // Ended with its order: the cancellation's email says so, and there is no paid period to stay online for.
  SubscriptionCancelled: (event, order) =>
    event.data.endedWithOrder
      ? null
      : {
          template: 'subscription-cancelled',
          data: {
            ...about(order),
            firstName: order.form.contactFirstName,
            activeUntil: event.data.expiresAt,
            orderUrl: dashboard(order),
          },
        },
  SubscriptionPaymentFailed: (_, order) => ({
    template: 'payment-failed',
    data: {
      ...about(order),
      firstName: order.form.contactFirstName,
      amountWithVat: order.subscription.monthlyWithVat,
      updateCardUrl: `/dashboard#order-${order.orderId}`,
    },
  }),
};

export const sendsEmail = (type: string): boolean => type in orderEmails;

/** Where a reactivated order resumes, as the client reads it: « Le projet reprend … ». */
const resumesAt: Partial<Record<OrderState['status'], string>> = {
  contract_ready_for_signature: 'au paiement de la commande, puis à la signature du contrat',
  contract_signed: "à l'ouverture du brief par notre équipe",
  brief_pending:
    "à l'étape du brief : envoyez-nous vos éléments depuis votre espace client, puis notre équipe reprend la création de votre site",
  brief: 'à la vérification de votre brief par notre équipe',
  in_progress: 'à la création de votre site par notre équipe',
  en_revision: 'à la relecture de la maquette',
  revision_changes_requested: 'aux modifications de la maquette que vous avez demandées',
  awaiting_balance_payment: 'au paiement du solde',
  awaiting_first_monthly_payment: 'au paiement du premier mois',
  ready_for_delivery: 'à la mise en ligne de votre site',
};

/**
 * Whether the order's contact address has proven it is its owner's: by the order's first payment
 * (the payer confirms the order and its address; one the guarantee refunded since still proved it),
 * or by staff forcing the contract past payment.
 * Before that, anyone could have typed anyone's address (decision 52).
 */
export const recipientProven = (order: OrderState): boolean =>
  order.depositPaid || order.contract.forced || (order.returnedPayments ?? []).length > 0;

/**
 * The templates that may go to an address not yet proven: those carrying nothing the visitor typed
 * (no name, company or message), and then at most one email a day to that address. Any other email of
 * an order not paid yet is not sent.
 */
const beforeProof: ReadonlySet<EmailTemplateName> = new Set(['order-confirmation']);
export const sendsBeforeProof = (template: EmailTemplateName): boolean => beforeProof.has(template);

/** The email an order event calls for, written from the order as it is now; null when none. */
export function orderEmailFor(
  event: OrderEvent & { occurredAt: string },
  order: OrderState,
): OrderEmail | null {
  const compose = orderEmails[event.type] as Compose<typeof event.type> | undefined;
  return compose ? compose(event as never, order) : null;
}
