import { type PaymentRef } from '@coseso/event-schemas/order/order-values';
import { addCalendarMonths, parisDate } from '../../shared/calendar.js';
import { finalPaymentDue, firstPaymentDue, paymentDue } from '../../orders/decider/payment.decider.js';
import { filledForm, actors } from '../../orders/testing/order-test-kit.js';
import { decide } from '../../orders/order-decider.js';
import { type OrderCommand } from '../../orders/order-commands.js';
import { type OrderState, type RecordedOrderEvent } from '../../orders/order-state.js';
import { heldPayments, refundLeft, refundableThroughProvider } from '../../orders/refund-requests.js';
import { evolve } from '../../orders/order-evolve.js';
import { isDomainError } from '../../shared/domain-error.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { type BooksWorld, type WorldCommand } from './books-world.js';

/**
 * What the client, the team, the payment provider and the clock may do to an order, as data: the
 * property test draws sequences of these, the named cases write them by hand. Each is turned into
 * the order's commands against the order as it is then (its amounts, its payments), so that a
 * sequence stays meaningful whatever came before; what the order refuses is refused, as in the app.
 */
export type BooksCommand =
  | { readonly kind: 'order'; readonly billing: 'yearly' | 'monthly' }
  /** A payment link opened, then paid (webhook queued) or failed. */
  | { readonly kind: 'payFirst'; readonly outcome: 'paid' | 'failed' | 'offline' }
  | { readonly kind: 'payFinal'; readonly outcome: 'paid' | 'failed' | 'offline' }
  | { readonly kind: 'accountManager' }
  | { readonly kind: 'renewal'; readonly outcome: 'paid' | 'failed' }
  | { readonly kind: 'cancelSubscription' }
  /** The team's next step on the way to delivery (sign, brief, production, review, delivery). */
  | { readonly kind: 'progress' }
  | { readonly kind: 'cancel' }
  /**
   * A cancellation as version 1 recorded it (`legacy`): within the guarantee, the invoices credited
   * and no money moved. The log of an order cancelled before the refunds went through the provider.
   */
  | { readonly kind: 'cancelLegacy' }
  | { readonly kind: 'reactivate' }
  /**
   * « Rembourser » on a payment the order holds, from the back-office (in full, or a part of what is
   * left): asked of the provider, which refunds and reports it (at once, or later, or gives up).
   */
  | {
      readonly kind: 'refundFromBackOffice';
      readonly payment: number;
      readonly part: 'full' | 'half' | 'cent';
    }
  /** The provider refunds a payment the order took (in full, or a part of what is left). */
  | { readonly kind: 'refund'; readonly payment: number; readonly part: 'full' | 'half' | 'cent' }
  /** The provider gives up on a refund asked and not reported yet (the refund reactor records RefundFailed). */
  | { readonly kind: 'refundGivesUp'; readonly pick: number }
  /** The provider delivers one of its waiting webhooks (any of them: they arrive in any order)… */
  | { readonly kind: 'deliver'; readonly pick: number; readonly replay: boolean }
  /** …and days pass (across the 14-day guarantee, across New Year). */
  | { readonly kind: 'days'; readonly days: number }
  | { readonly kind: 'hours'; readonly hours: number };

export const ORDER_IDS = ['0b5f8a52-6c1e-4c36-9a5e-000000000001'] as const;

/** What the provider knows and has not told the order yet: its webhooks, in the order it sends them. */
export class BooksModel {
  readonly webhooks: WorldCommand[] = [];
  private payments = 0;
  /** What the provider says it refunded of each payment so far (its webhooks carry the running total). */
  private readonly refunded = new Map<string, number>();

  /** The refunds asked of the provider and not reported yet, when it reports them later (`refundsLater`). */
  private readonly refundsAsked: {
    eventId: string;
    paymentId: string;
    amount: number;
    webhook: WorldCommand;
  }[] = [];
  /** The webhooks the order took in once (a replay of one is the same report, not a new one). */
  private readonly delivered = new WeakSet<WorldCommand>();

  constructor(
    readonly world: BooksWorld,
    readonly orderId: string = ORDER_IDS[0],
    /** The provider reports the refunds asked later, as webhooks (or gives up on them), not at once. */
    refundsLater = false,
  ) {
    if (refundsLater) world.refundAsked = (orderId, eventId) => this.refundAsked(orderId, eventId);
  }

  private refundAsked(orderId: string, eventId: string) {
    const requested = this.world.stream(orderId).find((e) => e.eventId === eventId)?.event;
    if (requested?.type !== 'RefundRequested') return;
    const { payment, amount } = requested.data;
    const total = (this.refunded.get(payment.paymentId) ?? 0) + amount;
    this.refunded.set(payment.paymentId, total);
    const webhook: WorldCommand = {
      type: 'RecordProviderRefund',
      actor: actors.provider,
      payment,
      refundedTotal: total,
      refundId: `re_${eventId}`,
    };
    this.webhooks.push(webhook);
    this.refundsAsked.push({ eventId, paymentId: payment.paymentId, amount, webhook });
  }

  get state(): OrderState {
    return this.world.state(this.orderId);
  }

  private run(command: WorldCommand) {
    return this.world.run(this.orderId, command);
  }

  private paymentRef(): PaymentRef {
    return { provider: 'sandbox', paymentId: `pay_${++this.payments}` };
  }

  private offline(): PaymentRef {
    return {
      provider: 'offline',
      paymentId: `VIR-${++this.payments}`,
      receivedOn: parisDate(this.world.clock.now().toISOString()),
      // Since offline payments carry their means, one without is refused: the model's were all lost.
      means: 'transfer',
    };
  }

  /** Applies one command, then lets the invoices' jobs run. */
  apply(command: BooksCommand): void {
    this.step(command);
    this.world.drain();
  }

  private step(command: BooksCommand): void {
    const s = this.state;
    switch (command.kind) {
      case 'order':
        if (s.exists) return;
        this.run({
          type: 'CreateOrderDraft',
          actor: actors.visitor,
          orderId: this.orderId,
          orderNumber: 1042,
          source: 'landing',
          form: {},
        });
        this.run({ type: 'CompleteOrderForm', actor: actors.visitor, form: filledForm(command.billing) });
        return;
      case 'payFirst': {
        const due = firstPaymentDue(s);
        if (!due) return;
        if (command.outcome === 'offline') {
          this.run({
            type: 'RecordFirstPayment',
            actor: actors.admin,
            payment: this.offline(),
            amount: due.amount,
          });
          return;
        }
        this.checkout(due.kind, due.amount, command.outcome, (payment) => ({
          type: 'RecordFirstPayment',
          actor: actors.provider,
          payment,
          amount: due.amount,
        }));
        return;
      }
      case 'payFinal': {
        if (!s.finalPaymentDue) return;
        const due = finalPaymentDue(s);
        const purpose = due.kind === 'balance' ? 'balance' : 'first_month';
        const now = this.world.clock.now().toISOString();
        if (command.outcome === 'offline') {
          this.run({
            type: 'RecordFinalPayment',
            actor: actors.admin,
            payment: this.offline(),
            amount: due.amount,
          });
          return;
        }
        this.checkout(purpose, due.amount, command.outcome, (payment) => ({
          type: 'RecordFinalPayment',
          actor: actors.provider,
          payment,
          amount: due.amount,
          ...(purpose === 'first_month'
            ? {
                subscription: {
                  subscriptionId: `sub_${this.orderId}`,
                  currentPeriodEnd: addCalendarMonths(now, 1),
                },
              }
            : {}),
        }));
        return;
      }
      case 'accountManager': {
        const due = paymentDue(s, 'account_manager');
        if ('problem' in due) return;
        this.checkout('account_manager', due.amount, 'paid', (payment) => ({
          type: 'RecordAccountManagerPayment',
          actor: actors.provider,
          payment,
          amount: due.amount,
        }));
        return;
      }
      case 'renewal': {
        const { id, status, currentPeriodEnd, monthlyWithVat } = s.subscription;
        if (status !== 'active' || !id) return;
        this.webhooks.push(
          command.outcome === 'paid'
            ? {
                type: 'RecordSubscriptionRenewal',
                actor: actors.provider,
                subscriptionId: id,
                payment: this.paymentRef(),
                amount: monthlyWithVat!,
                currentPeriodEnd: addCalendarMonths(
                  currentPeriodEnd ?? this.world.clock.now().toISOString(),
                  1,
                ),
              }
            : {
                type: 'RecordSubscriptionPaymentFailure',
                actor: actors.provider,
                subscriptionId: id,
                reason: 'Carte refusée',
              },
        );
        return;
      }
      case 'cancelSubscription':
        this.run({ type: 'CancelSubscription', actor: actors.client, reason: null });
        return;
      case 'progress':
        this.progress();
        return;
      case 'cancel':
        this.run({ type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client' });
        return;
      case 'cancelLegacy':
        // What version 1 decided: the cancellation alone (no refund asked), read as `legacy`. Version 1
        // came before every later cancellation and every reactivation of the order: a log has it first.
        // Nor did it know the back-office's refunds (RefundRequested came with version 2).
        if (
          this.world
            .stream(this.orderId)
            .some(
              (e) =>
                e.event.type === 'OrderCancelled' ||
                e.event.type === 'OrderReactivated' ||
                e.event.type === 'RefundRequested',
            )
        )
          return;
        this.world.run(
          this.orderId,
          { type: 'CancelOrder', actor: actors.admin, reason: 'Demande du client', refund: false },
          (events) =>
            events.map((e) =>
              e.type === 'OrderCancelled' ? { ...e, data: { ...e.data, guaranteeRefund: 'legacy' } } : e,
            ),
        );
        return;
      case 'reactivate':
        this.run({ type: 'ReactivateOrder', actor: actors.admin, reason: 'Le client reprend' });
        return;
      case 'refund': {
        const taken = this.taken;
        if (taken.length === 0) return;
        const paid = taken[command.payment % taken.length]!;
        const before = this.refunded.get(paid.payment.paymentId) ?? 0;
        const left = paid.amount - before;
        if (left <= 0) return;
        const part = command.part === 'full' ? left : command.part === 'half' ? Math.ceil(left / 2) : 1;
        this.refunded.set(paid.payment.paymentId, before + part);
        this.webhooks.push({
          type: 'RecordProviderRefund',
          actor: actors.provider,
          payment: paid.payment,
          refundedTotal: before + part,
          refundId: `re_${paid.payment.paymentId}_${before + part}`,
        });
        return;
      }
      case 'refundFromBackOffice': {
        const held = heldPayments(s)
          .filter(refundableThroughProvider)
          .filter((p) => refundLeft(s, p) > 0);
        if (held.length === 0) return;
        const paid = held[command.payment % held.length]!;
        const left = refundLeft(s, paid);
        this.run({
          type: 'RequestRefund',
          actor: actors.admin,
          paymentId: paid.payment.paymentId,
          amount: command.part === 'full' ? left : command.part === 'half' ? Math.ceil(left / 2) : 1,
          reason: 'Geste commercial',
        });
        return;
      }
      case 'refundGivesUp': {
        // Only a refund the provider has not reported, and the last asked of its payment (the reports
        // carry the running total: giving up on an earlier one would change the later ones').
        const open = this.refundsAsked.filter(
          (r) =>
            !this.delivered.has(r.webhook) &&
            this.webhooks.includes(r.webhook) &&
            this.refunded.get(r.paymentId) === (r.webhook as { refundedTotal: number }).refundedTotal,
        );
        if (open.length === 0) return;
        const given = open[command.pick % open.length]!;
        this.webhooks.splice(this.webhooks.indexOf(given.webhook), 1);
        this.refunded.set(given.paymentId, this.refunded.get(given.paymentId)! - given.amount);
        this.run({
          type: 'RecordRefundFailure',
          actor: actors.system,
          requestEventId: given.eventId,
          paymentId: given.paymentId,
          amount: given.amount,
          attempts: 5,
          error: 'Le prestataire refuse ce remboursement',
        });
        return;
      }
      case 'deliver': {
        if (this.webhooks.length === 0) return;
        const at = command.pick % this.webhooks.length;
        const webhook = this.webhooks[at]!;
        const answer = this.run(webhook);
        if (Array.isArray(answer)) this.delivered.add(webhook);
        // The provider sends it again until the order takes it in (a refund that overtook its payment),
        // and sometimes again after (a replay): the order must take each in once.
        const later = !Array.isArray(answer) && answer.code === ErrorCode.ORDER_PAYMENT_NOT_RECORDED_YET;
        if (!later && !command.replay) this.webhooks.splice(at, 1);
        return;
      }
      case 'days':
        this.world.clock.advanceDays(command.days);
        return;
      case 'hours':
        this.world.clock.advance(command.hours * 3_600_000);
        return;
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  }

  /** The payments the provider took for the order, whether the order knows them yet or not. */
  private readonly taken: { payment: PaymentRef; amount: number }[] = [];

  private checkout(
    purpose: 'deposit' | 'setup_fee' | 'balance' | 'first_month' | 'account_manager',
    amount: number,
    outcome: 'paid' | 'failed',
    webhook: (payment: PaymentRef) => WorldCommand,
  ) {
    const payment = this.paymentRef();
    const opened = this.run({
      type: 'StartCheckout',
      actor: purpose === 'deposit' || purpose === 'setup_fee' ? actors.visitor : actors.client,
      purpose,
      amount,
      provider: 'sandbox',
      paymentId: payment.paymentId,
      url: `https://coseso.test/sandbox/checkout/${payment.paymentId}`,
      expiresAt: null,
    });
    if (!Array.isArray(opened)) return;
    if (outcome === 'failed') {
      this.webhooks.push({
        type: 'RecordCheckoutClosed',
        actor: actors.provider,
        paymentId: payment.paymentId,
        outcome: 'failed',
      });
      return;
    }
    this.taken.push({ payment, amount });
    this.webhooks.push(webhook(payment));
  }

  /** The team's (and the client's) next step towards delivery, from where the order stands. */
  progress(): boolean {
    let moved = false;
    for (const command of progressCommands(this.state)) moved = Array.isArray(this.run(command)) || moved;
    return moved;
  }
}

/** The commands of the next step towards delivery, from where the order stands (none at the end). */
export function progressCommands(s: OrderState): WorldCommand[] {
  switch (s.status) {
    case 'pending':
      return [
        {
          type: 'CompleteOrderForm',
          actor: actors.visitor,
          form: filledForm(s.form.billingPeriod ?? 'yearly'),
        },
      ];
    case 'contract_ready_for_signature':
      return [
        { type: 'IssueContract', actor: actors.system, documentSha256: 'a'.repeat(64), templateVersion: 1 },
        {
          type: 'SignContract',
          actor: actors.client,
          signerName: 'Claire Martin',
          documentSha256: 'a'.repeat(64),
          ip: null,
        },
      ];
    case 'contract_signed':
      return [{ type: 'OpenBrief', actor: actors.admin }];
    case 'brief_pending':
      return [{ type: 'SubmitBrief', actor: actors.client, nothingToSend: true }];
    case 'brief':
      return [
        ...(s.brief.validated
          ? []
          : [{ type: 'ValidateBrief', actor: actors.admin, notes: 'Complet' } as const]),
        { type: 'StartProduction', actor: actors.admin },
      ];
    case 'in_progress':
      return [{ type: 'SendReviewLink', actor: actors.admin, reviewUrl: 'https://preview.coseso.fr/martin' }];
    case 'revision_changes_requested':
      return [
        { type: 'CompleteChanges', actor: actors.admin, reviewUrl: 'https://preview.coseso.fr/martin-2' },
      ];
    case 'en_revision':
      return [
        ...(s.review.status === 'approved' ? [] : [{ type: 'ApproveReview', actor: actors.client } as const]),
        { type: 'RequestFinalPayment', actor: actors.admin },
      ];
    case 'ready_for_delivery':
      return [{ type: 'FinalizeDelivery', actor: actors.admin, siteUrl: 'boulangerie-martin.fr' }];
    default:
      return [];
  }
}

const offlinePayment = (now: string, reference: string): PaymentRef => ({
  provider: 'offline',
  paymentId: reference,
  receivedOn: parisDate(now),
});

/**
 * No dead end: from this order, some sequence of allowed commands reaches « Livré » or « Annulé ».
 * Looked for greedily, on the pure decider: the next step towards delivery (payments recorded by
 * the team when one is due), else the cancellation. Answers the path taken, or null when stuck.
 */
export function pathToAnEnd(from: OrderState, now: string): string[] | null {
  let state = from;
  const path: string[] = [];
  const attempt = (command: WorldCommand): boolean => {
    try {
      const events = decide({ ...command, now } as OrderCommand, state);
      const metadata = {
        actor: command.actor,
        commandId: 'explore',
        correlationId: 'explore',
        causationId: 'explore',
        occurredAt: now,
      };
      state = events.reduce((s, e) => evolve(s, { ...e, metadata } as RecordedOrderEvent), state);
      path.push(command.type);
      return events.length > 0;
    } catch (error) {
      if (isDomainError(error)) return false;
      throw error;
    }
  };
  for (let steps = 0; steps < 40; steps++) {
    if (state.status === 'delivered' || state.status === 'cancelled') return path;
    const first = firstPaymentDue(state);
    const candidates: WorldCommand[][] = [
      progressCommands(state),
      first && state.status !== 'contract_ready_for_signature'
        ? [
            {
              type: 'RecordFirstPayment',
              actor: actors.admin,
              payment: offlinePayment(now, 'VIR-END-1'),
              amount: first.amount,
            },
          ]
        : [],
      state.finalPaymentDue
        ? [
            {
              type: 'RecordFinalPayment',
              actor: actors.admin,
              payment: offlinePayment(now, 'VIR-END-2'),
              amount: state.finalPaymentDue.amount,
            },
          ]
        : [],
      [{ type: 'CancelOrder', actor: actors.admin, reason: 'Fin' }],
    ];
    if (!candidates.some((commands) => commands.length > 0 && commands.map(attempt).some(Boolean)))
      return null;
  }
  return null;
}
