import { type RecordedOrderEvent } from '../events/event-reader.js';
import {
  type BriefFileCategory,
  type OrderSourceKey,
  type PaymentProviderKey,
  type PaymentPurpose,
  type PaymentRef,
  type PriceBreakdown,
  type PricingSelection,
} from '@coseso/event-schemas/order/order-values';
import { type OrderForm, mergeForm } from './order-form.js';
import { erasePersonalData } from './order-personal-data.js';
import { type OrderStatus } from './order-status.js';

export type ReviewStatus = 'pending' | 'approved' | 'changes_requested';
export type SubscriptionStatus = 'none' | 'active' | 'cancelled';

export interface BriefFile {
  readonly fileId: string;
  readonly category: BriefFileCategory;
  readonly originalName: string;
  readonly storedName: string;
  readonly size: number;
  readonly mimeType: string;
  readonly kind: 'image' | 'document';
  readonly uploadedAt: string;
}

/** What the client approved, when, and from where ("Maquette v2 validée le … par …"). */
export interface ApprovalReceipt {
  readonly round: number;
  /** The preview approved; null for approvals recorded before receipts were kept. */
  readonly reviewUrl: string | null;
  readonly approvedAt: string;
  /** The client account that approved. */
  readonly approvedBy: string;
  /** A digest naming the session it came from; null when unknown. */
  readonly sessionRef: string | null;
}

export interface StartedCheckout {
  readonly paymentId: string;
  readonly url: string;
  readonly amount: number;
  readonly provider: PaymentProviderKey;
  readonly expiresAt: string | null;
  readonly startedAt: string;
  /** Set when the link ended without payment. */
  readonly closed?: 'failed' | 'expired';
}

export interface RecordedPayment {
  readonly payment: PaymentRef;
  readonly amount: number;
  readonly paidAt: string;
}

/** Everything the decider needs to know about one order; JSON-serialisable (the order-detail read model stores it). */
export interface OrderState {
  readonly exists: boolean;
  readonly orderId: string;
  readonly orderNumber: number;
  readonly source: OrderSourceKey | null;
  readonly createdAt: string;
  readonly lastActivityAt: string;
  readonly status: OrderStatus;
  readonly currentStep: number;
  readonly form: OrderForm;
  readonly pricingSelection: PricingSelection | null;
  readonly formCompleted: boolean;
  readonly formCompletedAt: string | null;
  /** Completed, rhythm chosen, terms accepted and the first payment asked for: confirmed to the client once. */
  readonly placed: boolean;
  readonly price: PriceBreakdown | null;
  readonly exportEligibleAt: string | null;
  readonly supportEnabled: boolean;
  readonly depositPaid: boolean;
  readonly firstPayment: (RecordedPayment & { kind: 'deposit' | 'setup_fee' }) | null;
  readonly finalPaymentDue: { kind: 'balance' | 'first_monthly'; amount: number } | null;
  readonly finalPaid: boolean;
  readonly finalPayment: RecordedPayment | null;
  /** The latest payment link of each purpose. */
  readonly checkouts: Partial<Record<PaymentPurpose, StartedCheckout>>;
  readonly clientId: string | null;
  readonly accountManager: boolean;
  readonly accountManagerPayment: RecordedPayment | null;
  readonly contract: {
    readonly issuedSha256: string | null;
    readonly issuedAt: string | null;
    readonly signed: boolean;
    readonly signedAt: string | null;
    readonly signerName: string | null;
    readonly documentSha256: string | null;
    readonly forced: boolean;
  };
  readonly brief: {
    readonly files: readonly BriefFile[];
    readonly submitted: boolean;
    readonly submittedAt: string | null;
    readonly nothingToSend: boolean;
    readonly validated: boolean;
    readonly validatedAt: string | null;
    readonly validatedBy: string | null;
    readonly notes: string | null;
    readonly moreElementsMessage: string | null;
  };
  readonly review: {
    readonly status: ReviewStatus;
    readonly round: number;
    readonly url: string | null;
    readonly note: string | null;
    readonly feedback: string | null;
    readonly respondedAt: string | null;
    /** The receipt of the client's approval of the current preview; null until then. Absent in states stored before it existed. */
    readonly approval?: ApprovalReceipt | null;
  };
  readonly delivery: { readonly siteUrl: string | null; readonly deliveredAt: string | null };
  readonly subscription: {
    readonly status: SubscriptionStatus;
    readonly id: string | null;
    /** What each month is charged, VAT included (the event's monthlyAmount, named after its meaning). */
    readonly monthlyWithVat: number | null;
    readonly startedAt: string | null;
    readonly currentPeriodEnd: string | null;
    readonly expiresAt: string | null;
    readonly renewalPaymentIds: readonly string[];
    readonly lastFailure: { readonly at: string; readonly reason: string | null } | null;
  };
  readonly cancellation: {
    readonly cancelledAt: string;
    readonly reason: string | null;
    readonly previousStatus: OrderStatus;
  } | null;
  /**
   * When the contact of an order that never became a client's was erased (OrderContactErased);
   * absent until then. Final: the order accepts no change afterwards.
   */
  readonly contactErasedAt?: string;
}

/** An order event as stored: the domain reads when and by whom from the metadata. */
export type { RecordedOrderEvent };

export const initialOrderState = (): OrderState => ({
  exists: false,
  orderId: '',
  orderNumber: 0,
  source: null,
  createdAt: '',
  lastActivityAt: '',
  status: 'pending',
  currentStep: 1,
  form: {},
  pricingSelection: null,
  formCompleted: false,
  formCompletedAt: null,
  placed: false,
  price: null,
  exportEligibleAt: null,
  supportEnabled: false,
  depositPaid: false,
  firstPayment: null,
  finalPaymentDue: null,
  finalPaid: false,
  finalPayment: null,
  checkouts: {},
  clientId: null,
  accountManager: false,
  accountManagerPayment: null,
  contract: {
    issuedSha256: null,
    issuedAt: null,
    signed: false,
    signedAt: null,
    signerName: null,
    documentSha256: null,
    forced: false,
  },
  brief: {
    files: [],
    submitted: false,
    submittedAt: null,
    nothingToSend: false,
    validated: false,
    validatedAt: null,
    validatedBy: null,
    notes: null,
    moreElementsMessage: null,
  },
  review: {
    status: 'pending',
    round: 0,
    url: null,
    note: null,
    feedback: null,
    respondedAt: null,
    approval: null,
  },
  delivery: { siteUrl: null, deliveredAt: null },
  subscription: {
    status: 'none',
    id: null,
    monthlyWithVat: null,
    startedAt: null,
    currentPeriodEnd: null,
    expiresAt: null,
    renewalPaymentIds: [],
    lastFailure: null,
  },
  cancellation: null,
});

export function evolve(state: OrderState, event: RecordedOrderEvent): OrderState {
  const at = event.metadata.occurredAt;
  const s: OrderState = { ...state, lastActivityAt: at };
  switch (event.type) {
    case 'OrderDraftCreated':
      return {
        ...s,
        exists: true,
        orderId: event.data.orderId,
        orderNumber: event.data.orderNumber,
        source: event.data.source,
        createdAt: at,
        status: 'pending',
        form: event.data.form,
        pricingSelection: event.data.pricingSelection ?? null,
      };
    case 'WizardStepSaved':
      return {
        ...s,
        form: mergeForm(s.form, event.data.changes),
        currentStep: event.data.currentStep ?? s.currentStep,
      };
    case 'OrderFormCompleted':
      return {
        ...s,
        status: 'contract_ready_for_signature',
        formCompleted: true,
        formCompletedAt: at,
        price: event.data.price,
        exportEligibleAt: event.data.exportEligibleAt,
        supportEnabled: event.data.supportEnabled,
      };
    case 'OrderFormReopened':
      return { ...s, status: 'pending', formCompleted: false, formCompletedAt: null, price: null };
    case 'DepositPaid':
    case 'SetupFeePaid':
      return {
        ...s,
        depositPaid: true,
        firstPayment: {
          ...event.data,
          paidAt: at,
          kind: event.type === 'DepositPaid' ? 'deposit' : 'setup_fee',
        },
      };
    case 'ContractSigned':
      return {
        ...s,
        status: 'contract_signed',
        contract: {
          ...s.contract,
          signed: true,
          signedAt: event.data.signedAt,
          signerName: event.data.signerName,
          documentSha256: event.data.documentSha256,
          forced: false,
        },
      };
    case 'BriefOpened':
      return { ...s, status: 'brief_pending' };
    case 'BriefFileUploaded':
      return { ...s, brief: { ...s.brief, files: [...s.brief.files, { ...event.data, uploadedAt: at }] } };
    case 'BriefFileDeleted':
      return {
        ...s,
        brief: { ...s.brief, files: s.brief.files.filter((f) => f.fileId !== event.data.fileId) },
      };
    case 'BriefSubmitted':
      return {
        ...s,
        status: 'brief',
        brief: {
          ...s.brief,
          submitted: true,
          submittedAt: at,
          nothingToSend: event.data.nothingToSend,
          validated: false,
        },
      };
    case 'BriefValidated':
      return {
        ...s,
        brief: {
          ...s.brief,
          validated: true,
          validatedAt: at,
          validatedBy: event.metadata.actor.id,
          notes: event.data.notes,
        },
      };
    case 'MoreElementsRequested':
      return {
        ...s,
        status: 'brief_pending',
        brief: {
          ...s.brief,
          submitted: false,
          validated: false,
          validatedAt: null,
          validatedBy: null,
          moreElementsMessage: event.data.message,
        },
      };
    case 'ProductionStarted':
      return { ...s, status: 'in_progress' };
    case 'ReviewRequested':
      return {
        ...s,
        status: 'en_revision',
        review: {
          status: 'pending',
          round: event.data.round,
          url: event.data.reviewUrl,
          note: null,
          feedback: null,
          respondedAt: null,
          approval: null,
        },
      };
    case 'ChangesRequested':
      return {
        ...s,
        status: 'revision_changes_requested',
        review: { ...s.review, status: 'changes_requested', feedback: event.data.feedback, respondedAt: at },
      };
    case 'ChangesCompleted':
      return {
        ...s,
        status: 'en_revision',
        review: {
          status: 'pending',
          round: event.data.round,
          url: event.data.reviewUrl,
          note: event.data.note,
          feedback: s.review.feedback,
          respondedAt: null,
          approval: null,
        },
      };
    case 'ReviewApproved':
      return {
        ...s,
        review: {
          ...s.review,
          status: 'approved',
          respondedAt: at,
          approval: {
            round: event.data.round,
            reviewUrl: event.data.reviewUrl ?? s.review.url,
            approvedAt: at,
            approvedBy: event.metadata.actor.id,
            sessionRef: event.data.sessionRef,
          },
        },
      };
    case 'FinalPaymentRequested':
      return {
        ...s,
        status: event.data.kind === 'balance' ? 'awaiting_balance_payment' : 'awaiting_first_monthly_payment',
        finalPaymentDue: { kind: event.data.kind, amount: event.data.amount },
      };
    case 'BalancePaid':
    case 'FirstMonthlyPaymentPaid':
      return { ...s, finalPaid: true, finalPayment: { ...event.data, paidAt: at } };
    case 'MarkedReadyForDelivery':
      return { ...s, status: 'ready_for_delivery' };
    case 'Delivered':
      return { ...s, status: 'delivered', delivery: { siteUrl: event.data.siteUrl, deliveredAt: at } };
    case 'OrderCancelled':
      return {
        ...s,
        status: 'cancelled',
        cancellation: {
          cancelledAt: at,
          reason: event.data.reason,
          previousStatus: event.data.previousStatus,
        },
      };
    case 'OrderReactivated':
      return { ...s, status: 'brief_pending', cancellation: null };
    case 'StatusCorrected':
      return correct(s, event.data.to);
    case 'SubscriptionStarted':
      return {
        ...s,
        subscription: {
          ...s.subscription,
          status: 'active',
          id: event.data.subscriptionId,
          monthlyWithVat: event.data.monthlyAmount,
          startedAt: at,
          currentPeriodEnd: event.data.currentPeriodEnd,
          expiresAt: null,
        },
      };
    case 'SubscriptionRenewed':
      return {
        ...s,
        subscription: {
          ...s.subscription,
          currentPeriodEnd: event.data.currentPeriodEnd,
          renewalPaymentIds: [...s.subscription.renewalPaymentIds, event.data.payment.paymentId],
          lastFailure: null,
        },
      };
    case 'SubscriptionPaymentFailed':
      return { ...s, subscription: { ...s.subscription, lastFailure: { at, reason: event.data.reason } } };
    case 'SubscriptionCancelled':
      return {
        ...s,
        subscription: { ...s.subscription, status: 'cancelled', expiresAt: event.data.expiresAt },
      };
    case 'CheckoutStarted': {
      const { purpose, ...checkout } = event.data;
      return { ...s, checkouts: { ...s.checkouts, [purpose]: { ...checkout, startedAt: at } } };
    }
    case 'OrderPlaced':
      return { ...s, placed: true };
    case 'CheckoutClosed': {
      const checkout = s.checkouts[event.data.purpose];
      if (checkout?.paymentId !== event.data.paymentId) return s;
      return {
        ...s,
        checkouts: { ...s.checkouts, [event.data.purpose]: { ...checkout, closed: event.data.outcome } },
      };
    }
    case 'ContractIssued':
      return { ...s, contract: { ...s.contract, issuedSha256: event.data.documentSha256, issuedAt: at } };
    case 'OrderLinkedToClient':
      return { ...s, clientId: event.data.clientId };
    case 'AccountManagerAdded':
      return { ...s, accountManager: true, accountManagerPayment: { ...event.data, paidAt: at } };
    case 'EvidenceBundleExported':
      // Staff reading the order's evidence is not activity on it: nothing moves, not even its date.
      return state;
    case 'OrderContactErased':
      // What its events read once erased; its amounts, status and dates stay (not activity on it).
      return { ...erasePersonalData(state), contactErasedAt: at };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** What a correction resets, beyond the status (spec §4.5: back to brief means the brief is no longer validated). */
function correct(s: OrderState, to: OrderStatus): OrderState {
  switch (to) {
    case 'brief':
      return {
        ...s,
        status: to,
        brief: { ...s.brief, validated: false, validatedAt: null, validatedBy: null },
      };
    case 'in_progress':
      return {
        ...s,
        status: to,
        finalPaymentDue: null,
        review: { ...s.review, status: 'pending', approval: null },
      };
    case 'contract_signed':
      return { ...s, status: to, contract: { ...s.contract, signed: true, signedAt: null, forced: true } };
    default:
      return { ...s, status: to };
  }
}

export const foldOrder = (events: readonly RecordedOrderEvent[], from: OrderState = initialOrderState()) =>
  events.reduce(evolve, from);
