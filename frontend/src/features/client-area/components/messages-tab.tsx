import { type OrderView } from '@coseso/domain/orders/order-view';
import { useQuery } from '@tanstack/react-query';
import { ConversationThread } from '@/lib/conversation/conversation-thread';
import { conversationQueryOptions } from '@/lib/conversation/conversation';

/** How many messages of the team the client has not read in this order (the tab's red dot). */
export function useUnreadMessages(orderId: string | undefined): number {
  const { data } = useQuery({
    ...conversationQueryOptions('client', orderId ?? ''),
    enabled: Boolean(orderId),
  });
  return data?.unread ?? 0;
}

/** The order's conversation with the team: questions, files, answers, kept with the order. */
export function MessagesTab({ order }: { order: OrderView }) {
  const titleId = `messages-title-${order.id}`;
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Messages
        </h2>
        <p className="text-sm text-slate-600">
          Échangez avec l'équipe au sujet de la commande #{order.orderNumber}. Quand l'équipe vous répond,
          vous êtes prévenu par email (un email au plus par quart d'heure, même pour plusieurs messages).
        </p>
      </div>
      <ConversationThread side="client" orderId={order.id} labelledBy={titleId} />
    </section>
  );
}
