import { createFileRoute } from '@tanstack/react-router';
import { CardValidationPage } from '@/features/payments/components/card-validation-page';
import { cardValidationSearchSchema } from '@/features/payments/utils/payment-return-search';

export const Route = createFileRoute('/card-validation-success')({
  validateSearch: (search) => cardValidationSearchSchema.parse(search),
  component: CardValidationRoute,
});

function CardValidationRoute() {
  const { status, orderId, error } = Route.useSearch();
  return <CardValidationPage status={status} orderId={orderId} error={error} />;
}
