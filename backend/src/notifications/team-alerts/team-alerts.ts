import { agencyContact } from '@coseso/domain/shared/agency-contact';
import { emailLabel } from '@coseso/domain/orders/email-failures';
import { paymentPurposeLabels } from '@coseso/domain/orders/payment-labels';
import { type OrderEvent } from '@coseso/event-schemas/order/order-events';

/** What a client did (or what happened to the order) that the team must hear about. */
export type TeamAlertKind =
  'brief-submitted' | 'changes-requested' | 'review-approved' | 'payment-failed' | 'email-failed';

export interface TeamAlert {
  readonly kind: TeamAlertKind;
  /** In a few words, for the subject: « Brief envoyé ». */
  readonly title: string;
  /** The alert in the team's words, without the order (the email names it). */
  readonly what: string;
}

/** The emails that go to the team's own address: one of them failing tells the team nothing new. */
const toTheTeam = new Set(['team-alert', 'new-messages']);

/**
 * The alert an order event is for the team, or null: a brief submitted, changes requested, a
 * review approved, a payment failed (a card refused at checkout or a monthly renewal), an email to
 * the client given up on. A client's message is not here: the conversation already emails the team
 * (at most once per 15 minutes per order), and two emails for one message would be one too many.
 */
export function teamAlertOf(event: OrderEvent): TeamAlert | null {
  switch (event.type) {
    case 'BriefSubmitted':
      return {
        kind: 'brief-submitted',
        title: 'Brief envoyé',
        what: event.data.nothingToSend
          ? "Le client a envoyé son brief, sans fichier (il n'a rien d'autre à transmettre)."
          : `Le client a envoyé son brief (${event.data.fileCount} fichier${event.data.fileCount > 1 ? 's' : ''}).`,
      };
    case 'ChangesRequested':
      return {
        kind: 'changes-requested',
        title: 'Modifications demandées',
        what: `Le client demande des modifications (tour de relecture ${event.data.round}).`,
      };
    case 'ReviewApproved':
      return {
        kind: 'review-approved',
        title: 'Maquette validée',
        what: `Le client a validé la maquette (tour de relecture ${event.data.round}) : le solde ou le premier mois est à demander.`,
      };
    case 'CheckoutClosed':
      return event.data.outcome === 'failed'
        ? {
            kind: 'payment-failed',
            title: 'Paiement échoué',
            what: `Le paiement par carte a échoué (${paymentPurposeLabels[event.data.purpose]}).`,
          }
        : null;
    case 'SubscriptionPaymentFailed':
      return {
        kind: 'payment-failed',
        title: 'Prélèvement échoué',
        what: `Le prélèvement mensuel de l'abonnement a échoué${event.data.reason ? ` (${event.data.reason})` : ''}.`,
      };
    case 'OrderEmailFailed':
      return toTheTeam.has(event.data.template) || event.data.recipient === agencyContact.supportEmail
        ? null
        : {
            kind: 'email-failed',
            title: 'Email non distribué',
            what: `Un email au client n'a pas pu être distribué (« ${emailLabel(event.data.template)} ») après ${event.data.attempts} tentative${event.data.attempts > 1 ? 's' : ''}.`,
          };
    default:
      return null;
  }
}
