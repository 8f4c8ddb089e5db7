import { type InvoiceDocument, parisDay } from '@coseso/domain/invoices/invoice-document';
import { type Clock, nowIso } from '@coseso/domain/shared/clock';
import {
  type InvoiceListItem,
  type LedgerTotals,
  invoiceListItem,
  ledgerPeriod,
  ledgerTotalsOfKinds,
  reissueNotes,
} from '@coseso/domain/invoices/invoice-ledger';
import { InvoiceDayTotalsRow } from '@coseso/projections/read-models/invoices/invoice-day-totals.entity';
import { InvoiceRow } from '@coseso/projections/read-models/invoices/invoice.entity';
import { Inject, Injectable } from '@nestjs/common';
import { type DataSource } from 'typeorm';
import { CLOCK, READ_MODELS } from '../../infra/tokens.js';

export interface ListedInvoice extends InvoiceListItem {
  readonly document: InvoiceDocument;
}

const listed = (row: InvoiceRow): ListedInvoice => ({
  ...invoiceListItem(row.document, row.pdfSha256),
  document: row.document,
});

export interface Period {
  readonly from: string;
  readonly to: string;
}

/** Where a page of a period ends: its last document's issue day and place in the log. */
export interface PageCursor {
  readonly issueDate: string;
  readonly position: number;
}

const pageCursor = (row: Pick<InvoiceRow, 'issueDate' | 'position'>) => `${row.issueDate}.${row.position}`;

/** The cursor a page gave as `next` (its form is checked by the request's validation). */
export function parsePageCursor(text: string): PageCursor {
  const [issueDate, position] = text.split('.');
  return { issueDate: issueDate!, position: Number(position) };
}

/** The invoices read model, by order, by period and by number. */
@Injectable()
export class InvoiceReadModel {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private get rows() {
    return this.readModels.getRepository(InvoiceRow);
  }

  /** The order's documents in the order they were issued, an invoice issued again noted as such. */
  async ofOrder(orderId: string): Promise<ListedInvoice[]> {
    const rows = await this.rows.find({ where: { orderId }, order: { position: 'ASC' } });
    const notes = reissueNotes(rows.map((row) => row.document));
    return rows.map((row) => ({
      ...invoiceListItem(row.document, row.pdfSha256, notes.get(row.number) ?? null),
      document: row.document,
    }));
  }

  /**
   * A page of the period's documents in issue order, from after `after` (the `next` of the page
   * before); `next` is null on the last page.
   */
  async pageInPeriod(period: Period, after: PageCursor | null, limit: number) {
    const query = this.rows
      .createQueryBuilder('invoice')
      .where('invoice.issueDate between :from and :to', period)
      .orderBy('invoice.issueDate', 'ASC')
      .addOrderBy('invoice.position', 'ASC')
      .take(limit + 1);
    if (after)
      query.andWhere('(invoice.issueDate, invoice.position) > (:afterDay, :afterPosition)', {
        afterDay: after.issueDate,
        afterPosition: after.position,
      });
    const rows = await query.getMany();
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      invoices: page.map(listed),
      next: rows.length > limit && last ? pageCursor(last) : null,
    };
  }

  /** The period's documents in issue order, `batch` rows at a time: an export of a year in flat memory. */
  async *eachInPeriod(period: Period, batch = 500): AsyncGenerator<ListedInvoice[]> {
    let after: PageCursor | null = null;
    for (;;) {
      const page = await this.pageInPeriod(period, after, batch);
      if (page.invoices.length > 0) yield page.invoices;
      if (!page.next) return;
      after = parsePageCursor(page.next);
    }
  }

  /** The period's totals, credit notes deducted, from its days' sums: a row per day, not per document. */
  async totalsOf(period: Period): Promise<LedgerTotals> {
    const groups = await this.readModels
      .getRepository(InvoiceDayTotalsRow)
      .createQueryBuilder('day')
      .select('day.kind', 'kind')
      .addSelect('sum(day.documents)::int', 'documents')
      .addSelect('sum(day.totalAmount)::bigint', 'totalAmount')
      .addSelect('sum(day.vatAmount)::bigint', 'vatAmount')
      .addSelect('sum(day.totalWithVat)::bigint', 'totalWithVat')
      .where('day.issueDate between :from and :to', period)
      .groupBy('day.kind')
      .getRawMany<{
        kind: InvoiceRow['kind'];
        documents: number;
        totalAmount: string;
        vatAmount: string;
        totalWithVat: string;
      }>();
    return ledgerTotalsOfKinds(
      groups.map((g) => ({
        kind: g.kind,
        documents: Number(g.documents),
        totalAmount: Number(g.totalAmount),
        vatAmount: Number(g.vatAmount),
        totalWithVat: Number(g.totalWithVat),
      })),
    );
  }

  period(from: string | undefined, to: string | undefined) {
    return ledgerPeriod(from, to, parisDay(nowIso(this.clock)));
  }

  /**
   * The documents issued in the period and those whose payment (or refund) date is in it: a payment
   * is never dated after its invoice, so those are issued on or after the period's first day.
   */
  async issuedOrPaidIn(from: string | undefined, to: string | undefined) {
    const period = this.period(from, to);
    const rows = await this.rows
      .createQueryBuilder('invoice')
      .where('invoice.issueDate >= :from', period)
      .andWhere(
        "(invoice.issueDate <= :to OR CAST(invoice.document->>'paymentDate' AS date) BETWEEN :from AND :to)",
        period,
      )
      .orderBy('invoice.issueDate', 'ASC')
      .addOrderBy('invoice.position', 'ASC')
      .getMany();
    return { period, documents: rows.map((row) => row.document as InvoiceDocument) };
  }

  async byNumber(number: string): Promise<ListedInvoice | null> {
    const row = await this.rows.findOne({ where: { number } });
    return row ? listed(row) : null;
  }
}
