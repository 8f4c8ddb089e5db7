import { type Actor } from '@coseso/event-schemas/envelope';
import {
  type BriefFileCategory,
  type PaymentPurpose,
  type OrderSourceKey,
  type PaymentRef,
  type PaymentProviderKey,
  type PricingSelection,
} from '@coseso/event-schemas/order/order-values';
import { type MessageChannel } from '@coseso/event-schemas/order/order-keys';
import { type CatalogueGrid } from '@coseso/event-schemas/catalogue/catalogue-events';
import { type AdminActionInput, type AdminActionKey } from './admin-action-keys.js';
import { type OrderForm } from './order-form.js';
import { type OrderStatus } from './order-status.js';

/**
 * Every command names who asks (`actor`) and when (`now`, ISO 8601): the decider has no clock.
 * Exported so that the phases' guards (decider/) can be named in their declarations.
 */
export interface Base<T extends string> {
  readonly type: T;
  readonly actor: Actor;
  readonly now: string;
}

/** A file sent with a message, checked and stored under a name of ours. */
export interface MessageAttachment {
  readonly fileId: string;
  /** As the sender named it, made safe for display. */
  readonly originalName: string;
  readonly storedName: string;
  readonly size: number;
  readonly mimeType: string;
  readonly kind: 'image' | 'document';
}

export type OrderCommand =
  | (Base<'CreateOrderDraft'> & {
      orderId: string;
      orderNumber: number;
      source: OrderSourceKey;
      form: OrderForm;
      pricingSelection?: PricingSelection;
    })
  | (Base<'SaveWizardProgress'> & { currentStep?: number; form: OrderForm })
  | (Base<'CompleteOrderForm'> & {
      form: OrderForm;
      /** The catalogue version in force, which prices the order; version 1's grid when absent. */
      catalogue?: {
        readonly version: number;
        readonly effectiveFrom: string | null;
        readonly grid: CatalogueGrid;
      };
      /** The version the visitor's recap showed: a price change since is told before anything is charged. */
      seenCatalogueVersion?: number | null;
    })
  | (Base<'RecordFirstPayment'> & { payment: PaymentRef; amount: number })
  | (Base<'SignContract'> & { signerName: string; documentSha256: string; ip: string | null })
  | Base<'OpenBrief'>
  | (Base<'UploadBriefFile'> & {
      file: {
        fileId: string;
        category: BriefFileCategory;
        originalName: string;
        storedName: string;
        size: number;
        mimeType: string;
        kind: 'image' | 'document';
      };
    })
  | (Base<'DeleteBriefFile'> & { fileId: string })
  | (Base<'SubmitBrief'> & { nothingToSend: boolean })
  | (Base<'ValidateBrief'> & { notes: string })
  | (Base<'RequestMoreElements'> & { message: string })
  | Base<'StartProduction'>
  | (Base<'SendReviewLink'> & { reviewUrl: string })
  | (Base<'RequestChanges'> & { feedback: string })
  | (Base<'CompleteChanges'> & { reviewUrl: string; note?: string | null })
  | (Base<'ApproveReview'> & {
      /** The client session it comes from, as a digest (for the approval receipt); null when unknown. */
      sessionRef?: string | null;
    })
  | Base<'RequestFinalPayment'>
  | Base<'ResendPaymentLink'>
  | (Base<'RecordFinalPayment'> & {
      payment: PaymentRef;
      amount: number;
      /** For monthly orders: the subscription the first payment starts. */
      subscription?: { subscriptionId: string; currentPeriodEnd: string };
    })
  | (Base<'FinalizeDelivery'> & { siteUrl: string })
  | (Base<'CancelOrder'> & {
      reason?: string | null;
      /**
       * Within the 14-day guarantee: whether the card payments are refunded through the provider (the
       * default) or not (the team's choice, said plainly to the client; no credit note). Unused after it.
       */
      refund?: boolean | null;
    })
  /** « Rembourser » on a payment the order holds: part or all of what is left of it, through the provider. */
  | (Base<'RequestRefund'> & { paymentId: string; amount: number; reason: string })
  /**
   * The provider reported a payment the order could not accept (a stale or expired link): refused,
   * and refunded afterwards by the reactor keyed by the refusal.
   */
  | (Base<'RecordPaymentRefusal'> & {
      purpose: PaymentPurpose;
      payment: PaymentRef;
      amount: number;
      reason: string;
      subscriptionId: string | null;
    })
  /**
   * A refund reactor gave up: on a RefundRequested, or on the refund of a PaymentRefused (`refused`):
   * recorded once, for the team to see.
   */
  | (Base<'RecordRefundFailure'> & {
      refused?: boolean;
      requestEventId: string;
      paymentId: string;
      amount: number;
      attempts: number;
      error: string;
    })
  /** The team says why the cancelled order resumes (history, panel, the client's email). */
  | (Base<'ReactivateOrder'> & { reason?: string | null })
  | (Base<'CorrectStatus'> & { to: OrderStatus; reason: string })
  /** The team corrects the contact's address (wrong, or no longer read), with a reason. */
  | (Base<'CorrectContactEmail'> & {
      email: string;
      reason: string;
      /** The events whose emails go again to the new address (checked against the order's sent emails by the caller). */
      resend?: readonly string[];
    })
  | (Base<'RecordSubscriptionRenewal'> & {
      subscriptionId: string;
      payment: PaymentRef;
      amount: number;
      /** The period paid for starts here (the provider's current_period_start). */
      currentPeriodStart?: string | null;
      currentPeriodEnd: string;
    })
  | (Base<'RecordSubscriptionPaymentFailure'> & { subscriptionId: string; reason: string | null })
  | (Base<'CancelSubscription'> & { reason?: string | null })
  /**
   * The subscription ended with its order's cancellation, started again at the provider for the
   * reactivated order (decision 132): the new one's id and the end of the month already paid.
   */
  | (Base<'RestartSubscription'> & {
      subscriptionId: string;
      provider: PaymentProviderKey;
      currentPeriodEnd: string;
    })
  | (Base<'StartCheckout'> & {
      purpose: PaymentPurpose;
      amount: number;
      provider: PaymentProviderKey;
      paymentId: string;
      url: string;
      expiresAt: string | null;
    })
  | (Base<'RecordCheckoutClosed'> & { paymentId: string; outcome: 'failed' | 'expired' })
  /** A payment the order refused (a stale or expired link), once the provider has refunded it. */
  | (Base<'RecordPaymentRefund'> & {
      purpose: PaymentPurpose;
      payment: PaymentRef;
      amount: number;
      refundId: string;
      reason: string;
    })
  /** A refund the provider reports of a payment (all refunded of it so far: its running total). */
  | (Base<'RecordProviderRefund'> & { payment: PaymentRef; refundedTotal: number; refundId: string })
  | (Base<'IssueContract'> & { documentSha256: string; templateVersion: number })
  | (Base<'LinkOrderToClient'> & { clientId: string })
  | (Base<'RecordAccountManagerPayment'> & { payment: PaymentRef; amount: number })
  /**
   * The right to be forgotten of a contact who never became a client (no payment, no account): the
   * handler destroys the order's key once the decider has accepted.
   */
  | (Base<'EraseOrderContact'> & {
      reason: string;
      /** Events of the order stored in clear before encryption existed (counted by the handler). */
      plaintextEvents: number;
    })
  /** A signed payment naming the order for a checkout it never opened (the provider, in any status). */
  | (Base<'RecordUnopenedCheckoutPayment'> & { purpose: PaymentPurpose; payment: PaymentRef; amount: number })
  /** The email queue gave up on an email of the order (the system, in any status). */
  | (Base<'RecordEmailFailure'> & {
      template: string;
      recipient: string;
      emailKey: string;
      since: string;
      attempts: number;
      error: string;
    })
  /**
   * A back-office action by its name, with what the admin typed: decided as the order command it
   * means on the order as it is then (the contract's signer, the amount of an offline payment…).
   */
  | (Base<'RunAdminAction'> & {
      action: Exclude<AdminActionKey, 'correct_status'>;
      input: AdminActionInput;
    })
  /** `PATCH /status`: decided as the command that takes the order from its status to `status`. */
  | (Base<'ChangeOrderStatus'> & { status: OrderStatus; input: AdminActionInput })
  /** Not a change of the order: the record that staff downloaded its evidence bundle. */
  /** A message of the order's conversation, by the client or the team (conversation.decider.ts). */
  | (Base<'PostMessage'> & {
      messageId: string;
      channel: MessageChannel;
      text: string;
      attachments: readonly MessageAttachment[];
    })
  /** The client, or the team, has read the conversation up to message `upTo`. */
  | (Base<'MarkMessagesRead'> & { upTo: number })
  | (Base<'RecordEvidenceExport'> & {
      manifestSha256: string;
      lastRevision: number;
      lastEventHash: string | null;
    });

export type OrderCommandType = OrderCommand['type'];
export type OrderCommandOf<T extends OrderCommandType> = Extract<OrderCommand, { type: T }>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A command as the application sends it: the runner adds who (`actor`) and when (`now`). */
export type OrderCommandInput = DistributiveOmit<OrderCommand, 'actor' | 'now'>;
