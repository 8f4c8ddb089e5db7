import {
  type OrderForm,
  type PaymentProviderKey,
  type PriceBreakdown,
} from '@coseso/event-schemas/order/order-values';
import {
  type ApprovalReceipt,
  type OrderState,
  type ReviewRound,
  type ReviewStatus,
  type SubscriptionStatus,
} from './order-state.js';
import { type CancellationTerms, cancellationTerms } from './cancellation.js';
import { type ClientNextStep, clientNextStep } from './next-step.js';
import { type OrderStatus } from './order-status.js';
import { termsOf } from './order-terms.js';
import { personalFormFields } from '@coseso/event-schemas/personal-fields';
import { withVat } from '../pricing/money.js';
import { firstPaymentDue } from './decider/payment.decider.js';
import { owesFirstPaymentAgain } from './reactivation.js';

/**
 * The order as the API returns it (`GET /api/orders/:id`): the spec's flat field names, the wizard
 * data at the top level, and the fields the spec derives from the hosting choices.
 */
export interface OrderView extends OrderForm {
  id: string;
  orderNumber: number;
  status: OrderStatus;
  currentStep: number;
  formCompleted: boolean;
  /** Placed (first payment asked for): the order confirmation email has been sent. */
  placed: boolean;
  depositPaid: boolean;
  finalPaid: boolean;
  contractSigned: boolean;
  planType: 'one-time' | 'subscription' | null;
  subscriptionPlan: string | null;
  billingCycle: 'monthly' | 'yearly' | null;
  /** HT, cents: what the order commits to (the price's totalAmount; before completion, the pricing page's). */
  totalAmount: number | null;
  /** totalAmount with VAT. */
  totalWithVat: number | null;
  basePrice: number | null;
  price: PriceBreakdown | null;
  exportEligibleAt: string | null;
  supportEnabled: boolean;
  domainOption: 'have' | 'buy';
  existingDomain: string;
  desiredDomain: string;
  hostingOption: 'coseso' | 'client';
  briefSubmittedByClient: boolean;
  briefSubmittedAt: string | null;
  briefValidatedByAdmin: boolean;
  briefValidatedAt: string | null;
  /** The team's latest « Demander plus d'éléments » message; null when none was ever sent. */
  moreElementsMessage: string | null;
  reviewStatus: ReviewStatus;
  reviewRound: number;
  reviewUrl: string | null;
  /** The team's note sent with the current preview; null for none. */
  reviewNote: string | null;
  /** Every preview sent and the client's answer to it, oldest first. */
  reviewRounds: ReviewRound[];
  reviewFeedback: string | null;
  reviewSubmittedAt: string | null;
  /** The approval receipt of the current preview ("Maquette v2 validée le … par …"); null until approved. */
  reviewApproval: ApprovalReceipt | null;
  deliveryUrl: string | null;
  subscriptionStatus: SubscriptionStatus;
  subscriptionExpiresAt: string | null;
  nextPaymentDate: string | null;
  contractSignedAt: string | null;
  /** The contract is made after the first payment; the client signs it in the client area. */
  contractIssued: boolean;
  accountManager: boolean;
  /**
   * The dedicated account manager as this order may add it (or added it): at its catalogue
   * version, HT and TTC; null while unpriced.
   */
  accountManagerOffer: { label: string; yearlyPriceHT: number; yearlyPriceWithVat: number } | null;
  /** For a cancelled order: what was paid and whether the 14-day guarantee still applies. */
  cancellationTerms: CancellationTerms | null;
  /** When the cancelled order was last reactivated (the team's reason stays theirs); null when never. */
  reactivatedAt: string | null;
  /**
   * The first payment a reactivated order owes again, its first refunded by the guarantee (decision
   * 126): paid from the client area as the first time; null when none is owed again.
   */
  firstPaymentOwedAgain: { kind: 'deposit' | 'setup_fee'; amountWithVat: number } | null;
  /** The card payment provider's ids (spec §3): the latest link, each kind of payment, the subscription. */
  paymentProvider: PaymentProviderKey | null;
  paymentId: string | null;
  depositPaymentId: string | null;
  finalPaymentId: string | null;
  /** The latest balance or first-month link ended without payment (failed or expired); null otherwise. */
  finalPaymentClosed: 'failed' | 'expired' | null;
  firstMonthlyPaymentId: string | null;
  subscriptionId: string | null;
  createdAt: string;
  lastActiveAt: string;
  /** « Prochaine étape », in the client's words, from the back-office's own nextStep. */
  clientNextStep: ClientNextStep;
  /** Read by its id alone after the first payment: the personal fields that were filled and are withheld. */
  hiddenFields?: readonly string[];
}

export function toOrderView(state: OrderState): OrderView {
  const hosting = state.form.hostingOptions ?? {};
  const existing = hosting.dnsType === 'existing';
  const extension = hosting.domainExtension ?? '.fr';
  const checkouts = Object.values(state.checkouts);
  const latest = checkouts.reduce<(typeof checkouts)[number] | undefined>(
    (last, c) => (c && (!last || c.startedAt >= last.startedAt) ? c : last),
    undefined,
  );
  const firstCheckout = state.checkouts.deposit ?? state.checkouts.setup_fee;
  const monthly = state.price?.billingPeriod === 'monthly';
  const finalCheckout = monthly ? state.checkouts.first_month : state.checkouts.balance;
  return {
    ...state.form,
    id: state.orderId,
    orderNumber: state.orderNumber,
    status: state.status,
    currentStep: state.currentStep,
    formCompleted: state.formCompleted,
    // Read models stored before orders could be placed lack the flag.
    placed: state.placed === true,
    depositPaid: state.depositPaid,
    finalPaid: state.finalPaid,
    contractSigned: state.contract.signed,
    planType: state.pricingSelection?.planType ?? null,
    subscriptionPlan: state.pricingSelection?.subscriptionPlan ?? null,
    billingCycle: state.pricingSelection?.billingCycle ?? null,
    totalAmount: state.price?.totalAmount ?? state.pricingSelection?.totalAmount ?? null,
    totalWithVat:
      state.price?.totalWithVat ??
      (state.pricingSelection ? withVat(state.pricingSelection.totalAmount) : null),
    basePrice: state.price?.basePrice ?? state.pricingSelection?.basePrice ?? null,
    price: state.price,
    exportEligibleAt: state.exportEligibleAt,
    supportEnabled: state.supportEnabled,
    domainOption: existing ? 'have' : 'buy',
    existingDomain: existing ? (hosting.existingDomain ?? '') : '',
    desiredDomain: !existing && hosting.newDomainName ? `${hosting.newDomainName}${extension}` : '',
    hostingOption: hosting.hostingType === 'autonomous' ? 'client' : 'coseso',
    briefSubmittedByClient: state.brief.submitted,
    briefSubmittedAt: state.brief.submittedAt,
    briefValidatedByAdmin: state.brief.validated,
    briefValidatedAt: state.brief.validatedAt,
    moreElementsMessage: state.brief.moreElementsMessage,
    reviewStatus: state.review.status,
    reviewRound: state.review.round,
    reviewUrl: state.review.url,
    reviewNote: state.review.note,
    reviewRounds: [...(state.review.rounds ?? [])],
    reviewFeedback: state.review.feedback,
    reviewSubmittedAt: state.review.respondedAt,
    reviewApproval: state.review.approval ?? null,
    deliveryUrl: state.delivery.siteUrl,
    subscriptionStatus: state.subscription.status,
    subscriptionExpiresAt: state.subscription.expiresAt,
    nextPaymentDate: state.subscription.status === 'active' ? state.subscription.currentPeriodEnd : null,
    contractSignedAt: state.contract.signedAt,
    contractIssued: state.contract.issuedSha256 !== null,
    accountManager: state.accountManager,
    accountManagerOffer: state.price ? accountManagerOffer(state) : null,
    cancellationTerms: cancellationTerms(state),
    reactivatedAt: state.reactivation?.reactivatedAt ?? null,
    firstPaymentOwedAgain: firstPaymentOwedAgain(state),
    paymentProvider: latest?.provider ?? state.firstPayment?.payment.provider ?? null,
    paymentId: latest?.paymentId ?? null,
    depositPaymentId: state.firstPayment?.payment.paymentId ?? firstCheckout?.paymentId ?? null,
    finalPaymentId: state.finalPayment?.payment.paymentId ?? finalCheckout?.paymentId ?? null,
    finalPaymentClosed: state.finalPaid ? null : (finalCheckout?.closed ?? null),
    firstMonthlyPaymentId: monthly
      ? (state.finalPayment?.payment.paymentId ?? finalCheckout?.paymentId ?? null)
      : null,
    subscriptionId: state.subscription.id,
    createdAt: state.createdAt,
    lastActiveAt: state.lastActivityAt,
    clientNextStep: clientNextStep(state),
  };
}

/** The first payment a reactivated order owes again, the guarantee having refunded it (decision 126). */
export function firstPaymentOwedAgain(state: OrderState): OrderView['firstPaymentOwedAgain'] {
  const due = owesFirstPaymentAgain(state) && state.status !== 'cancelled' ? firstPaymentDue(state) : null;
  return due ? { kind: due.kind, amountWithVat: due.amount } : null;
}

/**
 * Whether a reader with nothing but the order's id may see its personal fields: only while the
 * wizard needs them, before the first payment. From then on the order is a client's (or on its way
 * to be), and its contact, address and feedback are read in the client area, signed in.
 */
export const personalDataPublic = (state: OrderState): boolean =>
  !state.depositPaid && state.clientId === null;

/**
 * The order as `GET /api/orders/:id` answers it without credentials: the whole view before the
 * first payment, then without any personal field (the contact, the company's identity, what the
 * person wrote, the review feedback). Non-personal answers (template, options, price, statuses)
 * stay, which is all the confirmation and payment result pages need.
 */
export function toAnonymousOrderView(state: OrderState): OrderView {
  const view = toOrderView(state);
  if (personalDataPublic(state)) return view;
  // The rounds carry the client's feedback, the team's texts may name the client: the area has them.
  const withheld: Record<string, unknown> = {
    ...view,
    reviewFeedback: null,
    reviewRounds: [],
    reviewNote: null,
    moreElementsMessage: null,
  };
  // Which were filled is said (the wizard's link shows « Masqué » there, not « Non renseigné »).
  const hiddenFields: string[] = [];
  for (const field of personalFormFields) {
    const value = withheld[field];
    if (typeof value === 'string' ? value.trim() !== '' : value != null) hiddenFields.push(field);
    delete withheld[field];
  }
  return { ...withheld, hiddenFields } as unknown as OrderView;
}

function accountManagerOffer(state: OrderState): NonNullable<OrderView['accountManagerOffer']> {
  const { label, yearlyPriceHT } = termsOf(state).accountManager;
  return { label, yearlyPriceHT, yearlyPriceWithVat: withVat(yearlyPriceHT) };
}
