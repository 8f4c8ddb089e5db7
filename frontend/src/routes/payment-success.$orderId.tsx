import { createFileRoute } from '@tanstack/react-router';
// zod/mini: the route config ships in the entry chunk, and the full zod would cost ~15 KB gzip there.
import { z } from 'zod/mini';
import { PaymentLinkError } from '@/features/payments/components/payment-link-error';
import { PaymentResultPage } from '@/features/payments/components/payment-result-page';
import { paymentReturnSearchSchema } from '@/features/payments/utils/payment-return-search';

const paramsSchema = z.object({ orderId: z.uuid() });

export const Route = createFileRoute('/payment-success/$orderId')({
  params: { parse: (params) => paramsSchema.parse(params) },
  validateSearch: (search) => paymentReturnSearchSchema.parse(search),
  errorComponent: PaymentLinkError,
  component: PaymentSuccessRoute,
});

function PaymentSuccessRoute() {
  const { orderId } = Route.useParams();
  const { type, status, payment, provider } = Route.useSearch();
  return <PaymentResultPage paymentReturn={{ orderId, type, status, paymentId: payment, provider }} />;
}
