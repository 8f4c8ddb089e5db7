import { ChoiceField, TextField } from '../../infra/http/request-fields.js';

const CheckoutId = () =>
  TextField({
    maxLength: 40,
    pattern: { regex: /^cs_sandbox_[0-9a-f]{24}$/, message: 'Paiement inconnu' },
    description: "The sandbox checkout's id",
  });
const SubscriptionId = () =>
  TextField({
    maxLength: 40,
    pattern: { regex: /^sub_sandbox_[0-9a-f]{24}$/, message: 'Abonnement inconnu' },
    description: "The sandbox subscription's id",
  });

export class SandboxCheckoutParams {
  @CheckoutId()
  paymentId!: string;
}

export const sandboxActions = ['pay', 'fail', 'cancel'] as const;

export class SandboxCheckoutActionParams {
  @CheckoutId()
  paymentId!: string;

  @ChoiceField(sandboxActions, {
    message: 'Action inconnue',
    description: 'Payer, Simuler un échec, Annuler',
  })
  action!: (typeof sandboxActions)[number];
}

export class SandboxSubscriptionParams {
  @SubscriptionId()
  subscriptionId!: string;
}

export class SandboxCardRequestDto {
  @ChoiceField(['valid', 'refused', 'declines_next'], { message: 'Choix de carte inconnu' })
  outcome!: 'valid' | 'refused' | 'declines_next';

  @TextField({
    maxLength: 2000,
    format: 'uri',
    pattern: { regex: /^https?:\/\/[^\s]+$/, message: 'Adresse de retour invalide' },
    description: 'Where the browser goes back to; must be one of the app’s own origins',
  })
  returnUrl!: string;
}
