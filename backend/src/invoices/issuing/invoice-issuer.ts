import {
  invoiceCreditsStreamId,
  invoiceStreamId,
  readDocumentEvent,
  readInvoiceEvent,
} from '@coseso/domain/events/event-reader';
import { type DepositDeducted, type InvoiceDocument } from '@coseso/domain/invoices/invoice-document';
import {
  type CreditReservation,
  type InvoiceSeries,
  type InvoiceSeriesState,
  type IssueCreditNote,
  type IssueInvoice,
  type Issue,
  type IssuedFrom,
  type ReserveCredit,
  creditKey,
  decideCreditNote,
  decideCreditReservation,
  decideInvoice,
  evolveInvoiceCredits,
  evolveSeries,
  initialInvoiceCreditsState,
  initialSeriesState,
  invoiceKey,
  seriesYearOf,
} from '@coseso/domain/invoices/invoice-series';
import { currentDefinition, validateEvent } from '@coseso/event-schemas/catalog';
import { type EventStore, isWrongExpectedRevision } from '@coseso/event-store/event-store';
import { type Clock, systemClock } from '@coseso/domain/shared/clock';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, EVENT_STORE } from '../../infra/tokens.js';
import { renderFacturX } from '../factur-x-pdf.js';

/** A document as its series' stream holds it. */
export interface IssuedDocument {
  readonly document: InvoiceDocument;
  readonly pdfSha256: string;
  readonly issuedFrom: IssuedFrom;
  /** Global position of its event: a read model has it once it has applied this position. */
  readonly position: bigint;
}

interface SeriesView {
  readonly revision: bigint; // -1 for a series not started
  readonly state: InvoiceSeriesState;
}

const MAX_ATTEMPTS = 100;

/** A credit note asked by one cause: what it gives back is decided against the invoice's other credits. */
export type CreditNoteRequest = Omit<IssueCreditNote, 'year' | 'now' | 'amountWithVat'> &
  Pick<ReserveCredit, 'requestedWithVat'>;
const SYSTEM = { kind: 'system', id: 'invoices' } as const;

/** `F-2026-000123` → the F series of 2026, and its event's revision in that stream (122). */
export function placeOf(number: string): { series: InvoiceSeries; year: number; revision: bigint } {
  const [series, year, sequence] = number.split('-') as [InvoiceSeries, string, string];
  return { series, year: Number(year), revision: BigInt(Number(sequence) - 1) };
}

/**
 * Issues the numbered documents. A number is a document's place in its series' stream
 * (`invoice-F-2026`), taken by an append with the stream's expected revision: two issuers racing
 * for the same number, in this process or another, see one append refused, read the winner's and
 * decide again, so the series has no gap and no repeat. In this process the issues of a series
 * also queue one behind the other: the PDF is rendered after the number is decided (the number is
 * printed in it), and a lost race would throw that rendering away.
 */
@Injectable()
export class InvoiceIssuer {
  private readonly views = new Map<string, SeriesView>();
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /** Now, as the issuer dates documents. */
  now(): string {
    return this.clock.now().toISOString();
  }

  /**
   * The invoice of one money event (or of one payment a reactivation invoices again), issued once: a
   * second call answers the first document.
   */
  issueInvoice(command: Omit<IssueInvoice, 'year' | 'now'>): Promise<IssuedDocument> {
    return this.issue(
      'F',
      `issue:${invoiceKey(command.issuedFrom)}`,
      command.issuedFrom,
      (state, year, now) => decideInvoice(state, { ...command, year, now }),
    );
  }

  /**
   * The credit note of an invoice for one cause (a cancellation, a refund), issued once per cause;
   * null when the invoice's other credits left nothing to give back. What it gives back is first
   * reserved on the invoice's own stream, then numbered in the A series of the reservation's year:
   * asked again in a later year, the same cause finds its reservation and its credit note there.
   */
  async issueCreditNote(request: CreditNoteRequest): Promise<IssuedDocument | null> {
    const reservation = await this.reserveCredit(request);
    if (!reservation) return null;
    const { requestedWithVat: _asked, ...command } = request;
    return this.issue(
      'A',
      `credit:${creditKey(request.invoice.number, request.issuedFrom.eventId)}`,
      request.issuedFrom,
      (state, year, now) =>
        decideCreditNote(state, { ...command, amountWithVat: reservation.amountWithVat, year, now }),
      reservation.creditYear,
    );
  }

  /**
   * A cause's part of an invoice, appended with the expected revision of the invoice's stream: two
   * causes racing, in any process and any year, see one append refused, and the loser decides again
   * on what the winner left.
   */
  private async reserveCredit(request: CreditNoteRequest): Promise<CreditReservation | null> {
    const stream = invoiceCreditsStreamId(request.invoice.number);
    for (let attempt = 1; ; attempt++) {
      const stored = await this.store.readStream(stream);
      let state = initialInvoiceCreditsState();
      for (const record of stored) {
        const event = readInvoiceEvent(record);
        if (event.type === 'InvoiceCreditReserved') state = evolveInvoiceCredits(state, event.data);
      }
      const decision = decideCreditReservation(state, {
        invoice: request.invoice,
        cause: request.issuedFrom,
        requestedWithVat: request.requestedWithVat,
        year: seriesYearOf(this.now()),
      });
      if ('nothingLeft' in decision) return null;
      if ('reserved' in decision) return decision.reserved;
      const type = 'InvoiceCreditReserved';
      const event = {
        type,
        schemaVersion: currentDefinition(type).schemaVersion,
        data: { invoiceNumber: request.invoice.number, ...decision.reserve },
        metadata: {
          actor: SYSTEM,
          commandId: `reserve:${request.issuedFrom.eventId}`,
          correlationId: request.issuedFrom.eventId,
          causationId: request.issuedFrom.eventId,
          occurredAt: this.now(),
        },
      };
      assertConforms(event);
      const last = stored.at(-1);
      try {
        await this.store.appendToStream(stream, [event], {
          expectedRevision: last ? last.streamRevision : 'no_stream',
          commandId: event.metadata.commandId,
        });
        return decision.reserve;
      } catch (error) {
        if (!isWrongExpectedRevision(error) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * The number issued for an event of an order (`invoiceKey`: with the payment, for a reactivation's
   * invoice), looked for in the series of the given years.
   */
  async issuedFor(series: InvoiceSeries, key: string, years: readonly number[]): Promise<string | null> {
    for (const year of years) {
      const { state } = await this.catchUp(invoiceStreamId(series, year));
      const number = state.issuedFor[key];
      if (number) return number;
    }
    return null;
  }

  /** An order's deposit invoices, from the F series of the given years. */
  async depositsOf(orderId: string, years: readonly number[]): Promise<DepositDeducted[]> {
    const deposits: DepositDeducted[] = [];
    for (const year of years) {
      const { state } = await this.catchUp(invoiceStreamId('F', year));
      deposits.push(...(state.depositsByOrder[orderId] ?? []));
    }
    return deposits;
  }

  /** A document by its number, read from its place in its series; null when there is none. */
  async find(number: string): Promise<IssuedDocument | null> {
    const { series, year, revision } = placeOf(number);
    const [stored] = await this.store.readStream(invoiceStreamId(series, year), { fromRevision: revision });
    if (!stored || stored.streamRevision !== revision) return null;
    const event = readDocumentEvent(stored);
    return { ...event.data, position: stored.position };
  }

  private issue(
    series: InvoiceSeries,
    commandId: string,
    issuedFrom: IssuedFrom,
    decide: (state: InvoiceSeriesState, year: number, now: string) => Issue,
    seriesYear?: number,
  ): Promise<IssuedDocument> {
    const run = async (): Promise<IssuedDocument> => {
      for (let attempt = 1; ; attempt++) {
        const now = this.now();
        const year = seriesYear ?? seriesYearOf(now);
        const stream = invoiceStreamId(series, year);
        const view = await this.catchUp(stream);
        const issue = decide(view.state, year, now);
        if ('alreadyIssued' in issue) return (await this.find(issue.alreadyIssued))!;
        const { sha256 } = await renderFacturX(issue.issued);
        const type = series === 'A' ? 'CreditNoteIssued' : 'InvoiceIssued';
        const event = {
          type,
          schemaVersion: currentDefinition(type).schemaVersion,
          data: { document: issue.issued, pdfSha256: sha256, issuedFrom },
          metadata: {
            actor: SYSTEM,
            commandId,
            correlationId: issuedFrom.eventId,
            causationId: issuedFrom.eventId,
            occurredAt: issue.issuedAt,
          },
        };
        assertConforms(event);
        try {
          const result = await this.store.appendToStream(stream, [event], {
            expectedRevision: view.revision < 0n ? 'no_stream' : view.revision,
            commandId,
          });
          if (result.duplicate) return (await this.findAt(stream, result.nextRevision))!;
          this.views.set(stream, {
            revision: result.nextRevision,
            state: evolveSeries(view.state, { type, data: event.data, metadata: event.metadata } as never),
          });
          return { ...event.data, position: result.position };
        } catch (error) {
          if (!isWrongExpectedRevision(error) || attempt >= MAX_ATTEMPTS) throw error;
          // Another process took the number: let it render its next one before racing it again.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * Math.min(attempt, 10)));
        }
      }
    };
    // One issue at a time per series in this process; a failed one does not stop the next.
    const key = series;
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(run);
    this.queues.set(key, next);
    return next;
  }

  private async findAt(stream: string, revision: bigint): Promise<IssuedDocument | null> {
    const [stored] = await this.store.readStream(stream, { fromRevision: revision });
    if (!stored) return null;
    return { ...readDocumentEvent(stored).data, position: stored.position };
  }

  /** The series' state with whatever was appended since this process last looked. */
  private async catchUp(stream: string): Promise<SeriesView> {
    let view = this.views.get(stream) ?? { revision: -1n, state: initialSeriesState() };
    const events = await this.store.readStream(stream, { fromRevision: view.revision + 1n });
    for (const stored of events)
      view = { revision: stored.streamRevision, state: evolveSeries(view.state, readDocumentEvent(stored)) };
    if (events.length > 0) this.views.set(stream, view);
    return view;
  }
}

function assertConforms(event: Parameters<typeof validateEvent>[0]): void {
  const validation = validateEvent(event);
  if (!validation.ok)
    throw new Error(`${event.type} does not conform to its schema: ${validation.problems.join('; ')}`);
}
