import { type InvoiceDocument } from '@coseso/domain/invoices/invoice-document';
import { creditNoteFor, invoiceDocumentFor } from '@coseso/domain/invoices/invoice-document-for';
import { testSeller } from '@coseso/domain/invoices/testing/test-seller';
import { orderIn } from '@coseso/domain/orders/testing/order-test-kit';
import { type NewEvent } from '@coseso/event-store/event-store';

const issued = (document: InvoiceDocument, eventId: string, n: number): NewEvent => ({
  type: document.kind === 'credit_note' ? 'CreditNoteIssued' : 'InvoiceIssued',
  schemaVersion: 1,
  data: {
    document,
    pdfSha256: n.toString(16).padStart(64, '0'),
    issuedFrom: { streamId: `order-${document.order.orderId}`, eventId },
  },
  metadata: {
    actor: { kind: 'system', id: 'invoices' },
    occurredAt: `${document.issueDate}T10:00:00.000Z`,
    commandId: `issue:${eventId}`,
    correlationId: eventId,
    causationId: eventId,
  },
});

/**
 * A yearly order's deposit invoice and final invoice (F series), and the credit note of the
 * deposit invoice (A series), as the invoices' jobs append them.
 */
export function invoiceSeriesEvents(orderId: string, buyer: string): { F: NewEvent[]; A: NewEvent[] } {
  const order = orderIn('ready_for_delivery', {
    billing: 'yearly',
    orderId,
    form: { companyName: buyer },
  }).state;
  const paid = (purpose: 'deposit' | 'balance', amountWithVat: number, paidAt: string) => ({
    purpose,
    provider: 'sandbox' as const,
    paymentId: `cs_${purpose}`,
    amountWithVat,
    paidAt,
  });
  const deposit = invoiceDocumentFor({
    order,
    payment: paid('deposit', order.price!.depositWithVat, '2026-03-01T10:00:00Z'),
    number: 'F-2026-000001',
    issuedAt: '2026-03-01T10:00:01Z',
    seller: testSeller,
  });
  const balance = invoiceDocumentFor({
    order,
    payment: paid('balance', order.price!.remainingWithVat, '2026-04-01T10:00:00Z'),
    number: 'F-2026-000002',
    issuedAt: '2026-04-01T10:00:01Z',
    seller: testSeller,
    depositsInvoiced: [
      { number: deposit.number, issueDate: deposit.issueDate, amountWithVat: deposit.paidWithVat },
    ],
  });
  const credit = creditNoteFor(deposit, {
    number: 'A-2026-000001',
    issuedAt: '2026-03-05T09:00:00Z',
    reason: 'Annulation de la commande dans le délai de garantie de 14 jours',
    refundedAt: null,
  });
  return {
    F: [
      issued(deposit, '00000000-0000-4000-8000-000000000001', 1),
      issued(balance, '00000000-0000-4000-8000-000000000002', 2),
    ],
    A: [issued(credit, '00000000-0000-4000-8000-000000000003', 3)],
  };
}
