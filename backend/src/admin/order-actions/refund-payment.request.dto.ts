import { IntField, TextField } from '../../infra/http/request-fields.js';

/** `POST /api/admin/orders/:orderId/refunds`: which payment, how much of it (TTC), and why. */
export class RefundPaymentRequestDto {
  @TextField({
    maxLength: 200,
    minLength: 1,
    trim: true,
    requiredMessage: 'Le paiement à rembourser est requis',
    minMessage: 'Le paiement à rembourser est requis',
    description: 'The payment’s id, as the order holds it (a checkout’s, or a renewal’s invoice)',
  })
  paymentId!: string;

  @IntField({
    min: 1,
    max: 100_000_000,
    requiredMessage: 'Le montant à rembourser est requis',
    description: 'VAT included, euro cents; at most what is left of the payment',
  })
  amount!: number;

  @TextField({
    maxLength: 2000,
    minLength: 1,
    trim: true,
    requiredMessage: 'Le motif du remboursement est requis',
    minMessage: 'Le motif du remboursement est requis',
    description: 'Why the money is given back; kept in the log, shown in the history',
  })
  reason!: string;
}
