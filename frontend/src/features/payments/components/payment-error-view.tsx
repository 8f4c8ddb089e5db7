import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@/ui/button';
import { type PaymentErrorKind } from '../utils/payment-outcome';
import { type PaymentKind, retryRhythmOf } from '../utils/payment-types';
import { DASHBOARD_PATH } from './client-area-links';
import { PaymentResultLayout, ResultActions } from './payment-result-layout';
import { RetryPaymentButton } from './retry-payment-button';

const errorTexts: Record<PaymentErrorKind, { title: string; message: string }> = {
  failed: {
    title: 'Paiement échoué',
    message:
      "Votre paiement n'a pas abouti et aucun montant n'a été débité. Vous pouvez réessayer, avec la même carte ou une autre.",
  },
  canceled: {
    title: 'Paiement annulé',
    message:
      "Vous avez annulé le paiement et aucun montant n'a été débité. Votre commande est conservée : vous pouvez reprendre le paiement à tout moment depuis votre espace client.",
  },
  expired: {
    title: 'Lien de paiement expiré',
    message:
      "Ce lien de paiement n'est plus valable. Un nouveau lien est généré automatiquement depuis votre espace client.",
  },
  unknown: {
    title: 'Erreur de paiement',
    message:
      "Nous n'avons pas pu vérifier votre paiement. S'il a abouti, il sera pris en compte automatiquement. Besoin d'aide ? Écrivez-nous à support@coseso.fr.",
  },
};

interface PaymentErrorViewProps {
  error: PaymentErrorKind;
  orderId?: string;
  kind: PaymentKind;
}

export function PaymentErrorView({ error, orderId, kind }: PaymentErrorViewProps) {
  const { title, message } = errorTexts[error];
  const rhythm = retryRhythmOf(kind);
  return (
    <PaymentResultLayout tone="error" title={title}>
      <p className="max-w-xl text-slate-600">{message}</p>
      <ResultActions>
        {orderId && rhythm && <RetryPaymentButton orderId={orderId} rhythm={rhythm} />}
        <a href={DASHBOARD_PATH} className={buttonClasses({ variant: 'outline' })}>
          Accéder à mon espace client
        </a>
        <Link to="/" className={buttonClasses({ variant: 'ghost' })}>
          Retour à l'accueil
        </Link>
      </ResultActions>
    </PaymentResultLayout>
  );
}
