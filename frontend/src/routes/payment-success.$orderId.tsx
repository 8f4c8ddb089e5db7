import { createFileRoute } from '@tanstack/react-router';
import { PaymentLinkError } from '@/features/payments/components/payment-link-error';
import { PaymentResultPage } from '@/features/payments/components/payment-result-page';
import { preloadPaymentOrder } from '@/features/payments/api/preload-payment-order';
import { paymentReturnSearchSchema } from '@/features/payments/utils/payment-return-search';
import { orderIdParamsSchema } from '@/lib/route-params';

export const Route = createFileRoute('/payment-success/$orderId')({
  params: { parse: (params) => orderIdParamsSchema.parse(params) },
  validateSearch: (search) => paymentReturnSearchSchema.parse(search),
  loader: ({ context: { queryClient }, params: { orderId } }) => preloadPaymentOrder(queryClient, orderId),
  errorComponent: PaymentLinkError,
  component: PaymentSuccessRoute,
});

function PaymentSuccessRoute() {
  const { orderId } = Route.useParams();
  const { type, status, payment, provider } = Route.useSearch();
  return <PaymentResultPage paymentReturn={{ orderId, type, status, paymentId: payment, provider }} />;
}
