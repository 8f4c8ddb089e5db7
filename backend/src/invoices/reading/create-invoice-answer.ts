import { type InvoiceDocument } from '@coseso/domain/invoices/invoice-document';

/**
 * `create-invoice`'s answer in the specification's shape (number, orderNumber, customer, lines,
 * totals HT, VAT and TTC), from an issued document, with its kind, date and PDF beside.
 */
export function createInvoiceAnswer(doc: InvoiceDocument) {
  const address = doc.buyer.address;
  return {
    number: doc.number,
    kind: doc.kind,
    issueDate: doc.issueDate,
    pdfUrl: `/api/client/orders/${doc.order.orderId}/invoices/${doc.number}/pdf`,
    orderNumber: doc.order.orderNumber,
    customer: {
      company: doc.buyer.name,
      name: doc.buyer.contactName ?? '',
      email: doc.buyer.email ?? '',
      address: [address.line1, address.line2, `${address.postcode} ${address.city}`.trim()]
        .filter(Boolean)
        .join(', '),
    },
    lines: doc.lines,
    totalWithVat: doc.totalWithVat,
    totalHT: doc.totalAmount,
    vat: doc.vatAmount,
  };
}
