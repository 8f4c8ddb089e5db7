import { orderStreamId, readOrderEvent } from '@coseso/domain/events/event-reader';
import { emailLabel } from '@coseso/domain/orders/email-failures';
import { DomainError } from '@coseso/domain/shared/domain-error';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type EventStore } from '@coseso/event-store/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { EVENT_STORE } from '../../infra/tokens.js';
import { ORDER_EMAIL_JOB } from '../../notifications/order-emails.reactor.js';
import {
  orderEmailFor,
  recipientProven,
  sendsBeforeProof,
  sendsEmail,
} from '../../notifications/order-emails.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';

/** An email the order sent its contact, which a correction of the address may send again. */
export interface SentEmail {
  /** The event the email told: what the team picks. */
  readonly eventId: string;
  readonly template: string;
  /** Which email, in the team's words (« Contrat à signer »). */
  readonly label: string;
  readonly sentAt: string;
  /** Ticked at first: the latest email of each kind the client must still act on. */
  readonly suggested: boolean;
}

/** The emails that ask the client to act, worth re-sending while the order still waits on them. */
const actionable: Readonly<Record<string, readonly string[]>> = {
  'contract-to-sign': ['contract_ready_for_signature'],
  'brief-opened': ['brief_pending'],
  'more-elements-requested': ['brief_pending'],
  'review-ready': ['en_revision'],
  'changes-done': ['en_revision'],
  'final-payment-due': ['awaiting_balance_payment', 'awaiting_first_monthly_payment'],
};

const UNKNOWN_SENT_EMAIL =
  'Un des emails choisis n’a pas été envoyé pour cette commande : rechargez la commande et choisissez de nouveau.';
export const unknownSentEmail = () =>
  new DomainError(ErrorCode.ORDER_INVALID_INPUT, UNKNOWN_SENT_EMAIL, 'invalid', {
    resend: UNKNOWN_SENT_EMAIL,
  });

/**
 * The emails an order sent its contact, read from its history (one per event that called for
 * one, newest first), and their re-sending to the corrected address: the same email job as the
 * first time, keyed by the correction, so a second run of it sends nothing more.
 */
@Injectable()
export class OrderSentEmails {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly orders: OrderCommandRunner,
    private readonly jobs: JobQueue,
  ) {}

  private async emailEvents(orderId: string) {
    const order = await this.orders.current(orderId);
    const events = (await this.store.readStream(orderStreamId(orderId)))
      .map((stored) => ({ eventId: stored.eventId, ...readOrderEvent(stored) }))
      .filter((event) => sendsEmail(event.type));
    return events.flatMap(({ eventId, metadata, ...event }) => {
      const email = orderEmailFor({ ...event, occurredAt: metadata.occurredAt } as never, order);
      // Before the first payment only the emails that may go to an unproven address went.
      if (!email || (!recipientProven(order) && !sendsBeforeProof(email.template))) return [];
      return [{ eventId, event, occurredAt: metadata.occurredAt, template: email.template, order }];
    });
  }

  async list(orderId: string): Promise<SentEmail[]> {
    const emails = (await this.emailEvents(orderId)).reverse();
    const suggested = new Set<string>();
    const kinds = new Set<string>();
    for (const email of emails) {
      const statuses = actionable[email.template];
      if (!statuses || kinds.has(email.template)) continue;
      // The newest of its kind only (a later review link replaces the earlier one), while it is current.
      kinds.add(email.template);
      if (statuses.includes(email.order.status)) suggested.add(email.eventId);
    }
    return emails.map(({ eventId, template, occurredAt }) => ({
      eventId,
      template,
      label: emailLabel(template),
      sentAt: occurredAt,
      suggested: suggested.has(eventId),
    }));
  }

  /** Refuses, before anything is written, a choice naming an email the order did not send. */
  async check(orderId: string, eventIds: readonly string[]): Promise<void> {
    if (eventIds.length === 0) return;
    const sent = new Set((await this.emailEvents(orderId)).map((email) => email.eventId));
    if (eventIds.some((id) => !sent.has(id))) throw unknownSentEmail();
  }

  /** Sends the chosen emails again, to the order's address as it is now, once per correction. */
  async resend(orderId: string, eventIds: readonly string[], correctionId: string): Promise<void> {
    if (eventIds.length === 0) return;
    const chosen = new Set(eventIds);
    for (const email of await this.emailEvents(orderId)) {
      if (!chosen.has(email.eventId)) continue;
      await this.jobs.enqueue(
        ORDER_EMAIL_JOB,
        {
          orderId,
          eventId: email.eventId,
          ...email.event,
          occurredAt: email.occurredAt,
          resentFor: correctionId,
        } as never,
        { jobId: `order-email:${email.eventId}:resent:${correctionId}` },
      );
    }
  }
}
