import { schema } from '../../infra/http/api-schemas.js';

export const invoiceItemSchema = schema.object({
  number: schema.string('F-YYYY-NNNNNN (invoices), A-YYYY-NNNNNN (credit notes)'),
  kind: schema.string('invoice, deposit_invoice or credit_note'),
  kindLabel: schema.string('Facture, Facture d’acompte or Avoir'),
  issueDate: schema.string('YYYY-MM-DD, Paris calendar'),
  orderId: schema.string(),
  orderNumber: schema.integer(),
  buyerName: schema.string(),
  totalAmount: schema.integer(
    'HT, euro cents: what the document counts for, a final invoice without its deposits',
  ),
  vatAmount: schema.integer('VAT, euro cents'),
  totalWithVat: schema.integer('TTC, euro cents: what it collected, or what a credit note gives back'),
  depositsDeductedWithVat: schema.integer('The deposit invoices a final invoice deducts, TTC, euro cents'),
  corrects: schema.nullable(schema.string('For a credit note: the invoice it corrects')),
  pdfSha256: schema.string('SHA-256 of the PDF'),
  note: schema.nullable(
    schema.string(
      "Why the document is there, in French: « Facture réémise suite à la réactivation de votre commande » (the order's lists)",
    ),
  ),
  pdfUrl: schema.string(),
});
