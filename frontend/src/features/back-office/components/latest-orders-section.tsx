import { adminStatusLabels } from '@coseso/domain/orders/order-status';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '@/lib/format-date';
import { serverMessageOr } from '@/lib/form-errors';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { type OrderSummary, LATEST_ORDERS_SHOWN, latestOrdersQueryOptions } from '../api/get-latest-orders';
import { useSendContractEmail } from '../api/send-contract-email';
import { useForgetSessionOn401 } from '@/lib/admin-session/use-admin-session';
import { SectionCard, SectionError } from '@/ui/section-card';

export function LatestOrdersSection() {
  const orders = useQuery(latestOrdersQueryOptions());
  const send = useSendContractEmail();
  // Which order's button is busy: one mutation serves every row.
  const [sendingTo, setSendingTo] = useState<string | null>(null);
  useForgetSessionOn401(orders.error, send.error);

  const sendContractEmail = (orderId: string) => {
    if (send.isPending) return;
    setSendingTo(orderId);
    send.mutate(orderId, {
      onSuccess: ({ success, message }) =>
        success
          ? showSuccessToast('Email de contrat envoyé', message)
          : showErrorToast('Erreur envoi email', message),
      onError: (error) =>
        showErrorToast(
          'Erreur envoi email',
          serverMessageOr(error, "Impossible d'envoyer l'email de contrat."),
        ),
      onSettled: () => setSendingTo(null),
    });
  };

  return (
    <SectionCard
      id="commandes"
      title="Dernières commandes"
      description={`Les ${LATEST_ORDERS_SHOWN} commandes les plus récentes : renvoyez l'email de contrat à leur contact.`}
    >
      {orders.data ? (
        orders.data.length === 0 ? (
          <p className="text-sm text-slate-600">Aucune commande pour le moment.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100">
            {orders.data.slice(0, LATEST_ORDERS_SHOWN).map((order) => (
              <OrderRow
                key={order.id}
                order={order}
                sending={sendingTo === order.id}
                onSend={() => sendContractEmail(order.id)}
              />
            ))}
          </ul>
        )
      ) : orders.isError ? (
        <SectionError message={serverMessageOr(orders.error, 'Impossible de charger les commandes.')}>
          <Button variant="outline" size="sm" onClick={() => void orders.refetch()}>
            Réessayer
          </Button>
        </SectionError>
      ) : (
        <Spinner label="Chargement des commandes..." className="py-6" />
      )}
    </SectionCard>
  );
}

interface OrderRowProps {
  order: OrderSummary;
  sending: boolean;
  onSend: () => void;
}

function OrderRow({ order, sending, onSend }: OrderRowProps) {
  const titleId = `commande-${order.id}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span id={titleId} className="font-semibold text-slate-900">
            Commande #{order.orderNumber}
          </span>
          <Badge tone="neutral" className="text-xs">
            {adminStatusLabels[order.status] ?? order.status}
          </Badge>
        </p>
        <p className="text-sm text-slate-600 wrap-anywhere">
          {[order.companyName, order.contactEmail || 'sans email de contact', formatDate(order.createdAt)]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        pending={sending}
        pendingLabel="Envoi..."
        aria-describedby={titleId}
        onClick={onSend}
      >
        Email Contrat
      </Button>
    </li>
  );
}
