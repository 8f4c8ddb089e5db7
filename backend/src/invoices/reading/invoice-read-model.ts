import { type InvoiceDocument, parisDay } from '@coseso/domain/invoices/invoice-document';
import { type Clock, nowIso } from '@coseso/domain/shared/clock';
import { type InvoiceListItem, invoiceListItem, ledgerPeriod } from '@coseso/domain/invoices/invoice-ledger';
import { InvoiceRow } from '@coseso/projections/read-models/invoices/invoice.entity';
import { Inject, Injectable } from '@nestjs/common';
import { Between, type DataSource } from 'typeorm';
import { CLOCK, READ_MODELS } from '../../infra/tokens.js';

export interface ListedInvoice extends InvoiceListItem {
  readonly document: InvoiceDocument;
}

const listed = (row: InvoiceRow): ListedInvoice => ({
  ...invoiceListItem(row.document, row.pdfSha256),
  document: row.document,
});

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

  async ofOrder(orderId: string): Promise<ListedInvoice[]> {
    return (await this.rows.find({ where: { orderId }, order: { position: 'ASC' } })).map(listed);
  }

  async inPeriod(from: string | undefined, to: string | undefined) {
    const period = this.period(from, to);
    const rows = await this.rows.find({
      where: { issueDate: Between(period.from, period.to) },
      order: { issueDate: 'ASC', position: 'ASC' },
    });
    return { period, invoices: rows.map(listed) };
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
