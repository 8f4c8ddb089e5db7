import { agencyContact } from '@coseso/domain/shared/agency-contact';
import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@/ui/button';
import { type PaymentAudience } from '../hooks/use-payment-order';
import { type PaymentErrorKind } from '../utils/payment-outcome';
import { type PaymentKind, retryRhythmOf } from '../utils/payment-types';
import { DASHBOARD_PATH, clientAreaLoginHref } from './client-area-links';
import { PaymentResultLayout, ResultActions } from './payment-result-layout';
import { RetryFinalPaymentButton, RetryPaymentButton } from './retry-payment-button';

const notDebited = "aucun montant n'a été débité";

/**
 * A client has an account to resume from; a visitor, before the first payment, has none yet: only
 * this page's button and the order's own link.
 */
const errorTexts: Record<
  PaymentErrorKind,
  { title: string; message: string | Record<PaymentAudience, string> }
> = {
  failed: {
    title: 'Paiement échoué',
    message: `Votre paiement n'a pas abouti et ${notDebited}. Vous pouvez réessayer, avec la même carte ou une autre.`,
  },
  canceled: {
    title: 'Paiement annulé',
    message: {
      client: `Vous avez annulé le paiement et ${notDebited}. Votre commande est conservée : vous pouvez reprendre le paiement à tout moment depuis votre espace client.`,
      visitor: `Vous avez annulé le paiement et ${notDebited}. Votre commande est conservée : vous pouvez reprendre le paiement à tout moment, ici ou depuis le lien de votre commande.`,
    },
  },
  expired: {
    title: 'Lien de paiement expiré',
    message: {
      client:
        "Ce lien de paiement n'est plus valable. Un nouveau lien est généré automatiquement depuis votre espace client.",
      visitor:
        "Ce lien de paiement n'est plus valable. Réessayez le paiement : un nouveau lien est généré automatiquement.",
    },
  },
  refunded: {
    title: 'Paiement remboursé',
    message:
      'Votre commande a changé pendant le paiement : ce paiement ne correspondait plus à la commande, il vous a été remboursé intégralement. Vérifiez votre commande, puis payez le montant à jour.',
  },
  unknown: {
    title: 'Erreur de paiement',
    message: `Nous n'avons pas pu vérifier votre paiement. S'il a abouti, il sera pris en compte automatiquement. Besoin d'aide ? Écrivez-nous à ${agencyContact.supportEmail}.`,
  },
};

interface PaymentErrorViewProps {
  error: PaymentErrorKind;
  orderId?: string;
  kind: PaymentKind;
  audience: PaymentAudience;
  signedIn: boolean;
}

export function PaymentErrorView({ error, orderId, kind, audience, signedIn }: PaymentErrorViewProps) {
  const { title, message } = errorTexts[error];
  const rhythm = retryRhythmOf(kind);
  // The balance and the first month are paid from the client area, signed in: retried from here too.
  const finalPayment = kind === 'balance' || kind === 'first_month';
  const retriesFinal = finalPayment && error !== 'unknown' && error !== 'refunded';
  return (
    <PaymentResultLayout tone="error" title={title}>
      <p className="max-w-xl text-slate-600">{typeof message === 'string' ? message : message[audience]}</p>
      <ResultActions>
        {orderId && rhythm && <RetryPaymentButton orderId={orderId} rhythm={rhythm} />}
        {orderId && retriesFinal && signedIn && (
          <RetryFinalPaymentButton orderId={orderId} monthly={kind === 'first_month'} />
        )}
        {orderId && retriesFinal && !signedIn && (
          <a href={clientAreaLoginHref(orderId)} className={buttonClasses({})}>
            Me connecter pour réessayer
          </a>
        )}
        {audience === 'client' ? (
          <a
            href={signedIn ? DASHBOARD_PATH : clientAreaLoginHref(orderId)}
            className={buttonClasses({ variant: 'outline' })}
          >
            Accéder à mon espace client
          </a>
        ) : (
          orderId && (
            <Link
              to="/order-form/$orderId"
              params={{ orderId }}
              className={buttonClasses({ variant: 'outline' })}
            >
              Revoir ma commande
            </Link>
          )
        )}
        <Link to="/" className={buttonClasses({ variant: 'ghost' })}>
          Retour à l'accueil
        </Link>
      </ResultActions>
    </PaymentResultLayout>
  );
}

/** A result page for an order that does not exist (or an id that cannot be one). */
export function PaymentOrderNotFound() {
  return (
    <PaymentResultLayout tone="error" title="Commande non trouvée">
      <p className="max-w-xl text-slate-600">Cette commande n'existe pas ou n'est plus accessible.</p>
      <ResultActions>
        <Link to="/" className={buttonClasses({ variant: 'outline' })}>
          Retour à l'accueil
        </Link>
      </ResultActions>
    </PaymentResultLayout>
  );
}
