import { z } from 'zod';
import {
  briefFileCategories,
  paymentProviders,
  paymentPurposes,
  refundPurposes,
  guaranteeRefundDecisions,
  refundCauses,
  cents,
  orderFormSchema,
  orderSources,
  orderStatusSchema,
  paymentRefSchema,
  orderTermsSchema,
  priceBreakdownSchema,
  pricingSelectionSchema,
} from './order-values.js';
import { billingPeriods, messageAuthors, messageChannels } from './order-keys.js';

// One entry per event type of the order stream (`order-<orderId>`), at its current version.
// `meaning` and `emittedBy` are the auditors' reference (README.md is generated from them).

const url = z.string().min(1).max(2000);
const reason = z.string().min(1).max(2000);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const orderEventDefinitions = {
  OrderDraftCreated: {
    schemaVersion: 1,
    emittedBy: 'visitor (landing page, pricing page, older landing)',
    meaning: 'An empty order was started; the wizard is reachable by its id. Status becomes pending.',
    data: z.strictObject({
      orderId: z.uuid(),
      orderNumber: z
        .int()
        .min(1)
        .meta({ description: 'Short sequential number for people ("Commande #1042")' }),
      source: z.enum(orderSources),
      form: orderFormSchema.meta({ description: 'The fields the starting page sent (usually empty)' }),
      pricingSelection: pricingSelectionSchema.optional().meta({ description: 'Plan chosen on /pricing' }),
    }),
  },
  WizardStepSaved: {
    schemaVersion: 1,
    emittedBy: 'visitor (wizard autosave, step change, explicit save)',
    meaning:
      'Wizard data changed. Holds only the fields that changed; a save that changes nothing appends nothing.',
    data: z.strictObject({
      currentStep: z.int().min(1).max(8).optional(),
      changes: orderFormSchema.meta({
        description: 'Changed fields only; nested option objects hold only their changed flags',
      }),
    }),
  },
  OrderFormCompleted: {
    schemaVersion: 1,
    emittedBy: 'visitor (last wizard step)',
    meaning:
      'The wizard passed the server-side validation and the server computed the price. Status becomes contract_ready_for_signature (admin label "Paiement requis").',
    data: z.strictObject({
      price: priceBreakdownSchema,
      exportEligibleAt: z.iso.datetime().nullable().meta({
        description:
          'a year after completion for monthly billing, on the Paris calendar (365 days in earlier events), else null',
      }),
      supportEnabled: z.boolean().meta({ description: 'Live training chosen' }),
      catalogueVersion: z.int().min(1).optional().meta({
        description:
          'The catalogue version the price was computed at (docs/adr/0123-the-catalogue-is-a-stream-of-versions.md); absent in events written before the catalogue had versions, all priced at version 1',
      }),
      terms: orderTermsSchema.optional().meta({
        description:
          "What else of that version the order is sold at: the template's name, the deposit share, the monthly markup, what the hosting includes, the account manager's price. Absent in events written before 2026-12-07, when no version could change them: version 1's (docs/adr/0139-an-order-carries-the-terms-of-its-catalogue-version.md). An optional field: every event written before validates as it was",
      }),
    }),
  },
  OrderFormReopened: {
    schemaVersion: 1,
    emittedBy: 'visitor (edits the wizard again before any payment)',
    meaning:
      'The completed form was edited before any payment: status back to pending; it must be completed again and the price is recomputed.',
    data: z.strictObject({}),
  },
  DepositPaid: {
    schemaVersion: 1,
    emittedBy: 'provider (payment webhook)',
    meaning: 'The 50% deposit of a yearly order was paid. Sets depositPaid; status unchanged.',
    data: z.strictObject({
      payment: paymentRefSchema,
      amount: cents.meta({ description: 'Amount paid, VAT included, cents' }),
    }),
  },
  SetupFeePaid: {
    schemaVersion: 1,
    emittedBy: 'provider (payment webhook)',
    meaning:
      'The setup fee of a monthly order was paid (its first payment). Sets depositPaid; status unchanged.',
    data: z.strictObject({ payment: paymentRefSchema, amount: cents }),
  },
  ContractSigned: {
    schemaVersion: 1,
    emittedBy: 'client (or admin once the first payment is in)',
    meaning: 'The electronic contract was signed. Status becomes contract_signed.',
    data: z.strictObject({
      signerName: z.string().min(1).max(200),
      documentSha256: z.string().regex(/^[0-9a-f]{64}$/),
      signedAt: z.iso.datetime(),
      ip: z.string().max(64).nullable(),
    }),
  },
  BriefOpened: {
    schemaVersion: 1,
    emittedBy: 'admin',
    meaning: 'The client is asked for the brief and files. Status becomes brief_pending.',
    data: z.strictObject({}),
  },
  BriefFileUploaded: {
    schemaVersion: 1,
    emittedBy: 'client',
    meaning: 'A brief file was stored. Status unchanged.',
    data: z.strictObject({
      fileId: z.uuid(),
      category: z.enum(briefFileCategories),
      originalName: z.string().min(1).max(255),
      storedName: z.string().min(1).max(255),
      size: z.int().min(1).meta({ description: 'Bytes' }),
      mimeType: z.string().max(100),
      kind: z.enum(['image', 'document']),
    }),
  },
  BriefFileDeleted: {
    schemaVersion: 1,
    emittedBy: 'client',
    meaning: 'A brief file was removed. Status unchanged.',
    data: z.strictObject({ fileId: z.uuid() }),
  },
  BriefSubmitted: {
    schemaVersion: 1,
    emittedBy: 'client',
    meaning: 'The client sent the brief (files, or confirmed having nothing to send). Status becomes brief.',
    data: z.strictObject({ nothingToSend: z.boolean(), fileCount: z.int().min(0) }),
  },
  BriefValidated: {
    schemaVersion: 1,
    emittedBy: 'admin',
    meaning:
      'The team accepted the brief, so production may start. Records date (metadata), notes and the admin (actor).',
    data: z.strictObject({ notes: z.string().max(5000) }),
  },
  MoreElementsRequested: {
    schemaVersion: 1,
    emittedBy: 'admin',
    meaning: 'The team needs more elements. Status back to brief_pending; the brief is no longer validated.',
    data: z.strictObject({ message: reason }),
  },
  ProductionStarted: {
    schemaVersion: 1,
    emittedBy: 'admin',
    meaning: 'The site is being built. Status becomes in_progress.',
    data: z.strictObject({}),
  },
  ReviewRequested: {
    schemaVersion: 1,
    emittedBy: 'admin',
    meaning:
      'A preview was sent to the client for review. Status becomes en_revision; review status pending.',
    data: z.strictObject({ reviewUrl: url, round: z.int().min(1) }),
  },
  ChangesRequested: {
    schemaVersion: 1,
    emittedBy: 'client',
    meaning: 'The client asked for changes. Status becomes revision_changes_requested.',
    data: z.strictObject({ feedback: reason, round: z.int().min(1) }),
  },
  ChangesCompleted: {
    schemaVersion: 1,
    emittedBy: 'admin',
    meaning:
      'The changes are done and a new preview is sent. Status back to en_revision; the revision round goes up by one.',
    data: z.strictObject({ reviewUrl: url, note: z.string().max(2000).nullable(), round: z.int().min(2) }),
  },
  ReviewApproved: {
    schemaVersion: 2,
    emittedBy: 'client',
    meaning:
      'The client approved the preview. Review status approved; status unchanged. It is the approval receipt: the round and the review URL approved, and the client session it came from (a digest, never the session itself); who and when are in the metadata. Version 1 held the round only (upcast with null URL and session).',
    data: z.strictObject({
      round: z.int().min(1),
      reviewUrl: url.nullable(),
      sessionRef: z
        .string()
        .regex(/^[0-9a-f]{32}$/)
        .nullable()
        .meta({ description: 'A digest naming the client session; null when unknown' }),
    }),
  },
  FinalPaymentRequested: {
    schemaVersion: 1,
    emittedBy: 'admin',
    meaning:
      'After approval, the client is asked for the balance (yearly: status awaiting_balance_payment) or the first month (monthly: status awaiting_first_monthly_payment).',
    data: z.strictObject({
      kind: z.enum(['balance', 'first_monthly']),
      amount: cents.meta({ description: 'Amount due, VAT included' }),
    }),
  },
  PaymentLinkResent: {
    schemaVersion: 1,
    emittedBy: 'admin',
    meaning:
      'The team sent the client a new link to the final payment awaited (the balance, or the first month), usually after an attempt that failed; the client is emailed.',
    data: z.strictObject({
      kind: z.enum(['balance', 'first_monthly']),
      amount: cents.meta({ description: 'Amount due, VAT included' }),
    }),
  },
  BalancePaid: {
    schemaVersion: 1,
    emittedBy: 'provider (payment webhook) or admin (offline payment)',
    meaning: 'The 50% balance of a yearly order was paid. Sets finalPaid.',
    data: z.strictObject({ payment: paymentRefSchema, amount: cents }),
  },
  FirstMonthlyPaymentPaid: {
    schemaVersion: 1,
    emittedBy: 'provider (payment webhook) or admin (offline payment)',
    meaning: 'The first month of a monthly order was paid. Sets finalPaid.',
    data: z.strictObject({ payment: paymentRefSchema, amount: cents }),
  },
  MarkedReadyForDelivery: {
    schemaVersion: 1,
    emittedBy: 'system (after the final payment)',
    meaning: 'Money is in: the site may go live. Status becomes ready_for_delivery.',
    data: z.strictObject({}),
  },
  Delivered: {
    schemaVersion: 1,
    emittedBy: 'admin',
    meaning: 'The site is live at siteUrl and the client is notified. Status becomes delivered (final).',
    data: z.strictObject({ siteUrl: url }),
  },
  OrderCancelled: {
    schemaVersion: 2,
    emittedBy: 'admin',
    meaning:
      'The order was cancelled. Status becomes cancelled. guaranteeRefund says what the 14-day guarantee gives back: requested (the card payments are refunded through the provider: one RefundRequested per payment follows in the same command, and each credit note follows its refund), declined (the team chose no refund: no credit note), none_due (nothing for the provider to give back: outside the guarantee, nothing paid, or only payments received by hand). Version 1 had no such choice (upcast as legacy: within the guarantee its invoices were credited and no money moved).',
    data: z.strictObject({
      reason: z.string().max(2000).nullable(),
      previousStatus: orderStatusSchema,
      guaranteeRefund: z.enum(guaranteeRefundDecisions),
    }),
  },
  OrderReactivated: {
    schemaVersion: 3,
    emittedBy: 'admin',
    meaning:
      'A cancelled order was resumed, for the reason the team gave (shown in the history and on the panel; null only for a version 1 reactivation, which asked none). Status becomes `status`: the one the order had when cancelled, or the nearest the workflow allows (decision 126). firstPaymentOwed: its first payment (deposit or setup fee) was refunded in full, so it is owed again; finalPaymentOwed: likewise for its final payment (balance or first month). A payment so given back stays in the books with its invoice and credit note. Versions 1 and 2 always resumed at brief_pending and owed nothing again.',
    data: z.strictObject({
      reason: reason.nullable(),
      status: orderStatusSchema,
      firstPaymentOwed: z.boolean(),
      finalPaymentOwed: z.boolean(),
    }),
  },
  StatusCorrected: {
    schemaVersion: 1,
    emittedBy: 'admin',
    meaning:
      'An exceptional correction outside the normal flow (e.g. back from in_progress to brief, or forcing contract_signed without the payment check). Always carries a reason.',
    data: z.strictObject({ from: orderStatusSchema, to: orderStatusSchema, reason }),
  },
  CheckoutStarted: {
    schemaVersion: 1,
    emittedBy: 'visitor or client (a payment button)',
    meaning:
      'A payment link was created at the provider for an amount the server computed. Nothing is paid yet; the outcome arrives by webhook.',
    data: z.strictObject({
      purpose: z.enum(paymentPurposes),
      amount: cents.meta({ description: 'VAT included' }),
      provider: z.enum(paymentProviders),
      paymentId: z.string().min(1).max(200),
      url: z.string().min(1).max(2000),
      expiresAt: z.iso.datetime().nullable(),
    }),
  },
  OrderPlaced: {
    schemaVersion: 1,
    emittedBy: 'visitor (the first payment button of a completed order)',
    meaning:
      'The visitor completed the wizard, chose the payment rhythm, accepted the terms and asked for the first payment link: the order is placed. Once per order, with the first CheckoutStarted of the deposit or setup fee; the order confirmation email follows it. Status unchanged.',
    data: z.strictObject({
      billingPeriod: z.enum(billingPeriods).meta({ description: 'The rhythm chosen when placing' }),
    }),
  },
  CheckoutClosed: {
    schemaVersion: 1,
    emittedBy: 'provider (payment webhook)',
    meaning:
      'A payment link ended without payment: the payment failed or the link expired. Paying needs a new link.',
    data: z.strictObject({
      purpose: z.enum(paymentPurposes),
      paymentId: z.string().min(1).max(200),
      outcome: z.enum(['failed', 'expired']),
    }),
  },
  PaymentRefunded: {
    schemaVersion: 2,
    emittedBy: 'provider (payment webhook)',
    meaning:
      'A payment was refunded through the provider: one the order could not accept (its link was stale or expired: the order changed, was already paid or is no longer waiting for it), refunded in full by the app; or one the order had accepted, refunded at the provider in full or in part (amount: the part refunded since the last one recorded), whose invoice a credit note corrects for that amount; a monthly renewal among them (purpose renewal). Nothing else changes. Version 1 could not name a renewal (upcast unchanged).',
    data: z.strictObject({
      purpose: z.enum(refundPurposes).meta({
        description: "What the payment was for: a checkout's purpose, or a subscription's renewal",
      }),
      payment: paymentRefSchema,
      amount: cents.meta({ description: 'Amount refunded, VAT included, cents' }),
      refundId: z.string().min(1).max(200).meta({ description: "The provider's id of the refund" }),
      reason: reason.meta({
        description: 'Why the order refused the payment, or that the provider refunded it, in French',
      }),
    }),
  },
  RefundRequested: {
    schemaVersion: 1,
    emittedBy:
      "admin (a cancellation within the 14-day guarantee, or « Rembourser » on a payment in the order's panel)",
    meaning:
      "The team asked the provider to refund (part of) a payment the order holds. The order is otherwise unchanged: a reactor keyed by this event calls the provider afterwards (retried; RefundFailed if it gives up), and the provider's report of the refund (charge.refunded) records PaymentRefunded, whose credit note corrects the payment's invoice.",
    data: z.strictObject({
      purpose: z.enum(refundPurposes).meta({ description: 'What the payment was for' }),
      payment: paymentRefSchema,
      amount: cents.min(1).meta({ description: 'Amount to refund, VAT included, cents' }),
      reason: reason.meta({ description: "Why, in French: the guarantee, or the team's reason" }),
      cause: z.enum(refundCauses),
    }),
  },
  PaymentRefused: {
    schemaVersion: 1,
    emittedBy: 'provider (payment webhook)',
    meaning:
      'The provider reported a payment on a checkout the order opened, and the order could not accept it (its link was stale or expired: the order changed, was already paid or is no longer waiting for it): the money is not kept. Nothing of the order changes: a reactor keyed by this event refunds it through the provider afterwards (ending first the subscription a first month started), which records PaymentRefunded; RefundFailed if it gives up.',
    data: z.strictObject({
      purpose: z.enum(paymentPurposes).meta({ description: 'What the checkout was for' }),
      payment: paymentRefSchema,
      amount: cents.meta({ description: 'Amount the provider reported as paid, VAT included, cents' }),
      reason: reason.meta({ description: 'Why the order refused the payment, in French' }),
      subscriptionId: z
        .string()
        .min(1)
        .max(200)
        .nullable()
        .meta({ description: 'The subscription a first month started at the provider, to end first' }),
    }),
  },
  RefundFailed: {
    schemaVersion: 1,
    emittedBy: 'system (the refund reactors, when a refund has used up its retries)',
    meaning:
      'A refund could not be made at the provider: every attempt failed. One the team asked for (RefundRequested), or that of a payment the order refused (PaymentRefused). Nothing was refunded and no credit note is issued; the order shows it to the team, who may ask again (or refund at the provider a refused payment). The order is otherwise unchanged.',
    data: z.strictObject({
      requestEventId: z
        .string()
        .min(1)
        .max(200)
        .meta({ description: 'The RefundRequested or PaymentRefused it answers' }),
      paymentId: z.string().min(1).max(200),
      amount: cents,
      attempts: z.int().min(1),
      error: z.string().max(1000).meta({ description: "The last attempt's error, as the provider gave it" }),
    }),
  },
  ContractIssued: {
    schemaVersion: 1,
    emittedBy: 'system (after the first payment) or client/admin (create-contract)',
    meaning:
      'The contract document to sign was generated; the client signs exactly this document (its SHA-256).',
    data: z.strictObject({
      documentSha256: z.string().regex(/^[0-9a-f]{64}$/),
      templateVersion: z.int().min(1),
    }),
  },
  OrderLinkedToClient: {
    schemaVersion: 1,
    emittedBy: 'system (after the first payment)',
    meaning: "The order belongs to this client account: it appears in the client's area.",
    data: z.strictObject({ clientId: z.uuid() }),
  },
  AccountManagerAdded: {
    schemaVersion: 1,
    emittedBy: 'provider (payment webhook)',
    meaning: 'The client paid for a dedicated account manager.',
    data: z.strictObject({ payment: paymentRefSchema, amount: cents }),
  },
  SubscriptionStarted: {
    schemaVersion: 1,
    emittedBy: 'provider (payment webhook) or admin',
    meaning:
      'The monthly subscription is active and renews at the end of each period: every calendar month (every 30 days for subscriptions started before 2026-12-06).',
    data: z.strictObject({
      subscriptionId: z.string().min(1).max(200),
      provider: paymentRefSchema.shape.provider,
      monthlyAmount: cents.meta({ description: 'Recurring amount, VAT included' }),
      currentPeriodEnd: z.iso.datetime(),
    }),
  },
  SubscriptionRenewed: {
    schemaVersion: 2,
    emittedBy: 'provider (payment webhook)',
    meaning:
      "A monthly renewal was paid, for the subscription's own period at the provider (currentPeriodStart to currentPeriodEnd, a calendar month, starting where the previous one ended). Version 1 held the period's end only (upcast with a null start: the invoice then names no period).",
    data: z.strictObject({
      subscriptionId: z.string().min(1).max(200),
      payment: paymentRefSchema,
      amount: cents,
      currentPeriodStart: z.iso.datetime().nullable().meta({
        description:
          "The period paid for starts here (the provider's current_period_start); null in version 1",
      }),
      currentPeriodEnd: z.iso.datetime(),
    }),
  },
  SubscriptionPaymentFailed: {
    schemaVersion: 1,
    emittedBy: 'provider (payment webhook)',
    meaning: 'A renewal payment failed; the client is told to update the card.',
    data: z.strictObject({
      subscriptionId: z.string().min(1).max(200),
      reason: z.string().max(500).nullable(),
    }),
  },
  SubscriptionCancelled: {
    schemaVersion: 1,
    emittedBy: 'client, admin or provider; with OrderCancelled when the order is cancelled',
    meaning:
      'The subscription will not renew; the site stays online until expiresAt. Ended with its order: ends at once, expiresAt is the cancellation.',
    data: z.strictObject({
      subscriptionId: z.string().min(1).max(200),
      reason: z.string().max(2000).nullable(),
      expiresAt: z.iso.datetime(),
      endedWithOrder: z.literal(true).optional().meta({
        description:
          'Ended at once at the provider because its order was cancelled (absent before this field existed)',
      }),
    }),
  },
  EvidenceBundleExported: {
    schemaVersion: 1,
    emittedBy: 'admin or auditor (downloading the evidence bundle)',
    meaning:
      "Someone of the agency's staff downloaded the order's evidence bundle (disputes, chargebacks). The record of a read, not a change: the order is unchanged. The bundle holds the stream's events up to lastRevision (not this one); manifestSha256 is the SHA-256 of its manifest.json, which lists the SHA-256 of every other file.",
    data: z.strictObject({
      manifestSha256: sha256.meta({ description: 'SHA-256 of the manifest.json of the bundle downloaded' }),
      lastRevision: z.int().min(0).meta({ description: 'The last event of the stream the bundle holds' }),
      lastEventHash: sha256
        .nullable()
        .meta({ description: "That event's link in the hash chain; null for an event without one" }),
    }),
  },
  OrderContactErased: {
    schemaVersion: 1,
    emittedBy:
      'admin (right to be forgotten of a visitor who never paid, behind a confirmation and a reason)',
    meaning:
      "The personal data of the contact of an order that never became a client's (no payment, no account) was erased: the order's contact key was destroyed, so the personal fields of its events read \"données effacées\" from now on (amounts, statuses and dates stay). The order accepts no change afterwards. Final. A client's orders are erased with the client (ClientDataErased).",
    data: z.strictObject({
      reason,
      plaintextEvents: z.int().min(0).meta({
        description:
          'Events of the order written before encryption existed: the log keeps their personal fields as written (it is never rewritten), though every reader shows them erased',
      }),
    }),
  },
  OrderEmailFailed: {
    schemaVersion: 1,
    emittedBy: 'system (the email queue, when an email of the order has used up its retries)',
    meaning:
      'An email of the order could not be delivered: every attempt failed, and it stays in the failed jobs of /admin/operations. The order shows it to the team (which email, to which address, since when). The order is otherwise unchanged.',
    data: z.strictObject({
      template: z.string().min(1).max(100).meta({ description: 'The email template, e.g. payment-receipt' }),
      recipient: z.string().max(320).meta({ description: 'The address it was sent to' }),
      emailKey: z
        .string()
        .min(1)
        .max(400)
        .meta({ description: 'The email job (its idempotency key): one event per email' }),
      since: z.iso.datetime().meta({ description: 'When the email was first asked for' }),
      attempts: z.int().min(1).meta({ description: 'How many sends were tried' }),
      error: z
        .string()
        .max(1000)
        .meta({ description: "The last attempt's error, as the mail server gave it" }),
    }),
  },
  UnopenedCheckoutPaid: {
    schemaVersion: 1,
    emittedBy: 'provider (payment webhook)',
    meaning:
      "A signed payment of the provider named this order, yet for a checkout the order never opened (another order's, or one made outside the app): it is not the order's payment, and nothing of the order changes. The order shows it to the team as a warning, to look at with the provider (refund it there if it was really charged).",
    data: z.strictObject({
      purpose: z.enum(paymentPurposes).meta({ description: 'What the checkout said it was for' }),
      payment: paymentRefSchema,
      amount: cents.meta({ description: 'Amount the provider reported as paid, VAT included, cents' }),
    }),
  },
  ContactEmailCorrected: {
    schemaVersion: 2,
    emittedBy: 'admin (the address was wrong or no longer reaches the client)',
    meaning:
      "The team corrected the order's contact email, with a reason, and chose which emails already sent go again to the new address (resend). The order's emails go to the new address from now on; when the order has a client account, the account's login moves to it too (ClientEmailChanged) and the account email is sent there again. What follows is a job keyed by this event (the move, then the chosen emails, each once). Version 1 carried no choice (upcast with none).",
    data: z.strictObject({
      email: z.string().max(254).meta({ description: 'The new address, lower-cased' }),
      reason: z.string().min(1).max(1000),
      resend: z
        .array(z.uuid())
        .max(100)
        .meta({ description: 'The events whose emails are sent again to the new address, once each' }),
    }),
  },
  MessagePosted: {
    schemaVersion: 1,
    emittedBy: 'client (client area: Messages or Support) or admin (back-office order panel)',
    meaning:
      "A message of the order's conversation between the client and the team, with its attachments (stored like brief files, under names of ours). The order is otherwise unchanged. Its text and its attachments' names are personal data: erased with the client.",
    data: z.strictObject({
      messageId: z.uuid(),
      seq: z.int().min(1).meta({ description: 'Its place in the conversation: 1, 2, 3…' }),
      author: z.enum(messageAuthors),
      channel: z.enum(messageChannels).meta({
        description: "Written from the order's Messages, or from the support tab (« Ouvrir un ticket »)",
      }),
      text: z
        .string()
        .max(5000)
        .meta({ description: 'As written; empty when the message is only attachments' }),
      attachments: z
        .array(
          z.strictObject({
            fileId: z.uuid(),
            storedName: z.string().min(1).max(255),
            size: z.int().min(1).meta({ description: 'Bytes' }),
            mimeType: z.string().max(100),
            kind: z.enum(['image', 'document']),
          }),
        )
        .max(5),
      attachmentNames: z
        .string()
        .max(5 * 256)
        .meta({
          description: "The attachments' names as sent (made safe), one per line in the order of attachments",
        }),
    }),
  },
  MessagesRead: {
    schemaVersion: 1,
    emittedBy: 'client or admin (opening the conversation)',
    meaning:
      "A read receipt: the client, or the team, has read the order's conversation up to message upTo. Not activity on the order.",
    data: z.strictObject({
      reader: z.enum(messageAuthors),
      upTo: z.int().min(1).meta({ description: 'The seq of the last message read' }),
    }),
  },
} as const;

/**
 * Earlier versions of order event types: stored events keep the version they were written with, and
 * still validate against it; upcasters (upcasters.ts) bring them to the current one when read.
 */
/** The payment reference as the superseded versions were published (before `means`). */
const publishedPaymentRef = paymentRefSchema.omit({ means: true });

export const supersededOrderEventDefinitions = [
  {
    type: 'ContactEmailCorrected',
    schemaVersion: 1,
    emittedBy: 'admin (the address was wrong or no longer reaches the client)',
    // As published then: a schema file, once out, does not change.
    meaning:
      "The team corrected the order's contact email, with a reason. The order's emails go to the new address from now on; when the order has a client account, the account's login moves to it too (ClientEmailChanged) and the account email is sent there again.",
    data: z.strictObject({
      email: z.string().max(254).meta({ description: 'The new address, lower-cased' }),
      reason: z.string().min(1).max(1000),
    }),
  },
  {
    type: 'ReviewApproved',
    schemaVersion: 1,
    emittedBy: 'client',
    // As published then: a schema file, once out, does not change.
    meaning: 'The client approved the preview. Review status approved; status unchanged.',
    data: z.strictObject({ round: z.int().min(1) }),
  },
  {
    type: 'PaymentRefunded',
    schemaVersion: 1,
    emittedBy: 'provider (payment webhook)',
    // As published then: a schema file, once out, does not change.
    meaning:
      'A payment was refunded through the provider: one the order could not accept (its link was stale or expired: the order changed, was already paid or is no longer waiting for it), refunded in full by the app; or one the order had accepted, refunded at the provider in full or in part (amount: the part refunded since the last one recorded), whose invoice a credit note corrects for that amount. Nothing else changes.',
    data: z.strictObject({
      purpose: z.enum(paymentPurposes),
      payment: publishedPaymentRef,
      amount: cents.meta({ description: 'Amount refunded, VAT included, cents' }),
      refundId: z.string().min(1).max(200).meta({ description: "The provider's id of the refund" }),
      reason: reason.meta({
        description: 'Why the order refused the payment, or that the provider refunded it, in French',
      }),
    }),
  },
  {
    type: 'OrderCancelled',
    schemaVersion: 1,
    emittedBy: 'admin',
    // As published then: a schema file, once out, does not change.
    meaning: 'The order was cancelled. Status becomes cancelled.',
    data: z.strictObject({ reason: z.string().max(2000).nullable(), previousStatus: orderStatusSchema }),
  },
  {
    type: 'OrderReactivated',
    schemaVersion: 2,
    emittedBy: 'admin',
    // As published then: a schema file, once out, does not change.
    meaning:
      'A cancelled order was resumed, for the reason the team gave (shown in the history and on the panel; null only for a version 1 reactivation, which asked none). Status becomes brief_pending.',
    data: z.strictObject({ reason: reason.nullable() }),
  },
  {
    type: 'OrderReactivated',
    schemaVersion: 1,
    emittedBy: 'admin',
    // As published then: a schema file, once out, does not change.
    meaning: 'A cancelled order was resumed. Status becomes brief_pending.',
    data: z.strictObject({}),
  },
  {
    type: 'SubscriptionRenewed',
    schemaVersion: 1,
    emittedBy: 'provider (payment webhook)',
    // As published then: a schema file, once out, does not change.
    meaning: 'A monthly renewal was paid.',
    data: z.strictObject({
      subscriptionId: z.string().min(1).max(200),
      payment: publishedPaymentRef,
      amount: cents,
      currentPeriodEnd: z.iso.datetime(),
    }),
  },
] as const;

type Definitions = typeof orderEventDefinitions;
export type OrderEventType = keyof Definitions;
export type OrderEventData<T extends OrderEventType> = z.infer<Definitions[T]['data']>;

/** An order event as the domain sees it: a discriminated union on `type`. */
export type OrderEvent = {
  [T in OrderEventType]: { readonly type: T; readonly data: OrderEventData<T> };
}[OrderEventType];
