import { createFileRoute } from '@tanstack/react-router';
import { PaymentResultPage } from '@/features/payments/components/payment-result-page';
import { preloadPaymentOrder } from '@/features/payments/api/preload-payment-order';
import { paymentConfirmationSearchSchema } from '@/features/payments/utils/payment-return-search';

export const Route = createFileRoute('/payment-confirmation')({
  validateSearch: (search) => paymentConfirmationSearchSchema.parse(search),
  loaderDeps: ({ search: { order } }) => ({ order }),
  loader: ({ context: { queryClient }, deps: { order } }) => preloadPaymentOrder(queryClient, order),
  component: PaymentConfirmationRoute,
});

function PaymentConfirmationRoute() {
  const { order, type, status, payment, provider } = Route.useSearch();
  return <PaymentResultPage paymentReturn={{ orderId: order, type, status, paymentId: payment, provider }} />;
}
