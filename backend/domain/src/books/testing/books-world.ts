import { refundedOf } from '../../orders/refund-requests.js';
import { type Actor } from '@coseso/event-schemas/envelope';
import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import {
  type RecordedDocumentEvent,
  type RecordedInvoiceEvent,
  type RecordedOrderEvent,
} from '../../events/event-reader.js';
import { type DepositDeducted, type InvoiceDocument } from '../../invoices/invoice-document.js';
import {
  type CreditReservation,
  type InvoiceCreditsState,
  type InvoiceSeriesState,
  type Issue,
  type IssuedFrom,
  decideCreditNote,
  decideCreditReservation,
  decideInvoice,
  evolveInvoiceCredits,
  evolveSeries,
  initialInvoiceCreditsState,
  initialSeriesState,
  invoiceKey,
  seriesYearOf,
} from '../../invoices/invoice-series.js';
import {
  type InvoiceCall,
  cancellationCredit,
  depositsToDeduct,
  invoiceCalledFor,
  refundCredit,
  reinvoicesCalledFor,
} from '../../invoices/order-invoicing-decisions.js';
import { issuesInvoice } from '../../invoices/invoiced-events.js';
import { testSeller } from '../../invoices/testing/test-seller.js';
import { decide } from '../../orders/order-decider.js';
import { type OrderCommand } from '../../orders/order-commands.js';
import { type OrderState, initialOrderState } from '../../orders/order-state.js';
import { evolve } from '../../orders/order-evolve.js';
import { type DomainError, isDomainError } from '../../shared/domain-error.js';
import { ManualClock } from '../../shared/testing/manual-clock.js';
import { type BooksBreak, type LoggedOrderEvent, BooksCheck, numberingBreaks } from '../books-invariant.js';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A command as a test writes it: the world's clock says when. */
export type WorldCommand = DistributiveOmit<OrderCommand, 'now'>;

type Job = {
  readonly kind: 'invoice' | 'cancellation' | 'refund' | 'provider_refund' | 'reinvoice';
  readonly orderId: string;
  readonly eventId: string;
};

let idSequence = 0;

const SYSTEM: Actor = { kind: 'system', id: 'invoices' };

/**
 * The order decider and the invoices' reactor, in memory: each command is decided on its order's
 * stream as the command runner does (time from the Clock), and the documents its events call for
 * are decided as the reactor's jobs decide them (`order-invoicing-decisions`), numbered by the
 * series' pure decider (`invoice-series`). What the app does around these (reading and appending
 * streams, rendering the PDF) is left out; what it decides is not.
 */
export class BooksWorld {
  readonly clock: ManualClock;
  private readonly streams = new Map<string, LoggedOrderEvent[]>();
  private readonly states = new Map<string, OrderState>();
  private readonly series = new Map<string, { state: InvoiceSeriesState; events: RecordedDocumentEvent[] }>();
  private readonly credits = new Map<string, InvoiceCreditsState>();
  private readonly invoiceLog: RecordedInvoiceEvent[] = [];
  private readonly jobs: Job[] = [];
  /** The jobs that failed for good (a document the decisions refuse to draw), with why: never done. */
  readonly failedJobs: (Job & { readonly error: DomainError })[] = [];
  /** The books, kept as the log grows (as verify-books reads it, one event at a time). */
  private readonly books = new BooksCheck();
  /**
   * Where a refund asked of the provider goes: by default the provider makes it at once and reports
   * it; given, it is handed over (the model's provider reports it later, or gives up on it).
   */
  refundAsked: ((orderId: string, eventId: string) => void) | null = null;

  constructor(start: string | ManualClock = '2026-12-20T10:00:00.000Z') {
    this.clock = typeof start === 'string' ? new ManualClock(start) : start;
  }

  /** Ids shaped as the log's (UUIDs), numbered, and never the same in two worlds of a process. */
  private nextId() {
    return `00000000-0000-4000-8000-${String(++idSequence).padStart(12, '0')}`;
  }

  state(orderId: string): OrderState {
    return this.states.get(orderId) ?? initialOrderState();
  }

  stream(orderId: string): readonly LoggedOrderEvent[] {
    return this.streams.get(orderId) ?? [];
  }

  invoiceEvents(): readonly RecordedInvoiceEvent[] {
    return this.invoiceLog;
  }

  documents(): InvoiceDocument[] {
    return this.invoiceLog.flatMap((e) => (e.type === 'InvoiceCreditReserved' ? [] : [e.data.document]));
  }

  /**
   * Decides and records a command; a refusal is answered, not thrown (nothing is recorded then).
   * `as` turns the decided events into those an older version of the decider recorded (a version 1
   * cancellation, read as the upcaster gives it).
   */
  run(
    orderId: string,
    command: WorldCommand,
    as: (events: OrderEvent[]) => OrderEvent[] = (events) => events,
  ): OrderEvent[] | DomainError {
    const now = this.clock.now().toISOString();
    let events: OrderEvent[];
    try {
      events = as(decide({ ...command, now } as OrderCommand, this.state(orderId)));
    } catch (error) {
      if (isDomainError(error)) return error;
      throw error;
    }
    const commandId = this.nextId();
    const stream = this.streams.get(orderId) ?? [];
    let state = this.state(orderId);
    for (const event of events) {
      const recorded = {
        ...event,
        metadata: {
          actor: command.actor,
          commandId,
          correlationId: commandId,
          causationId: commandId,
          occurredAt: now,
        },
      } as RecordedOrderEvent;
      const eventId = this.nextId();
      stream.push({ eventId, event: recorded });
      this.books.addOrderEvent(orderId, { eventId, event: recorded });
      state = evolve(state, recorded);
      this.enqueue(orderId, eventId, recorded);
    }
    this.streams.set(orderId, stream);
    this.states.set(orderId, state);
    return events;
  }

  /** The invoices' reactor: one job per money event, cancellation and refund. */
  private enqueue(orderId: string, eventId: string, event: RecordedOrderEvent) {
    if (issuesInvoice(event.type)) this.jobs.push({ kind: 'invoice', orderId, eventId });
    else if (event.type === 'OrderCancelled') this.jobs.push({ kind: 'cancellation', orderId, eventId });
    else if (event.type === 'OrderReactivated') this.jobs.push({ kind: 'reinvoice', orderId, eventId });
    else if (event.type === 'PaymentRefunded') this.jobs.push({ kind: 'refund', orderId, eventId });
    // The refund reactor: the provider refunds what the team asked, and reports it (charge.refunded).
    else if (event.type === 'RefundRequested') this.jobs.push({ kind: 'provider_refund', orderId, eventId });
  }

  /** Runs the jobs waiting, as the queue does: a job that must wait for another is retried after it. */
  drain(): void {
    for (let attempts = 0; this.jobs.length > 0; attempts++) {
      if (attempts > 1_000) throw new Error('the invoices’ jobs never finish');
      const job = this.jobs.shift()!;
      try {
        if (!this.runJob(job)) this.jobs.push(job);
      } catch (error) {
        // The queue retries it, and it fails again each time: it is never done.
        if (!isDomainError(error)) throw error;
        this.failedJobs.push({ ...job, error });
      }
    }
  }

  /** Runs a job; false when it must be retried (what it needs is not issued yet). */
  private runJob(job: Job): boolean {
    const stream = this.stream(job.orderId);
    const issuedFrom = { streamId: `order-${job.orderId}`, eventId: job.eventId };
    if (job.kind === 'invoice') return this.invoiceMoneyEvent(job.orderId, job.eventId) !== null;
    if (job.kind === 'reinvoice') {
      // One after the other: a balance invoiced again deducts the deposit invoiced again before it.
      for (const call of reinvoicesCalledFor(stream, job.eventId))
        if (!this.issueInvoice(job.orderId, call, { ...issuedFrom, paymentId: call.key.paymentId }))
          return false;
      return true;
    }
    if (job.kind === 'provider_refund') {
      if (this.refundAsked) {
        this.refundAsked(job.orderId, job.eventId);
        return true;
      }
      const requested = stream.find((e) => e.eventId === job.eventId)?.event;
      if (requested?.type !== 'RefundRequested') return true;
      const { payment, amount } = requested.data;
      this.run(job.orderId, {
        type: 'RecordProviderRefund',
        actor: { kind: 'provider', id: 'sandbox' },
        payment,
        refundedTotal: refundedOf(this.state(job.orderId), payment.paymentId) + amount,
        refundId: `re_${job.eventId}`,
      } as WorldCommand);
      return true;
    }
    if (job.kind === 'cancellation') {
      const credit = cancellationCredit(stream, job.eventId);
      if (!credit) return true;
      const invoices = credit.moneyEventIds.map((id) => this.invoiceOf(id));
      if (invoices.some((i) => !i)) return false;
      for (const invoice of invoices)
        this.creditNote(invoice!, {
          reason: credit.reason,
          refundedAt: null,
          issuedFrom,
          requested: 'remainder',
        });
      return true;
    }
    const credit = refundCredit(stream, job.eventId);
    if (!credit) return true;
    // A payment a reactivation invoiced again: its refund credits that invoice, once issued.
    const invoice = credit.reinvoice
      ? this.invoiceOf(invoiceKey(credit.reinvoice))
      : this.invoiceMoneyEvent(job.orderId, credit.moneyEventId);
    if (!invoice) return false;
    this.creditNote(invoice, {
      reason: credit.reason,
      refundedAt: credit.refundedAt,
      issuedFrom,
      requested: credit.requestedWithVat,
    });
    return true;
  }

  private seriesOf(series: 'F' | 'A', year: number) {
    const key = `${series}-${year}`;
    let found = this.series.get(key);
    if (!found) this.series.set(key, (found = { state: initialSeriesState(), events: [] }));
    return found;
  }

  /** The invoice issued for `key` (`invoiceKey`: a money event, or a reactivation and a payment). */
  private invoiceOf(key: string): InvoiceDocument | null {
    for (const [series, { state }] of this.series) {
      if (!series.startsWith('F-')) continue;
      const number = state.issuedFor[key];
      if (number) return this.find(number);
    }
    return null;
  }

  private find(number: string): InvoiceDocument | null {
    const [series, year, sequence] = number.split('-') as ['F' | 'A', string, string];
    return this.seriesOf(series, Number(year)).events[Number(sequence) - 1]?.data.document ?? null;
  }

  private append(
    series: 'F' | 'A',
    year: number,
    issue: Issue,
    issuedFrom: { streamId: string; eventId: string },
  ) {
    if ('alreadyIssued' in issue) return this.find(issue.alreadyIssued)!;
    const target = this.seriesOf(series, year);
    const event = {
      type: series === 'F' ? 'InvoiceIssued' : 'CreditNoteIssued',
      data: { document: issue.issued, pdfSha256: '0'.repeat(64), issuedFrom },
      metadata: {
        actor: SYSTEM,
        commandId: issuedFrom.eventId,
        correlationId: issuedFrom.eventId,
        causationId: issuedFrom.eventId,
        occurredAt: issue.issuedAt,
      },
    } as RecordedDocumentEvent;
    target.state = evolveSeries(target.state, event);
    target.events.push(event);
    this.record(event);
    return issue.issued;
  }

  /** The invoice of a money event, issued once; null while the deposit it deducts is not issued. */
  private invoiceMoneyEvent(orderId: string, eventId: string): InvoiceDocument | null {
    const earlier = this.invoiceOf(eventId);
    if (earlier) return earlier;
    const call = invoiceCalledFor(this.stream(orderId), eventId);
    if (!call) throw new Error(`${eventId} is not a money event`);
    return this.issueInvoice(orderId, call, { streamId: `order-${orderId}`, eventId });
  }

  /** The invoice `call` asks for, issued once for `issuedFrom`; null while a deposit it deducts is not issued. */
  private issueInvoice(orderId: string, call: InvoiceCall, issuedFrom: IssuedFrom): InvoiceDocument | null {
    const earlier = this.invoiceOf(invoiceKey(issuedFrom));
    if (earlier) return earlier;
    const deposits = depositsToDeduct<DepositDeducted>(
      call,
      [...this.series.entries()]
        .filter(([key]) => key.startsWith('F-'))
        .sort(([a], [b]) => a.localeCompare(b))
        .flatMap(([, { state }]) => state.depositsByOrder[orderId] ?? []),
    );
    if (!deposits) return null;
    const now = this.clock.now().toISOString();
    const year = seriesYearOf(now);
    const issue = decideInvoice(this.seriesOf('F', year).state, {
      year,
      order: call.order,
      payment: call.payment,
      issuedFrom,
      seller: testSeller,
      depositsInvoiced: deposits,
      now,
    });
    return this.append('F', year, issue, issuedFrom);
  }

  private creditNote(
    invoice: InvoiceDocument,
    request: {
      reason: string;
      refundedAt: string | null;
      issuedFrom: { streamId: string; eventId: string };
      requested: number | 'remainder';
    },
  ): InvoiceDocument | null {
    const credits = this.credits.get(invoice.number) ?? initialInvoiceCreditsState();
    const now = this.clock.now().toISOString();
    const decision = decideCreditReservation(credits, {
      invoice,
      cause: request.issuedFrom,
      requestedWithVat: request.requested,
      year: seriesYearOf(now),
    });
    if ('nothingLeft' in decision) return null;
    let reservation: CreditReservation;
    if ('reserve' in decision) {
      reservation = decision.reserve;
      this.credits.set(invoice.number, evolveInvoiceCredits(credits, reservation));
      this.record({
        type: 'InvoiceCreditReserved',
        data: { invoiceNumber: invoice.number, ...reservation },
        metadata: {
          actor: SYSTEM,
          commandId: `reserve:${request.issuedFrom.eventId}`,
          correlationId: request.issuedFrom.eventId,
          causationId: request.issuedFrom.eventId,
          occurredAt: now,
        },
      });
    } else reservation = decision.reserved;
    const issue = decideCreditNote(this.seriesOf('A', reservation.creditYear).state, {
      year: reservation.creditYear,
      invoice,
      reason: request.reason,
      refundedAt: request.refundedAt,
      amountWithVat: reservation.amountWithVat,
      issuedFrom: request.issuedFrom,
      now: this.clock.now().toISOString(),
    });
    return this.append('A', reservation.creditYear, issue, request.issuedFrom);
  }

  /** The books of every order: the invariant's breaks. */
  breaks(): BooksBreak[] {
    return this.books.breaks();
  }

  private record(event: RecordedInvoiceEvent) {
    this.invoiceLog.push(event);
    this.books.addInvoiceEvent(event);
  }

  /** Each series numbered without gap, in its stream's order. */
  numbering(): string[] {
    return [...this.series.values()].flatMap(({ events }) =>
      numberingBreaks(events.map((e) => e.data.document)),
    );
  }
}
