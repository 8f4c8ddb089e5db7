import { Column, Entity, PrimaryColumn } from 'typeorm';

const asNumber = { to: (v: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

/**
 * What the documents of one issue day and one kind count for in the books (`bookedAmountsOf`: a
 * final invoice without the deposits it deducts), summed: a period's totals add up at most a row
 * per day and kind, whatever the number of documents (the accountant's page at 100,000 invoices).
 * Amounts are as issued, positive; a credit note's count against the period when read.
 */
@Entity({ name: 'invoice_day_totals' })
export class InvoiceDayTotalsRow {
  /** The issue day on the Paris calendar, YYYY-MM-DD. */
  @PrimaryColumn('date', { name: 'issue_date' })
  issueDate!: string;

  @PrimaryColumn('text')
  kind!: string;

  @Column('int')
  documents!: number;

  /** HT, cents. */
  @Column('bigint', { name: 'total_amount', transformer: asNumber })
  totalAmount!: number;

  @Column('bigint', { name: 'vat_amount', transformer: asNumber })
  vatAmount!: number;

  /** TTC, cents. */
  @Column('bigint', { name: 'total_with_vat', transformer: asNumber })
  totalWithVat!: number;
}
