import { type PaymentKind } from './payment-types';

export interface PaymentSuccessText {
  title: string;
  message: string;
  /** What happens next, in one or two sentences. */
  next: string;
}

const accountNext =
  'Votre espace client est en cours de création : vous allez recevoir un email pour choisir votre mot de passe, puis signer votre contrat.';

const subscriptionStart =
  'Votre abonnement mensuel démarrera avec le paiement du premier mois, une fois votre maquette validée.';

/** For a client already signed in: the new order joins the account they have, no password to choose. */
const signedInAccountNext =
  'Cette commande rejoint votre espace client, à côté de vos autres commandes : vous y signerez son contrat dès qu’il est prêt.';

/**
 * « La suite » of a payment: the first payments open an account, except for a client signed in,
 * whose new order joins the account they have.
 */
export function paymentNext(kind: PaymentKind, signedIn: boolean): string {
  if (!signedIn || (kind !== 'deposit' && kind !== 'setup_fee' && kind !== 'monthly_first'))
    return paymentSuccessTexts[kind].next;
  return kind === 'setup_fee' ? `${signedInAccountNext} ${subscriptionStart}` : signedInAccountNext;
}

/** The success page's text for each kind of payment (spec §4: each type has its own). */
export const paymentSuccessTexts: Record<PaymentKind, PaymentSuccessText> = {
  deposit: {
    title: 'Acompte reçu',
    message:
      "Merci ! L'acompte de votre commande a bien été reçu : la création de votre site peut commencer.",
    next: accountNext,
  },
  setup_fee: {
    title: 'Frais de mise en service reçus',
    message: 'Merci ! Les frais de mise en service de votre site ont bien été reçus.',
    next: `${accountNext} ${subscriptionStart}`,
  },
  monthly_first: {
    title: 'Abonnement activé',
    message: 'Merci ! Votre premier paiement mensuel a bien été reçu et votre abonnement est activé.',
    next: accountNext,
  },
  first_month: {
    title: 'Abonnement démarré',
    message: 'Merci ! Votre premier mois est réglé : votre abonnement mensuel a démarré.',
    next: 'Votre site va être mis en ligne très prochainement. Les mois suivants seront prélevés automatiquement chaque mois, à la date anniversaire de ce paiement, sans engagement.',
  },
  balance: {
    title: 'Solde réglé',
    message: 'Merci ! Le solde de votre commande a bien été reçu : votre site est entièrement payé.',
    next: "Notre équipe prépare maintenant la mise en ligne de votre site ; vous recevrez un email dès qu'il sera livré.",
  },
  account_manager: {
    title: 'Account Manager ajouté',
    message: 'Merci ! Votre paiement a bien été reçu : un Account Manager dédié suivra votre projet.',
    next: 'Il vous sera attribué sous 24 h et vous contactera par email pour faire connaissance.',
  },
  other: {
    title: 'Paiement confirmé',
    message: 'Merci ! Votre paiement a bien été reçu.',
    next: "Vous pouvez suivre l'avancement de votre commande depuis votre espace client.",
  },
};
