import { ERASED } from '@coseso/event-schemas/personal-fields';

/** An email of the order that the queue gave up on (OrderEmailFailed), as the order keeps it. */
export interface EmailFailure {
  readonly template: string;
  readonly recipient: string;
  readonly emailKey: string;
  /** When the email was first asked for. */
  readonly since: string;
  /** When the queue gave up on it. */
  readonly failedAt: string;
  readonly attempts: number;
  readonly error: string;
}

/** Which email, in the team's words. */
const emailLabels: Record<string, string> = {
  'order-confirmation': 'Confirmation de commande',
  'payment-receipt': 'Reçu de paiement',
  'account-created': 'Création du compte client',
  'password-reset': 'Réinitialisation du mot de passe',
  'contract-to-sign': 'Contrat à signer',
  'brief-opened': 'Brief ouvert',
  'brief-received': 'Brief reçu',
  'brief-validated': 'Brief validé',
  'more-elements-requested': 'Éléments complémentaires demandés',
  'review-ready': 'Site prêt à être relu',
  'changes-done': 'Modifications effectuées',
  delivered: 'Site livré',
  'subscription-cancelled': 'Abonnement résilié',
  'payment-failed': "Échec du paiement de l'abonnement",
  'final-payment-due': 'Solde ou premier mois à régler',
  'order-cancelled': 'Annulation de la commande',
  'order-reactivated': 'Réactivation de la commande',
  'test-email': 'Email de test',
};

export const emailLabel = (template: string): string => emailLabels[template] ?? template;

/** What erasing the contact leaves of the failures: which email and when, not to whom or why. */
export const eraseEmailFailures = (failures: readonly EmailFailure[] | undefined) =>
  failures?.map((failure) => ({ ...failure, recipient: ERASED, error: ERASED }));
