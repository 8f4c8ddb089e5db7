import {
  finalPaymentStatusLabel,
  type PaymentConfirmation,
  type PaymentReturn,
} from '../utils/payment-outcome';
import { paymentSuccessTexts } from '../utils/payment-success-texts';
import { type PaymentKind, paymentKindOf } from '../utils/payment-types';
import { DashboardCountdown } from './dashboard-countdown';
import { PaymentCheckPage } from './payment-check-page';
import { PaymentResultLayout } from './payment-result-layout';

/** The balance (yearly plan) or first month (monthly plan), paid from the client area. */
export function FinalPaymentPage({ paymentReturn }: { paymentReturn: PaymentReturn }) {
  // A link without a type is about the final payment, not the deposit.
  const type = paymentReturn.type ?? 'final';
  return (
    <PaymentCheckPage
      paymentReturn={{ ...paymentReturn, type }}
      renderSuccess={({ confirmation }) => (
        <FinalPaymentConfirmed kind={paymentKindOf(type)} confirmation={confirmation} />
      )}
    />
  );
}

function FinalPaymentConfirmed({
  kind,
  confirmation,
}: {
  kind: PaymentKind;
  confirmation: PaymentConfirmation;
}) {
  // The heading names what was paid (« Solde réglé », « Abonnement démarré »): a first month is no final payment.
  const { title, message, next } = paymentSuccessTexts[kind];
  return (
    <PaymentResultLayout tone="success" title={title}>
      <p className="max-w-xl text-slate-600">{message}</p>
      <dl className="flex flex-col items-center gap-1 rounded-xl bg-slate-50 px-6 py-3">
        <dt className="text-sm text-slate-600">Statut de votre commande</dt>
        <dd className="font-semibold text-slate-900">{finalPaymentStatusLabel(confirmation)}</dd>
      </dl>
      <p className="max-w-xl text-sm text-slate-600">{next}</p>
      <DashboardCountdown />
    </PaymentResultLayout>
  );
}
