import { createFileRoute } from '@tanstack/react-router';
import { PaymentResultPage } from '@/features/payments/components/payment-result-page';
import { paymentConfirmationSearchSchema } from '@/features/payments/utils/payment-return-search';

export const Route = createFileRoute('/payment-confirmation')({
  validateSearch: (search) => paymentConfirmationSearchSchema.parse(search),
  component: PaymentConfirmationRoute,
});

function PaymentConfirmationRoute() {
  const { order, type, status, payment, provider } = Route.useSearch();
  return <PaymentResultPage paymentReturn={{ orderId: order, type, status, paymentId: payment, provider }} />;
}
