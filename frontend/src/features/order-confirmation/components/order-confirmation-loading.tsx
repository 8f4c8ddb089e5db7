import { Spinner } from '@/ui/spinner';
import { OrderConfirmationShell } from './order-confirmation-shell';

export function OrderConfirmationLoading() {
  return (
    <OrderConfirmationShell>
      <Spinner label="Chargement de votre commande..." className="py-24" />
    </OrderConfirmationShell>
  );
}
