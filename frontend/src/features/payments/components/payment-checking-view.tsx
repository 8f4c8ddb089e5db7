import { PaymentResultLayout } from './payment-result-layout';

export function PaymentCheckingView() {
  return (
    <PaymentResultLayout tone="pending" title="Vérification du paiement">
      <p className="text-slate-600">Vérification de votre paiement...</p>
    </PaymentResultLayout>
  );
}
