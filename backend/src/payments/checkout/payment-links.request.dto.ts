import { ChoiceField, TextField } from '../../infra/http/request-fields.js';

export class PaymentRequestDto {
  @ChoiceField(['deposit', 'monthly_initial'], { message: 'type : deposit ou monthly_initial' })
  type!: 'deposit' | 'monthly_initial';
}

export class FinalizePaymentRequestDto {
  @TextField({
    maxLength: 40,
    trim: true,
    optional: true,
    description: 'The payment type of the return URL (deposit, balance, first_month…)',
  })
  paymentType?: string;

  @TextField({
    maxLength: 200,
    optional: true,
    pattern: { regex: /^[A-Za-z0-9_]{3,200}$/, message: 'Identifiant de paiement invalide' },
    description: "The payment's id of the return URL: says whether that payment was refunded",
    example: 'cs_test_a1b2c3',
  })
  paymentId?: string;
}

/** The providers whose payments a result page can ask about. */
export const checkoutProviders = ['stripe', 'sandbox'] as const;

export class PaymentStatusParams {
  @ChoiceField(checkoutProviders, { message: 'Fournisseur de paiement inconnu' })
  provider!: (typeof checkoutProviders)[number];

  @TextField({
    maxLength: 200,
    pattern: { regex: /^[A-Za-z0-9_]{3,200}$/, message: 'Identifiant de paiement invalide' },
    description: "The payment's id at the provider",
    example: 'cs_test_a1b2c3',
  })
  paymentId!: string;
}
