import { type RecordedOrderEvent } from '../events/event-reader.js';
import {
  type BriefFileCategory,
  type OrderSourceKey,
  type PaymentProviderKey,
  type PaymentPurpose,
  type PaymentRef,
  type RefundCause,
  type RefundPurpose,
  type GuaranteeRefundDecision,
  type OrderTerms,
  type PriceBreakdown,
  type PricingSelection,
} from '@coseso/event-schemas/order/order-values';
import { type MessageAuthor } from '@coseso/event-schemas/order/order-keys';
import { type EmailFailure } from './email-failures.js';
import { type OrderForm } from './order-form.js';
import { type OrderStatus } from './order-status.js';

/** A refund the team asked of the provider (RefundRequested), and its failure if it gave up (RefundFailed). */
export interface RefundRequest {
  readonly purpose: RefundPurpose;
  readonly payment: PaymentRef;
  readonly amount: number;
  readonly reason: string;
  readonly cause: RefundCause;
  readonly requestedAt: string;
  readonly failed: { readonly at: string; readonly error: string } | null;
}

/** Where the conversation stands: how many messages, and how far each side has read. */
export interface ConversationState {
  /** The last message's seq (messages are numbered 1, 2, 3…). */
  readonly messages: number;
  /** The last message each side has read; writing a message reads everything before it. */
  readonly readUpTo: Readonly<Record<MessageAuthor, number>>;
  readonly attachmentBytes: number;
}

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

/**
 * One preview sent to the client and what became of it: the client area keeps every round in view
 * (version, link, the team's note, the client's answer) instead of only the latest.
 */
export interface ReviewRound {
  readonly round: number;
  readonly url: string;
  /** The team's word sent with the preview; null for none. */
  readonly note: string | null;
  readonly sentAt: string;
  /** null while the client has not answered (or when a correction took the preview back). */
  readonly decision: 'approved' | 'changes_requested' | null;
  readonly feedback: string | null;
  readonly answeredAt: string | null;
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
  /** When it ended so. */
  readonly closedAt?: string;
}

/** A payment the order refused (its link was stale or expired), refunded through the provider. */
export interface RefundedPayment {
  readonly purpose: PaymentPurpose;
  readonly payment: PaymentRef;
  readonly amount: number;
  readonly refundId: string;
  readonly reason: string;
  readonly refundedAt: string;
}

/** A refund the provider reports of a payment the order accepted: a checkout's, or a renewal's. */
export interface ProviderRefund {
  readonly purpose: RefundPurpose;
  readonly payment: PaymentRef;
  readonly amount: number;
  readonly refundId: string;
  readonly reason: string;
  readonly refundedAt: string;
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
  /** When the order entered its status (the age of a wait). Absent in states stored before it existed. */
  readonly statusSince?: string;
  readonly currentStep: number;
  readonly form: OrderForm;
  readonly pricingSelection: PricingSelection | null;
  readonly formCompleted: boolean;
  readonly formCompletedAt: string | null;
  /** Completed, rhythm chosen, terms accepted and the first payment asked for: confirmed to the client once. */
  readonly placed: boolean;
  readonly price: PriceBreakdown | null;
  /** The catalogue version the price was computed at; null while unpriced. Absent in states stored before it existed. */
  readonly catalogueVersion?: number | null;
  /**
   * What else of that version the order is sold at (template name, deposit share, markup, hosting,
   * account manager); null while unpriced or when its completion recorded none (version 1's: read
   * them with `termsOf`). Absent in states stored before it existed.
   */
  readonly terms?: OrderTerms | null;
  readonly exportEligibleAt: string | null;
  readonly supportEnabled: boolean;
  readonly depositPaid: boolean;
  readonly firstPayment: (RecordedPayment & { kind: 'deposit' | 'setup_fee' }) | null;
  readonly finalPaymentDue: { kind: 'balance' | 'first_monthly'; amount: number } | null;
  readonly finalPaid: boolean;
  readonly finalPayment: RecordedPayment | null;
  /** The latest payment link of each purpose. */
  readonly checkouts: Partial<Record<PaymentPurpose, StartedCheckout>>;
  /**
   * When the order first asked for a payment (its first link, or the final payment's request): no
   * payment came in before. Absent until then, and in states stored before it existed.
   */
  readonly firstPaymentRequestedAt?: string;
  /** Payments refused by the order and refunded. Absent in states stored before it existed. */
  readonly refunds?: readonly RefundedPayment[];
  /**
   * Refunds the provider reports of payments the order accepted (and invoiced), each the part
   * refunded since the one before. Absent in states stored before it existed.
   */
  readonly providerRefunds?: readonly ProviderRefund[];
  /** The refunds the team asked of the provider (RefundRequested); absent until the first. */
  readonly refundRequests?: readonly RefundRequest[];
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
    /** Every preview sent, oldest first. Absent in states stored before it existed. */
    readonly rounds?: readonly ReviewRound[];
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
    /**
     * Those renewals' payments, with what each paid: what a refund of one is capped at. Absent in
     * states stored before it existed.
     */
    readonly renewalPayments?: readonly RecordedPayment[];
    readonly lastFailure: { readonly at: string; readonly reason: string | null } | null;
    /**
     * Ended at once with its order's cancellation (not by the client): a reactivation starts it
     * again (decision 132). Absent otherwise, and once a subscription starts.
     */
    readonly endedWithOrder?: true;
  };
  readonly cancellation: {
    readonly cancelledAt: string;
    readonly reason: string | null;
    readonly previousStatus: OrderStatus;
    /** What the guarantee gives back (OrderCancelled v2); absent in states stored before it existed. */
    readonly guaranteeRefund?: GuaranteeRefundDecision;
  } | null;
  /**
   * Payments refunded in full that the order no longer counts since a reactivation (the guarantee
   * gave them back, so they were owed again): still its own for the refunds reported late, and in
   * the books with their invoice and credit note. Absent until the first.
   */
  readonly returnedPayments?: readonly (RecordedPayment & { readonly purpose: RefundPurpose })[];
  /** The latest reactivation of the order, with the team's reason; absent until the first. */
  readonly reactivation?: { readonly reactivatedAt: string; readonly reason: string | null };
  /**
   * When the contact of an order that never became a client's was erased (OrderContactErased);
   * absent until then. Final: the order accepts no change afterwards.
   */
  readonly contactErasedAt?: string;
  /**
   * When the personal data of the client the order belongs to was erased (ClientDataErased, on the
   * client's stream): absent until then. Set by the readers that see both streams.
   */
  readonly clientDataErasedAt?: string;
  /** The emails of the order the queue gave up on (OrderEmailFailed); absent until the first. */
  readonly emailFailures?: readonly EmailFailure[];
  /** Signed payments naming the order for checkouts it never opened (UnopenedCheckoutPaid); absent until the first. */
  readonly unopenedCheckoutPayments?: readonly UnopenedCheckoutPayment[];
  /** The conversation between the client and the team; absent until its first message. */
  readonly conversation?: ConversationState;
}

/** A payment the order did not take: its checkout was not one the order opened. */
export interface UnopenedCheckoutPayment {
  readonly purpose: PaymentPurpose;
  readonly payment: PaymentRef;
  readonly amount: number;
  readonly receivedAt: string;
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
  catalogueVersion: null,
  terms: null,
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
    rounds: [],
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
    renewalPayments: [],
    lastFailure: null,
  },
  cancellation: null,
});
