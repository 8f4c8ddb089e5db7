import { addCalendarMonths } from '@coseso/domain/pricing/billing-period';
import { createHash, createHmac } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { type Clock, systemClock } from '@coseso/domain/shared/clock';
import { type AppConfig } from '../../config/app-config.js';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { APP_CONFIG, CLOCK } from '../../infra/tokens.js';
import {
  type Checkout,
  type CheckoutRequest,
  PAYMENT_ID_PLACEHOLDER,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentStatus,
  type RefundRequest,
  type SubscriptionRestart,
  firstChargeOfRestart,
} from '../payment-provider.js';
import { paymentEventFromStripe } from '../stripe/stripe-events.js';
import {
  type SandboxCharge,
  type SignedDelivery,
  renewalOfInvoice,
  sandboxEvents,
  signDelivery,
} from './sandbox-events.js';
import { type SandboxPayment, SandboxStore, sandboxId } from './sandbox-store.js';
import { verifiedStripeEvent } from '../webhooks/stripe-signature.js';

export const SANDBOX_RENEW_JOB = 'sandbox-renew-subscription';
export const SANDBOX_EXPIRE_JOB = 'sandbox-expire-checkout';
export const SANDBOX_EXPIRED_NOTICE_JOB = 'sandbox-expired-notice';
export const SANDBOX_REFUNDED_NOTICE_JOB = 'sandbox-refunded-notice';

/** As long as a Stripe Checkout Session lives. */
const CHECKOUT_LIFETIME_MS = 24 * 3_600_000;

export type SandboxAction = 'pay' | 'fail' | 'cancel';

export interface SandboxOutcome {
  /** Where the browser goes next: the success or cancel URL of the checkout. */
  readonly redirectUrl: string;
  /** The signed event the action produced, for the webhook handler (none for a cancel, as with Stripe). */
  readonly delivery: SignedDelivery | null;
}

/**
 * The payment provider of a machine without Stripe: a checkout page of our own (/sandbox/checkout/:id)
 * where the payer pays, fails or cancels. Its outcomes are Stripe events signed with a secret derived
 * from SESSION_SECRET and read by the same webhook handler; subscriptions renew by delayed jobs.
 */
@Injectable()
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly webhookSecret: string;

  constructor(
    private readonly store: SandboxStore,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {
    this.webhookSecret = `whsec_${createHmac('sha256', config.SESSION_SECRET).update('sandbox-webhooks').digest('hex')}`;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const id = sandboxId('cs');
    // The link's end, on the app's clock: the order judges it open or expired at the same now.
    const expiresAt = new Date(this.clock.now().getTime() + CHECKOUT_LIFETIME_MS);
    await this.store.createPayment({
      id,
      orderId: request.orderId,
      orderNumber: request.orderNumber,
      purpose: request.purpose,
      amount: request.amount,
      description: request.description,
      customerEmail: request.customerEmail,
      successUrl: request.successUrl.replaceAll(PAYMENT_ID_PLACEHOLDER, id),
      cancelUrl: request.cancelUrl.replaceAll(PAYMENT_ID_PLACEHOLDER, id),
      expiresAt,
    });
    await this.jobs.enqueue(
      SANDBOX_EXPIRE_JOB,
      { paymentId: id },
      { jobId: `sandbox-expire:${id}`, delayMs: CHECKOUT_LIFETIME_MS },
    );
    return {
      paymentId: id,
      url: `${this.config.PUBLIC_URL}/sandbox/checkout/${id}`,
      expiresAt: expiresAt.toISOString(),
    };
  }

  async paymentStatus(paymentId: string): Promise<PaymentStatus> {
    return (await this.store.payment(paymentId))?.status ?? 'failed';
  }

  /** Unpayable at once; the webhook saying so follows from a job, as Stripe's follows its API call. */
  async expireCheckout(paymentId: string): Promise<void> {
    if (await this.store.expirePayment(paymentId))
      await this.jobs.enqueue(
        SANDBOX_EXPIRED_NOTICE_JOB,
        { paymentId },
        { jobId: `sandbox-expired-notice:${paymentId}` },
      );
  }

  /** The refund's id follows from the payment's: refunding again answers the same refund. */
  async refundCheckout(paymentId: string): Promise<{ refundId: string }> {
    if (!(await this.store.refundPayment(paymentId)))
      throw new Error(`sandbox payment ${paymentId} was not paid: nothing to refund`);
    return { refundId: `re_sandbox_${createHash('sha256').update(paymentId).digest('hex').slice(0, 24)}` };
  }

  /**
   * Refunds part or all of a paid checkout or renewal, once per key and never beyond what it paid;
   * then reports it as Stripe does, by a signed `charge.refunded` delivered from a job.
   */
  async refundPayment(request: RefundRequest): Promise<{ refundId: string }> {
    const charge = await this.paidCharge(request.paymentId);
    if (!charge) throw new Error(`sandbox payment ${request.paymentId} was not paid: nothing to refund`);
    const refundId = `re_sandbox_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
    const made = await this.store.addRefund({
      paymentId: charge.id,
      amount: request.amount,
      paid: charge.amount,
      idempotencyKey: request.idempotencyKey,
      refundId,
    });
    if (!made)
      throw new Error(
        `sandbox payment ${request.paymentId}: refunding ${request.amount} would exceed the ${charge.amount} it paid`,
      );
    if (!renewalOfInvoice(charge.id) && (await this.store.refundedTotal(charge.id)) >= charge.amount)
      await this.store.refundPayment(charge.id);
    await this.jobs.enqueue(
      SANDBOX_REFUNDED_NOTICE_JOB,
      { paymentId: charge.id },
      { jobId: `sandbox-refunded-notice:${made}` },
    );
    return { refundId: made };
  }

  /** The signed `charge.refunded` of a payment with refunds: the running total, as Stripe says it. */
  async refundedNotice(paymentId: string): Promise<SignedDelivery | null> {
    const charge = await this.paidCharge(paymentId);
    const total = charge ? await this.store.refundedTotal(paymentId) : 0;
    return charge && total > 0 ? this.sign(sandboxEvents.chargeRefunded(charge, total)) : null;
  }

  /** The sandbox's PaymentIntent of a checkout or a renewal is named after it (`pi_` + its id). */
  async orderPaymentOf(providerPaymentId: string): Promise<{ paymentId: string; orderId: string } | null> {
    const charge = await this.paidCharge(providerPaymentId.replace(/^pi_/, ''));
    return charge ? { paymentId: charge.id, orderId: charge.orderId } : null;
  }

  /**
   * The sandbox's refund from the provider's side (what Stripe's dashboard does): `refundedTotal` of a
   * paid checkout, or of a renewal's invoice, is given back, reported as Stripe reports it. Null for
   * a payment never made.
   */
  async refundAtProvider(paymentId: string, refundedTotal: number): Promise<SignedDelivery | null> {
    const charge = await this.paidCharge(paymentId);
    if (!charge) return null;
    // Kept with the app's own refunds: what is left of the payment counts both.
    const delta = Math.min(refundedTotal, charge.amount) - (await this.store.refundedTotal(paymentId));
    if (delta > 0)
      await this.store.addRefund({
        paymentId,
        amount: delta,
        paid: charge.amount,
        idempotencyKey: `dashboard:${paymentId}:${refundedTotal}`,
        refundId: `re_sandbox_dashboard_${createHash('sha256').update(`${paymentId}:${refundedTotal}`).digest('hex').slice(0, 16)}`,
      });
    if (refundedTotal >= charge.amount && !renewalOfInvoice(paymentId))
      await this.store.refundPayment(paymentId);
    return this.sign(sandboxEvents.chargeRefunded(charge, Math.min(refundedTotal, charge.amount)));
  }

  /**
   * A checkout paid (refunded since, or not), or a renewal's invoice whose period the subscription
   * has moved past (it was paid); null for anything else.
   */
  private async paidCharge(paymentId: string): Promise<SandboxCharge | null> {
    const renewal = renewalOfInvoice(paymentId);
    if (renewal) {
      const subscription = await this.store.subscription(renewal.subscriptionId);
      if (!subscription || subscription.currentPeriodEnd.getTime() <= renewal.periodStart.getTime())
        return null;
      return {
        id: paymentId,
        orderId: subscription.orderId,
        amount: subscription.amount,
        purpose: 'renewal',
      };
    }
    const payment = await this.store.payment(paymentId);
    if (!payment || (payment.status !== 'paid' && payment.status !== 'refunded')) return null;
    return payment;
  }

  async getSubscription(subscriptionId: string) {
    const subscription = await this.store.subscription(subscriptionId);
    if (!subscription) throw new Error(`no sandbox subscription ${subscriptionId}`);
    return {
      status: subscription.status === 'active' ? ('active' as const) : ('canceled' as const),
      currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
    };
  }

  async cancelSubscription(subscriptionId: string): Promise<{ expiresAt: string }> {
    const subscription = await this.store.subscription(subscriptionId);
    if (!subscription) throw new Error(`no sandbox subscription ${subscriptionId}`);
    await this.store.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true });
    return { expiresAt: subscription.currentPeriodEnd.toISOString() };
  }

  /**
   * A new subscription for the order, its first period ending at its first charge, renewed by the
   * same jobs as any; its id derives from the key, so a retry finds it.
   */
  async restartSubscription(request: SubscriptionRestart) {
    if (!(await this.store.subscription(request.subscriptionId)))
      throw new Error(`no sandbox subscription ${request.subscriptionId}`);
    const id = `sub_sandbox_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
    const started = await this.store.subscription(id);
    if (started) return { subscriptionId: id, currentPeriodEnd: started.currentPeriodEnd.toISOString() };
    const currentPeriodEnd = firstChargeOfRestart(request.resumeAt, this.clock.now());
    await this.store.createSubscription({
      id,
      orderId: request.orderId,
      amount: request.amount,
      currentPeriodEnd,
      billingAnchor: null,
    });
    await this.scheduleRenewal(id, currentPeriodEnd);
    return { subscriptionId: id, currentPeriodEnd: currentPeriodEnd.toISOString() };
  }

  /** No renewal job does anything for a subscription that is not active. */
  async endSubscriptionNow(subscriptionId: string): Promise<void> {
    const subscription = await this.store.subscription(subscriptionId);
    if (!subscription) throw new Error(`no sandbox subscription ${subscriptionId}`);
    if (subscription.status !== 'canceled')
      await this.store.updateSubscription(subscriptionId, { status: 'canceled' });
  }

  async cardUpdateUrl(input: {
    subscriptionId: string;
    orderId: string;
    returnUrl: string;
  }): Promise<string> {
    const query = new URLSearchParams({ order: input.orderId, return: input.returnUrl });
    return `${this.config.PUBLIC_URL}/sandbox/card/${input.subscriptionId}?${query.toString()}`;
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
    return paymentEventFromStripe(
      verifiedStripeEvent(rawBody, signatureHeader, this.webhookSecret, Date.now()),
    );
  }

  /** The page's three buttons. Null when the checkout is unknown; a second click finds it closed and delivers nothing. */
  async act(paymentId: string, action: SandboxAction): Promise<SandboxOutcome | null> {
    const payment = await this.store.payment(paymentId);
    if (!payment) return null;
    if (payment.status !== 'open')
      return {
        redirectUrl: after(payment, payment.status === 'canceled' ? 'cancel' : 'pay'),
        delivery: null,
      };
    switch (action) {
      case 'cancel':
        await this.store.closePayment(paymentId, 'canceled', null);
        return { redirectUrl: after(payment, 'cancel'), delivery: null };
      case 'fail':
        if (!(await this.store.closePayment(paymentId, 'failed', null))) return this.act(paymentId, action);
        return {
          redirectUrl: after(payment, 'pay'),
          delivery: this.sign(sandboxEvents.checkoutFailed({ ...payment, status: 'failed' })),
        };
      case 'pay': {
        const subscriptionId = payment.purpose === 'first_month' ? sandboxId('sub') : null;
        if (!(await this.store.closePayment(paymentId, 'paid', subscriptionId)))
          return this.act(paymentId, action);
        if (subscriptionId) await this.startSubscription(payment, subscriptionId);
        return {
          redirectUrl: after(payment, 'pay'),
          delivery: this.sign(sandboxEvents.checkoutPaid({ ...payment, status: 'paid', subscriptionId })),
        };
      }
    }
  }

  /** The expiry job: a link still open after its lifetime ends, as Stripe's do. */
  async expire(paymentId: string): Promise<SignedDelivery | null> {
    if (!(await this.store.expirePayment(paymentId))) return null;
    return this.expiredNotice(paymentId);
  }

  /** The signed `checkout.session.expired` of a link that has expired; null for any other. */
  async expiredNotice(paymentId: string): Promise<SignedDelivery | null> {
    const payment = await this.store.payment(paymentId);
    return payment?.status === 'expired' ? this.sign(sandboxEvents.checkoutExpired(payment)) : null;
  }

  /**
   * The renewal, at the end of each period: the subscription ends if cancelled, else a new period is
   * paid (or refused, when the sandbox card was set to decline) and the next renewal planned. A job
   * woken before its period's end (the period was renewed by hand meanwhile) does nothing; `now`
   * renews at once (the sandbox's "next renewal now" button).
   */
  async renew(subscriptionId: string, { now = false } = {}): Promise<SignedDelivery | null> {
    const subscription = await this.store.subscription(subscriptionId);
    if (!subscription || subscription.status !== 'active') return null;
    if (!now && subscription.currentPeriodEnd.getTime() > this.clock.now().getTime() + 1_000) return null;
    if (subscription.cancelAtPeriodEnd) {
      await this.store.updateSubscription(subscriptionId, { status: 'canceled' });
      return this.sign(sandboxEvents.subscriptionEnded(subscription));
    }
    // The next period starts where the paid one ends, and lasts a calendar month (or the test knob).
    const from = subscription.currentPeriodEnd;
    const to = this.periodEndAfter(from);
    if (subscription.cardDeclines) return this.sign(sandboxEvents.renewalFailed(subscription, from, to));
    await this.store.updateSubscription(subscriptionId, {
      currentPeriodEnd: to,
      periods: subscription.periods + 1,
    });
    await this.scheduleRenewal(subscriptionId, to);
    return this.sign(sandboxEvents.renewalPaid(subscription, from, to));
  }

  /** The sandbox card page: a valid card, or one the next renewals will refuse. */
  async setCard(subscriptionId: string, declines: boolean): Promise<boolean> {
    const subscription = await this.store.subscription(subscriptionId);
    if (!subscription) return false;
    await this.store.updateSubscription(subscriptionId, { cardDeclines: declines });
    // A period left unpaid by a refused card is charged again on the new card, as Stripe retries.
    if (
      !declines &&
      subscription.status === 'active' &&
      subscription.currentPeriodEnd.getTime() <= Date.now()
    ) {
      await this.scheduleRenewal(subscriptionId, new Date());
    }
    return true;
  }

  checkout(paymentId: string) {
    return this.store.payment(paymentId);
  }

  subscription(subscriptionId: string) {
    return this.store.subscription(subscriptionId);
  }

  /** The first period starts at the payment and ends a calendar month later, on the same day. */
  private async startSubscription(payment: SandboxPayment, subscriptionId: string) {
    const currentPeriodEnd = this.periodEndAfter(new Date());
    await this.store.createSubscription({
      id: subscriptionId,
      orderId: payment.orderId,
      amount: payment.amount,
      currentPeriodEnd,
      billingAnchor: null,
    });
    await this.scheduleRenewal(subscriptionId, currentPeriodEnd);
  }

  /** A calendar month after `start`, as Stripe renews; the configured interval in tests. */
  private periodEndAfter(start: Date): Date {
    const interval = this.config.SANDBOX_RENEWAL_INTERVAL_MS;
    return interval === undefined ? addCalendarMonths(start, 1) : new Date(start.getTime() + interval);
  }

  /** One job per period end: planning the same period twice plans it once. */
  private scheduleRenewal(subscriptionId: string, at: Date) {
    return this.jobs.enqueue(
      SANDBOX_RENEW_JOB,
      { subscriptionId },
      {
        jobId: `sandbox-renew:${subscriptionId}:${at.getTime()}`,
        delayMs: Math.max(0, at.getTime() - this.clock.now().getTime()),
      },
    );
  }

  private sign(event: object): SignedDelivery {
    return signDelivery(event, this.webhookSecret);
  }
}

const after = (payment: SandboxPayment, action: 'pay' | 'cancel') =>
  action === 'cancel' ? payment.cancelUrl : payment.successUrl;
