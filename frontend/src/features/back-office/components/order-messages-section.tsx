import { useAdminSession } from '@/lib/admin-session/use-admin-session';
import { ConversationThread } from '@/lib/conversation/conversation-thread';
import { UnreadMessagesBadge } from './unread-messages-badge';

/** « Messages » on the order's panel: the conversation with the client (auditors read it, admins answer). */
export function OrderMessagesSection({ orderId }: { orderId: string }) {
  const { user } = useAdminSession();
  return (
    <section
      aria-labelledby="order-messages-title"
      className="flex flex-col gap-3 border-t border-slate-100 pt-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="order-messages-title" className="text-sm font-semibold text-slate-900">
          Messages
        </h3>
        <UnreadMessagesBadge orderId={orderId} className="text-xs" />
      </div>
      <ConversationThread
        side="team"
        orderId={orderId}
        canWrite={user.role === 'admin'}
        labelledBy="order-messages-title"
      />
    </section>
  );
}
