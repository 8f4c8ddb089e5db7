import { offlinePaymentMeans } from '@coseso/event-schemas/order/order-keys';
import { ChoiceField, TextField } from '../../infra/http/request-fields.js';

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
    description:
      'The day the payment was received, YYYY-MM-DD (Paris): between the order’s first payment request (or its creation) and today',
  })
  receivedOn!: string;

  @ChoiceField(offlinePaymentMeans, {
    requiredMessage: 'Le moyen de paiement est requis (virement, chèque ou espèces)',
    message: 'Le moyen de paiement doit être virement (transfer), chèque (cheque) ou espèces (cash)',
    description: 'How it came in: transfer, cheque or cash (EN 16931 payment means 30, 20, 10)',
  })
  means!: string;
}
