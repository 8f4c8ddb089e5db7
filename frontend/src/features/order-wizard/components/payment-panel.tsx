import { type OrderPriceResult } from '@coseso/domain/pricing/compute-order-price';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { useEffect, useId, useRef } from 'react';
import { type PaymentRhythm, useCreatePayment } from '@/lib/payments/create-payment';
import { Button } from '@/ui/button';
import { showErrorToast } from '@/ui/toaster';

interface PaymentPanelProps {
  orderId: string;
  price: OrderPriceResult | null;
  completed: boolean;
  depositPaid: boolean;
  termsAccepted: boolean;
  validating: boolean;
  onValidate: () => void;
}

const TERMS_REQUIRED = 'Vous devez accepter les conditions générales pour continuer';

/** Validation of the order, then the payment of the chosen rhythm. */
export function PaymentPanel({
  orderId,
  price,
  completed,
  depositPaid,
  termsAccepted,
  validating,
  onValidate,
}: PaymentPanelProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const wasCompleted = useRef(completed);
  const hintId = useId();
  const payment = useCreatePayment(orderId);

  useEffect(() => {
    // Once validated, the button pressed is gone: the visitor is taken to what replaced it.
    if (completed && !wasCompleted.current) titleRef.current?.focus();
    wasCompleted.current = completed;
  }, [completed]);

  const pay = (rhythm: PaymentRhythm) => {
    if (!termsAccepted) {
      showErrorToast('Conditions générales', 'Veuillez accepter les conditions générales pour continuer');
      return;
    }
    payment.mutate(rhythm);
  };

  const rhythm: PaymentRhythm = price?.billingPeriod === 'monthly' ? 'monthly' : 'annual';
  const redirecting = payment.isPending || payment.isSuccess;

  return (
    <section
      aria-labelledby="payment-title"
      className="flex flex-col gap-4 rounded-2xl border border-primary-200 bg-primary-50/60 p-5 sm:p-6"
    >
      <h3
        id="payment-title"
        ref={titleRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        {completed ? 'Paiement' : 'Validation de la commande'}
      </h3>

      {depositPaid ? (
        <p className="text-slate-700">Le paiement de cette commande a bien été reçu. Merci !</p>
      ) : !completed ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">
            Validez votre commande : nous vérifions vos informations et calculons le prix définitif, puis vous
            accédez au paiement.
          </p>
          <Button onClick={onValidate} pending={validating} pendingLabel="Validation...">
            Valider ma commande
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          {price?.ok && (
            <p className="text-sm text-slate-700">
              {rhythm === 'annual'
                ? `Vous payez aujourd'hui l'acompte de ${formatEuros(price.depositWithVat)} TTC ; le solde sera dû à la livraison.`
                : `Vous payez aujourd'hui les frais de mise en service de ${formatEuros(price.depositWithVat)} TTC ; l'abonnement mensuel démarre avec le paiement du premier mois, une fois votre maquette validée.`}
            </p>
          )}
          {!termsAccepted && (
            <p id={hintId} className="text-sm font-medium text-amber-800">
              {TERMS_REQUIRED}
            </p>
          )}
          <Button
            size="lg"
            className="w-full sm:w-auto sm:self-start aria-disabled:pointer-events-auto! aria-disabled:cursor-not-allowed"
            aria-disabled={!termsAccepted || redirecting || undefined}
            aria-describedby={termsAccepted ? undefined : hintId}
            pending={redirecting}
            pendingLabel="Redirection vers le paiement..."
            onClick={() => pay(rhythm)}
          >
            {rhythm === 'annual' ? "Payer l'acompte" : 'Payer les frais de mise en service'}
          </Button>
          <p className="text-xs text-slate-500">Paiement sécurisé par carte bancaire.</p>
        </div>
      )}
    </section>
  );
}
