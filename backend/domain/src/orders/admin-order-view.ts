import {
  type OfflinePaymentMeans,
  type PaymentPurpose,
  type RefundPurpose,
} from '@coseso/event-schemas/order/order-keys';
import { type PaymentRef } from '@coseso/event-schemas/order/order-values';
import { type AllowedAction, contactErasable } from './admin-actions.js';
import { orderMoveFacts, orderMoves } from './order-moves.js';
import { isEmptyDraft } from './admin-statistics.js';
import { type EmailFailure, emailLabel } from './email-failures.js';
import { type BriefFile, type OrderState, type RecordedPayment } from './order-state.js';
import { offlineMeansLabels } from './order-event-description.js';
import { refundPurposeLabels } from './payment-labels.js';
import {
  heldPayments,
  refundLeft,
  refundableThroughProvider,
  refundedOf,
  requestedOf,
} from './refund-requests.js';
import { adminStatusLabels } from './order-status.js';
import { formatEurosTTC } from '../pricing/format-euros.js';
import { inertName } from '../shared/inert-text.js';
import { type FailedPayment, type NextStep, failedPayment } from './next-step.js';
import { type OrderView, firstPaymentOwedAgain, toOrderView } from './order-view.js';

/** The badge beside the status on a list card: what has been paid, not what is due (spec §2.3). */
export interface PaymentBadge {
  readonly stage: 'unpaid' | 'first_paid' | 'paid_in_full';
  readonly label: string;
}

/** What the payment badge reads of an order: the summary row keeps it, the panel reads it off the state. */
export interface PaymentStanding {
  billingPeriod: string | null;
  depositPaid: boolean;
  finalPaid: boolean;
  /** TTC: the first payment a reactivated order owes again, the guarantee having refunded it. */
  firstOwedAgainWithVat: number | null;
}

/** The order's payment standing, for the badge of the panel, the list and the board alike. */
export const paymentStanding = (state: OrderState): PaymentStanding => ({
  billingPeriod: state.price?.billingPeriod ?? state.form.billingPeriod ?? null,
  depositPaid: state.depositPaid,
  finalPaid: state.finalPaid,
  firstOwedAgainWithVat: firstPaymentOwedAgain(state)?.amountWithVat ?? null,
});

export function paymentBadge(order: PaymentStanding): PaymentBadge {
  const monthly = order.billingPeriod === 'monthly';
  if (order.firstOwedAgainWithVat)
    return {
      stage: 'unpaid',
      label: `${monthly ? 'Mise en service remboursée, due à nouveau' : 'Acompte remboursé, dû à nouveau'} : ${formatEurosTTC(order.firstOwedAgainWithVat)}`,
    };
  if (order.finalPaid)
    return {
      stage: 'paid_in_full',
      label: monthly ? 'Mise en service et premier mois payés' : 'Acompte et solde payés',
    };
  if (order.depositPaid)
    return { stage: 'first_paid', label: monthly ? 'Mise en service payée' : 'Acompte payé' };
  return { stage: 'unpaid', label: 'Aucun paiement' };
}

/** « Commande #1042 » until the wizard names the company. */
export const orderDisplayName = (companyName: string | null | undefined, orderNumber: number) =>
  inertName(companyName)?.trim() || `Commande #${orderNumber}`;

export interface BriefChecklistItem {
  readonly item: 'logo' | 'content' | 'arborescence';
  readonly label: string;
  readonly required: boolean;
  readonly provided: boolean;
}

/**
 * Spec §5: the logo only when the client provides it (logoOption client), the text content only
 * when contentOption is client, the site architecture always; each needs one file of its category.
 */
export function briefChecklist(state: OrderState): BriefChecklistItem[] {
  const has = (category: BriefFile['category']) => state.brief.files.some((f) => f.category === category);
  return [
    {
      item: 'logo',
      label: 'Logo',
      required: state.form.logoOption === 'client',
      provided: has('logo'),
    },
    {
      item: 'content',
      label: 'Contenus texte',
      required: state.form.contentOption === 'client',
      provided: has('content'),
    },
    { item: 'arborescence', label: 'Arborescence du site', required: true, provided: has('arborescence') },
  ];
}

/** The detail panel's order (spec §2.3): the order as the client area reads it, plus what only the team sees. */
export interface AdminOrderView extends OrderView {
  displayName: string;
  statusLabel: string;
  emptyDraft: boolean;
  payment: PaymentBadge;
  allowedActions: AllowedAction[];
  /** Whose move it is, what, and since when (the domain's nextStep, as on the list and the board). */
  nextStep: NextStep;
  /** The awaited payment whose latest attempt failed: what, when, why; null when none did. */
  failedPayment: FailedPayment | null;
  briefChecklist: BriefChecklistItem[];
  files: {
    fileId: string;
    category: string;
    originalName: string;
    size: number;
    kind: 'image' | 'document';
    mimeType: string;
    uploadDate: string;
  }[];
  briefValidatedBy: string | null;
  /** The team's notes on the brief's validation: never in a client's answer (spec §5). */
  briefNotes: string | null;
  moreElementsMessage: string | null;
  nothingToSend: boolean;
  adminNote: string | null;
  deliveredAt: string | null;
  contractForced: boolean;
  /** The client account the order belongs to after its first payment (its data can be erased). */
  clientId: string | null;
  /** Whether an admin may erase the contact now: an order that never became a client's (decider's rules). */
  contactErasable: boolean;
  /** When the contact of this order (never a client's) was erased; null when it was not. */
  contactErasedAt: string | null;
  /** When the data of the client this order belongs to was erased; null when it was not. */
  clientDataErasedAt: string | null;
  cancellation: { cancelledAt: string; reason: string | null; previousStatus: string } | null;
  /** The latest reactivation and the team's reason (null for one made before reasons were asked). */
  reactivation: { reactivatedAt: string; reason: string | null } | null;
  /** `reference`: the provider's payment id, or the team's reference of an offline payment. */
  firstPayment: (PaymentView & { kind: string }) | null;
  finalPayment: PaymentView | null;
  /**
   * Every payment the order holds, oldest first, with what « Rembourser » may still give back of it
   * (card payments only: one received by hand is given back by hand).
   */
  heldPayments: {
    paymentId: string;
    purpose: RefundPurpose;
    label: string;
    amount: number;
    paidAt: string;
    provider: string;
    /** Received by hand: the day it came in (YYYY-MM-DD), which the panel dates it by. */
    receivedOn: string | null;
    refunded: number;
    requested: number;
    refundableLeft: number;
  }[];
  /** The refunds the team asked of the provider, oldest first, and each one's failure if it gave up. */
  refundRequests: {
    paymentId: string;
    purpose: RefundPurpose;
    amount: number;
    reason: string;
    cause: 'guarantee' | 'team';
    requestedAt: string;
    failed: { at: string; error: string } | null;
  }[];
  /** Payments the order refused (paid on a stale or expired link), refunded through the provider. */
  refundedPayments: {
    purpose: PaymentPurpose;
    amount: number;
    refundedAt: string;
    provider: string;
    paymentId: string;
    refundId: string;
    reason: string;
  }[];
  /** The emails of the order the queue gave up on, oldest first: which one, to whom, since when. */
  emailFailures: (Omit<EmailFailure, 'emailKey'> & { label: string })[];
  /** Signed payments naming the order for a checkout it never opened: not recorded, shown as a warning. */
  unopenedCheckoutPayments: {
    purpose: PaymentPurpose;
    amount: number;
    receivedAt: string;
    provider: string;
    paymentId: string;
  }[];
  /** What the client did on the order (payments, contract, files, brief, review), newest first. */
  clientActivity: ClientActivity[];
}

/** One thing the client did on the order, at a date, in French. */
export interface ClientActivity {
  readonly at: string;
  readonly text: string;
}

/**
 * `reference`: the provider's payment id, or the team's reference of an offline payment, whose
 * `receivedOn` is the day it came in (what the panel shows) and `means` how.
 */
export interface PaymentView {
  amount: number;
  paidAt: string;
  provider: string;
  reference: string;
  receivedOn: string | null;
  means: OfflinePaymentMeans | null;
}

const paymentView = (recorded: RecordedPayment): PaymentView => ({
  amount: recorded.amount,
  paidAt: recorded.paidAt,
  provider: recorded.payment.provider,
  reference: recorded.payment.paymentId,
  receivedOn: recorded.payment.receivedOn ?? null,
  means: recorded.payment.means ?? null,
});

const paymentWay = (payment: PaymentRef) =>
  payment.provider === 'offline'
    ? `${payment.means ? offlineMeansLabels[payment.means] : 'hors ligne'}, référence ${payment.paymentId}${payment.receivedOn ? `, reçu le ${frenchDay(payment.receivedOn)}` : ''}`
    : 'par carte';

const frenchDay = (day: string) => day.split('-').reverse().join('/');

/**
 * The client's side of the order as the team needs to see it on the panel. What the state keeps is
 * what is listed: every answer to a preview, the files still there.
 */
export function clientActivity(state: OrderState): ClientActivity[] {
  const items: ClientActivity[] = [];
  const monthly = state.price?.billingPeriod === 'monthly';
  if (state.firstPayment)
    items.push({
      at: state.firstPayment.paidAt,
      text: `${state.firstPayment.kind === 'deposit' ? 'Acompte payé' : 'Frais de mise en service payés'} : ${formatEurosTTC(state.firstPayment.amount)} (${paymentWay(state.firstPayment.payment)})`,
    });
  if (state.contract.signed && state.contract.signedAt)
    items.push({
      at: state.contract.signedAt,
      text: `Contrat signé${state.contract.signerName ? ` par ${state.contract.signerName}` : ''}`,
    });
  for (const file of state.brief.files)
    items.push({ at: file.uploadedAt, text: `Fichier envoyé : ${file.originalName}` });
  if (state.brief.submitted && state.brief.submittedAt)
    items.push({
      at: state.brief.submittedAt,
      text: state.brief.nothingToSend ? 'Brief soumis : rien à envoyer' : 'Brief soumis',
    });
  items.push(...reviewAnswers(state));
  if (state.finalPayment)
    items.push({
      at: state.finalPayment.paidAt,
      text: `${monthly ? 'Premier mois payé' : 'Solde payé'} : ${formatEurosTTC(state.finalPayment.amount)} (${paymentWay(state.finalPayment.payment)})`,
    });
  if (state.accountManagerPayment)
    items.push({
      at: state.accountManagerPayment.paidAt,
      text: `Chargé de compte dédié payé : ${formatEurosTTC(state.accountManagerPayment.amount)} (${paymentWay(state.accountManagerPayment.payment)})`,
    });
  return items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

/**
 * Every answer of the client to a preview: each round's request for changes and its approval. States
 * stored before the rounds were kept give only the latest answer.
 */
function reviewAnswers(state: OrderState): ClientActivity[] {
  const rounds = state.review.rounds ?? [];
  if (rounds.length > 0)
    return rounds.flatMap((round) =>
      round.decision && round.answeredAt
        ? [
            {
              at: round.answeredAt,
              text:
                round.decision === 'approved'
                  ? `Maquette validée (version ${round.round})`
                  : `Modifications demandées (version ${round.round}) : « ${round.feedback ?? ''} »`,
            },
          ]
        : [],
    );
  const items: ClientActivity[] = [];
  if (state.review.status === 'changes_requested' && state.review.respondedAt)
    items.push({
      at: state.review.respondedAt,
      text: `Modifications demandées (version ${state.review.round}) : « ${state.review.feedback ?? ''} »`,
    });
  if (state.review.approval)
    items.push({
      at: state.review.approval.approvedAt,
      text: `Maquette validée (version ${state.review.approval.round})`,
    });
  return items;
}

/** The order as the detail panel reads it at `now` (whether a payment link is still open depends on it). */
export function toAdminOrderView(state: OrderState, now: string): AdminOrderView {
  const view = toOrderView(state);
  const { allowedActions, nextStep: next } = orderMoves(orderMoveFacts(state));
  return {
    ...view,
    // The names the team reads, without the bidi controls typed before the wizard refused them.
    companyName: inertName(view.companyName),
    contactFirstName: inertName(view.contactFirstName),
    contactLastName: inertName(view.contactLastName),
    contactPosition: inertName(view.contactPosition),
    displayName: orderDisplayName(state.form.companyName, state.orderNumber),
    statusLabel: adminStatusLabels[state.status],
    emptyDraft: isEmptyDraft(state),
    payment: paymentBadge(paymentStanding(state)),
    allowedActions,
    nextStep: next,
    failedPayment: failedPayment(state, next),
    briefChecklist: briefChecklist(state),
    files: state.brief.files.map((f) => ({
      fileId: f.fileId,
      category: f.category,
      originalName: f.originalName,
      size: f.size,
      kind: f.kind,
      mimeType: f.mimeType,
      uploadDate: f.uploadedAt,
    })),
    briefValidatedBy: state.brief.validatedBy,
    briefNotes: state.brief.notes,
    moreElementsMessage: state.brief.moreElementsMessage,
    nothingToSend: state.brief.nothingToSend,
    adminNote: state.review.note,
    deliveredAt: state.delivery.deliveredAt,
    contractForced: state.contract.forced,
    clientId: state.clientId,
    contactErasable: contactErasable(state, now),
    contactErasedAt: state.contactErasedAt ?? null,
    clientDataErasedAt: state.clientDataErasedAt ?? null,
    cancellation: state.cancellation,
    reactivation: state.reactivation ?? null,
    firstPayment: state.firstPayment
      ? { kind: state.firstPayment.kind, ...paymentView(state.firstPayment) }
      : null,
    finalPayment: state.finalPayment ? paymentView(state.finalPayment) : null,
    heldPayments: heldPayments(state).map((held) => ({
      paymentId: held.payment.paymentId,
      purpose: held.purpose,
      label: refundPurposeLabels[held.purpose],
      amount: held.amount,
      paidAt: held.paidAt,
      provider: held.payment.provider,
      receivedOn: held.payment.receivedOn ?? null,
      refunded: refundedOf(state, held.payment.paymentId),
      requested: requestedOf(state, held.payment.paymentId),
      refundableLeft: refundableThroughProvider(held) ? refundLeft(state, held) : 0,
    })),
    refundRequests: (state.refundRequests ?? []).map((r) => ({
      paymentId: r.payment.paymentId,
      purpose: r.purpose,
      amount: r.amount,
      reason: r.reason,
      cause: r.cause,
      requestedAt: r.requestedAt,
      failed: r.failed,
    })),
    refundedPayments: (state.refunds ?? []).map((r) => ({
      purpose: r.purpose,
      amount: r.amount,
      refundedAt: r.refundedAt,
      provider: r.payment.provider,
      paymentId: r.payment.paymentId,
      refundId: r.refundId,
      reason: r.reason,
    })),
    emailFailures: (state.emailFailures ?? []).map(({ emailKey: _key, ...failure }) => ({
      ...failure,
      label: emailLabel(failure.template),
    })),
    unopenedCheckoutPayments: (state.unopenedCheckoutPayments ?? []).map((p) => ({
      purpose: p.purpose,
      amount: p.amount,
      receivedAt: p.receivedAt,
      provider: p.payment.provider,
      paymentId: p.payment.paymentId,
    })),
    clientActivity: clientActivity(state),
  };
}
