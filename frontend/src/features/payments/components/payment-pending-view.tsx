import { Button, buttonClasses } from '@/ui/button';
import { DASHBOARD_PATH } from './client-area-links';
import { PaymentResultLayout, ResultActions } from './payment-result-layout';

interface PaymentPendingViewProps {
  /** The page stopped checking by itself: the visitor may check once more, or leave. */
  gaveUp: boolean;
  checking: boolean;
  onCheckAgain: () => void;
}

export function PaymentPendingView({ gaveUp, checking, onCheckAgain }: PaymentPendingViewProps) {
  return (
    <PaymentResultLayout tone="pending" title="Paiement en cours de confirmation">
      {gaveUp ? (
        <>
          <p className="max-w-xl text-slate-600">
            La confirmation de votre paiement prend plus de temps que prévu. Elle sera prise en compte
            automatiquement dès qu'elle nous parviendra : vous pouvez suivre votre commande depuis votre
            espace client.
          </p>
          <ResultActions>
            <a href={DASHBOARD_PATH} className={buttonClasses()}>
              Accéder à mon espace client
            </a>
            <Button
              variant="outline"
              pending={checking}
              pendingLabel="Vérification..."
              onClick={onCheckAgain}
            >
              Vérifier à nouveau
            </Button>
          </ResultActions>
        </>
      ) : (
        <p className="max-w-xl text-slate-600">
          Nous attendons la confirmation de votre paiement. Cette page se met à jour automatiquement, merci de
          patienter quelques instants.
        </p>
      )}
    </PaymentResultLayout>
  );
}
