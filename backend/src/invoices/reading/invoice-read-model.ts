import { type InvoiceDocument, parisDay } from '@coseso/domain/invoices/invoice-document';
import { type InvoiceListItem, invoiceListItem, ledgerPeriod } from '@coseso/domain/invoices/invoice-ledger';
import { InvoiceRow } from '@coseso/projections/read-models/invoices/invoice.entity';
import { Inject, Injectable } from '@nestjs/common';
import { Between, type DataSource } from 'typeorm';
import { READ_MODELS } from '../../infra/tokens.js';

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
  constructor(@Inject(READ_MODELS) private readonly readModels: DataSource) {}

  private get rows() {
    return this.readModels.getRepository(InvoiceRow);
  }

  async ofOrder(orderId: string): Promise<ListedInvoice[]> {
    return (await this.rows.find({ where: { orderId }, order: { position: 'ASC' } })).map(listed);
  }

  async inPeriod(from: string | undefined, to: string | undefined) {
    const period = ledgerPeriod(from, to, parisDay(new Date().toISOString()));
    const rows = await this.rows.find({
      where: { issueDate: Between(period.from, period.to) },
      order: { issueDate: 'ASC', position: 'ASC' },
    });
    return { period, invoices: rows.map(listed) };
  }

  async byNumber(number: string): Promise<ListedInvoice | null> {
    const row = await this.rows.findOne({ where: { number } });
    return row ? listed(row) : null;
  }
}
