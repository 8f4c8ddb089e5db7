import { Spinner } from '@/ui/spinner';
import { OrderPageShell } from './order-page-shell';

export function OrderLoading() {
  return (
    <OrderPageShell>
      <Spinner label="Chargement de votre commande..." className="py-24" />
    </OrderPageShell>
  );
}
