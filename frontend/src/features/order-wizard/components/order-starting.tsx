import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { OrderPageShell } from './order-page-shell';

/** /order-form without an id: a new order is being created, or its creation failed. */
export function OrderStarting({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  return (
    <OrderPageShell>
      <title>Nouvelle commande · Coseso</title>
      {failed ? (
        <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">
            Impossible de créer la commande
          </h1>
          <p className="text-slate-600">Veuillez réessayer.</p>
          <Button onClick={onRetry}>Réessayer</Button>
        </div>
      ) : (
        <Spinner label="Préparation..." className="py-24" />
      )}
    </OrderPageShell>
  );
}
