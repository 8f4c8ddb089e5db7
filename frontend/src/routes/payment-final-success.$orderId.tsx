import { createFileRoute } from '@tanstack/react-router';
import { FinalPaymentPage } from '@/features/payments/components/final-payment-page';
import { PaymentLinkError } from '@/features/payments/components/payment-link-error';
import { preloadPaymentOrder } from '@/features/payments/api/preload-payment-order';
import { paymentReturnSearchSchema } from '@/features/payments/utils/payment-return-search';
import { orderIdParamsSchema } from '@/lib/route-params';

export const Route = createFileRoute('/payment-final-success/$orderId')({
  params: { parse: (params) => orderIdParamsSchema.parse(params) },
  validateSearch: (search) => paymentReturnSearchSchema.parse(search),
  loader: ({ context: { queryClient }, params: { orderId } }) => preloadPaymentOrder(queryClient, orderId),
  errorComponent: PaymentLinkError,
  component: FinalPaymentRoute,
});

function FinalPaymentRoute() {
  const { orderId } = Route.useParams();
  const { type, status, payment, provider } = Route.useSearch();
  return <FinalPaymentPage paymentReturn={{ orderId, type, status, paymentId: payment, provider }} />;
}
