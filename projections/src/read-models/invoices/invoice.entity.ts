import { type InvoiceDocumentData } from '@coseso/event-schemas/invoice/invoice-events';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

const asNumber = { to: (v: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

/**
 * One row per invoice, deposit invoice and credit note issued: the client's list, the order's
 * panel and the accountant's period. Kept whole after an erasure (ten years' legal retention).
 */
@Entity({ name: 'invoice' })
@Index(['orderId', 'position'])
@Index(['issueDate', 'position'])
export class InvoiceRow {
  /** F-2026-000123, A-2026-000007. */
  @PrimaryColumn('text')
  number!: string;

  @Column('text')
  kind!: InvoiceDocumentData['kind'];

  @Column('uuid', { name: 'order_id' })
  orderId!: string;

  @Column('int', { name: 'order_number' })
  orderNumber!: number;

  /** The issue day on the Paris calendar, YYYY-MM-DD. */
  @Column('date', { name: 'issue_date' })
  issueDate!: string;

  /** Its event's place in the log: the documents' order. */
  @Column('bigint', { transformer: asNumber })
  position!: number;

  @Column('text')
  purpose!: InvoiceDocumentData['purpose'];

  /** HT, cents. */
  @Column('int', { name: 'total_amount' })
  totalAmount!: number;

  @Column('int', { name: 'vat_amount' })
  vatAmount!: number;

  /** TTC, cents. */
  @Column('int', { name: 'total_with_vat' })
  totalWithVat!: number;

  /** For a credit note, the invoice it corrects. */
  @Column('text', { nullable: true })
  corrects!: string | null;

  @Column('text', { name: 'pdf_sha256' })
  pdfSha256!: string;

  /** The document as issued: the PDF is rendered from it, the CSV reads its VAT breakdown. */
  @Column('json')
  document!: InvoiceDocumentData;
}
