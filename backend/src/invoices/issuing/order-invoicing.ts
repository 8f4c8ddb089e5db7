import { orderStreamId, readOrderEvent } from '@coseso/domain/events/event-reader';
import { parisDay } from '@coseso/domain/invoices/invoice-document';
import { invoiceKey, seriesYearOf } from '@coseso/domain/invoices/invoice-series';
import { type LoggedOrderEvent } from '@coseso/domain/books/books-invariant';
import { invoicedEventPurposes } from '@coseso/domain/invoices/invoiced-events';
import {
  cancellationCredit,
  depositsToDeduct,
  invoiceCalledFor,
  refundCredit,
  reinvoicesCalledFor,
} from '@coseso/domain/invoices/order-invoicing-decisions';
import { type EventStore } from '@coseso/event-store/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { AgencyIdentityService } from '../../identity/agency-identity.service.js';
import { EVENT_STORE } from '../../infra/tokens.js';
import { type IssuedDocument, InvoiceIssuer } from './invoice-issuer.js';

/** The years from `from`'s (Paris calendar) to `now`'s: where an order's documents may be. */
const yearsBetween = (from: string, now: string): number[] => {
  const first = Number(parisDay(from).slice(0, 4));
  const last = seriesYearOf(now);
  return Array.from({ length: Math.max(1, last - first + 1) }, (_, i) => first + i);
};

/**
 * What an order's events call for in documents: the invoice of a money event, the credit notes
 * of a cancellation within the guarantee or of a refund. Each reads the order's stream as the
 * event's command left it, so issuing again later gives the same document.
 */
@Injectable()
export class OrderInvoicing {
  constructor(
    private readonly issuer: InvoiceIssuer,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly identity: AgencyIdentityService,
  ) {}

  /** The invoice of the money event `eventId` of the order, issued once. */
  async invoiceMoneyEvent(orderId: string, eventId: string): Promise<IssuedDocument> {
    const call = invoiceCalledFor(await this.streamOf(orderId), eventId);
    if (!call) throw new Error(`event ${eventId} of order ${orderId} is not a money event`);
    // Every deposit invoice of the order, from its creation's year: a deposit paid again after a
    // reactivation has its own, and the balance deducts the one the order holds (depositsToDeduct).
    const deposits = depositsToDeduct(
      call,
      call.deductsDeposits
        ? await this.issuer.depositsOf(orderId, this.yearsSince(call.order.createdAt))
        : [],
    );
    // The deposit's invoice is issued by its own job: a balance paid right after waits for it.
    if (!deposits)
      throw new Error(`order ${orderId}: the deposit invoice the balance deducts is not issued yet`);
    return this.issuer.issueInvoice({
      order: call.order,
      payment: call.payment,
      issuedFrom: { streamId: orderStreamId(orderId), eventId },
      // The identity in use when the invoice is issued: an invoice already issued keeps its own.
      seller: await this.identity.seller(),
      depositsInvoiced: deposits,
    });
  }

  /**
   * The invoices a reactivation issues again after a version 1 cancellation (its credit notes gave
   * back on paper money the order kept): one per payment it keeps, keyed by the reactivation and the
   * payment, one after the other (a balance deducts the deposit invoiced again before it). A retry or
   * a replay finds each issued.
   */
  async reinvoiceReactivation(orderId: string, eventId: string): Promise<IssuedDocument[]> {
    const calls = reinvoicesCalledFor(await this.streamOf(orderId), eventId);
    const issued: IssuedDocument[] = [];
    for (const call of calls) {
      const deposits = depositsToDeduct(
        call,
        call.deductsDeposits
          ? await this.issuer.depositsOf(orderId, this.yearsSince(call.order.createdAt))
          : [],
      );
      if (!deposits)
        throw new Error(`order ${orderId}: the deposit invoice the balance deducts is not issued yet`);
      issued.push(
        await this.issuer.issueInvoice({
          order: call.order,
          payment: call.payment,
          issuedFrom: { streamId: orderStreamId(orderId), eventId, paymentId: call.key.paymentId },
          seller: await this.identity.seller(),
          depositsInvoiced: deposits,
        }),
      );
    }
    return issued;
  }

  /** The invoice of the order's latest money event (issued now if not yet); null before any payment. */
  async invoiceLatestPayment(orderId: string): Promise<IssuedDocument | null> {
    const stored = await this.store.readStream(orderStreamId(orderId));
    const latest = stored.findLast((e) => e.type in invoicedEventPurposes);
    return latest ? this.invoiceMoneyEvent(orderId, latest.eventId) : null;
  }

  /** The order's invoices, in the order of its money events (each looked up by its event). */
  async invoicesOf(orderId: string): Promise<IssuedDocument[]> {
    const stored = await this.store.readStream(orderStreamId(orderId));
    const documents: IssuedDocument[] = [];
    for (const record of stored) {
      if (!(record.type in invoicedEventPurposes)) continue;
      const number = await this.issuer.issuedFor(
        'F',
        record.eventId,
        this.yearsSince(String(record.metadata['occurredAt'])),
      );
      const found = number ? await this.issuer.find(number) : null;
      if (found) documents.push(found);
    }
    return documents;
  }

  /**
   * The credit notes of a version 1 cancellation within the 14-day guarantee (written before the
   * guarantee refunded through the provider): one per invoice of the order, naming it. Nothing for a
   * later version (the refund's report credits), a cancellation after it, or an order never paid.
   */
  async creditCancellation(orderId: string, eventId: string): Promise<IssuedDocument[]> {
    const credit = cancellationCredit(await this.streamOf(orderId), eventId);
    if (!credit) return [];
    const invoices = await this.invoicesOf(orderId);
    // Every money event before the cancellation must have its invoice first.
    const credited = invoices.filter((i) => credit.moneyEventIds.includes(i.issuedFrom.eventId));
    if (credited.length < credit.moneyEventIds.length)
      throw new Error(`order ${orderId}: an invoice the cancellation credits is not issued yet`);
    const notes: IssuedDocument[] = [];
    for (const invoice of credited) {
      const note = await this.issuer.issueCreditNote({
        invoice: invoice.document,
        reason: credit.reason,
        refundedAt: null,
        issuedFrom: { streamId: orderStreamId(orderId), eventId },
        requestedWithVat: 'remainder',
      });
      if (note) notes.push(note);
    }
    return notes;
  }

  /**
   * The credit note of a refund the provider reported of a payment the order accepted: it corrects
   * that payment's invoice (issued now if its job has not run yet) for the amount refunded, within
   * what the invoice's other credits left. Nothing for a payment the order refused: never invoiced.
   */
  async creditRefund(orderId: string, eventId: string): Promise<IssuedDocument | null> {
    const stream = await this.streamOf(orderId);
    const credit = refundCredit(stream, eventId);
    if (!credit) return null;
    const invoice = credit.reinvoice
      ? await this.reinvoiceOf(orderId, stream, credit.reinvoice)
      : await this.invoiceMoneyEvent(orderId, credit.moneyEventId);
    return this.issuer.issueCreditNote({
      invoice: invoice.document,
      reason: credit.reason,
      refundedAt: credit.refundedAt,
      issuedFrom: { streamId: orderStreamId(orderId), eventId },
      requestedWithVat: credit.requestedWithVat,
    });
  }

  /** The invoice a reactivation issued again for a payment (its job issues it, if it has not yet). */
  private async reinvoiceOf(
    orderId: string,
    stream: readonly LoggedOrderEvent[],
    key: { eventId: string; paymentId: string },
  ): Promise<IssuedDocument> {
    const created = String(stream[0]!.event.metadata.occurredAt);
    const find = async () => {
      const number = await this.issuer.issuedFor('F', invoiceKey(key), this.yearsSince(created));
      return number ? this.issuer.find(number) : null;
    };
    let found = await find();
    if (!found) {
      await this.reinvoiceReactivation(orderId, key.eventId);
      found = await find();
    }
    if (!found) throw new Error(`order ${orderId}: the invoice issued again for ${key.paymentId} is missing`);
    return found;
  }

  private yearsSince(from: string): number[] {
    return yearsBetween(from, this.issuer.now());
  }

  /** The order's stream, each event with its id: what the decisions read. */
  private async streamOf(orderId: string): Promise<LoggedOrderEvent[]> {
    const stored = await this.store.readStream(orderStreamId(orderId));
    if (stored.length === 0) throw new Error(`order ${orderId} has no events`);
    return stored.map((record) => ({ eventId: record.eventId, event: readOrderEvent(record) }));
  }
}
