import { formatDateTime } from '@/lib/format-date';
import { Button } from '@/ui/button';
import { useState } from 'react';
import { type AdminOrderDetail } from '../api/get-admin-order';
import { actionId, type AllowedAction } from '../utils/admin-actions';
import { AdminActionDialog } from './admin-action-dialog';
import { EraseDataDialog } from './erase-data-dialog';

/** The actions the order's status allows (normal ones first, corrections and cancelling apart), and the erasure. */
export function OrderPanelActions({ adminId, order }: { adminId: string; order: AdminOrderDetail }) {
  const [chosen, setChosen] = useState<AllowedAction | null>(null);
  const actions = order.allowedActions;
  const normal = actions.filter((a) => !a.correction && a.action !== 'cancel');
  const exceptional = actions.filter((a) => a.correction || a.action === 'cancel');
  const who = order.companyName || `Commande #${order.orderNumber}`;
  return (
    <div className="flex flex-col gap-2" role="group" aria-label="Actions">
      {order.contactErasedAt && actions.length > 0 && (
        <p className="text-sm text-slate-500">
          Données du contact effacées le {formatDateTime(order.contactErasedAt)} : la commande ne peut plus
          être modifiée, seulement annulée (personne ne la paiera).
        </p>
      )}
      {actions.length === 0 ? (
        <p className="text-sm text-slate-500">{noActionText(order)}</p>
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            {normal.map((a) => (
              <Button key={actionId(a)} size="sm" onClick={() => setChosen(a)}>
                {a.label}
              </Button>
            ))}
          </div>
          {exceptional.length > 0 && (
            <div className="flex flex-wrap gap-2">
              {exceptional.map((a) => (
                <Button key={actionId(a)} size="sm" variant="outline" onClick={() => setChosen(a)}>
                  {a.label}
                </Button>
              ))}
            </div>
          )}
        </>
      )}
      <AdminActionDialog adminId={adminId} order={order} action={chosen} onClose={() => setChosen(null)} />
      {order.clientDataErasedAt ? (
        // Erased once and for all: nothing is left to erase, so the button is not offered again.
        <p className="text-sm text-slate-500">
          Données du client effacées le {formatDateTime(order.clientDataErasedAt)}.
        </p>
      ) : order.clientId ? (
        <EraseDataDialog target={{ kind: 'client', clientId: order.clientId }} who={who} />
      ) : (
        // Offered until done, as the client's is: when the decider would refuse (a payment link
        // still open, say), the server's answer says why and until when.
        !order.contactErasedAt && (
          <EraseDataDialog target={{ kind: 'contact', orderId: order.id }} who={who} />
        )
      )}
    </div>
  );
}

function noActionText(order: AdminOrderDetail): string {
  if (order.contactErasedAt)
    return `Données du contact effacées le ${formatDateTime(order.contactErasedAt)} : la commande ne peut plus être modifiée.`;
  switch (order.status) {
    case 'pending':
      return 'Le client doit terminer le formulaire.';
    case 'brief_pending':
      return 'Le client doit envoyer ses fichiers.';
    case 'en_revision':
      return 'En attente de la validation du client.';
    case 'delivered':
      return 'Commande livrée.';
    default:
      return 'Aucune action possible pour ce statut.';
  }
}
