import { ChoiceField } from '../../infra/http/request-fields.js';
import { checkoutProviders } from '../checkout/payment-links.request.dto.js';

export class PaymentWebhookParams {
  @ChoiceField(checkoutProviders, { message: 'Fournisseur de paiement inconnu' })
  provider!: (typeof checkoutProviders)[number];
}
