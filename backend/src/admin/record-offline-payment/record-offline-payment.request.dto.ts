import { TextField } from '../../infra/http/request-fields.js';

export class RecordOfflinePaymentRequestDto {
  @TextField({
    maxLength: 200,
    minLength: 1,
    trim: true,
    requiredMessage: 'La référence du paiement est requise (virement, chèque…)',
    minMessage: 'La référence du paiement est requise (virement, chèque…)',
    description: 'The payment’s reference (bank transfer, cheque…)',
  })
  reference!: string;

  @TextField({
    maxLength: 10,
    trim: true,
    format: 'date',
    requiredMessage: 'La date de réception du paiement est requise (jj/mm/aaaa)',
    pattern: {
      regex: /^\d{4}-\d{2}-\d{2}$/,
      message: 'La date de réception du paiement est requise (jj/mm/aaaa)',
    },
    description: 'The day the payment was received, YYYY-MM-DD (Paris); never in the future',
  })
  receivedOn!: string;
}
