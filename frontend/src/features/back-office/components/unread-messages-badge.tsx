import { useQuery } from '@tanstack/react-query';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { unreadMessagesQueryOptions } from '../api/get-unread-messages';

/** The client's messages the team has not read on this order: on its list and board cards, and its panel. */
export function UnreadMessagesBadge({ orderId, className }: { orderId: string; className?: string }) {
  const { data } = useQuery(unreadMessagesQueryOptions());
  const count = data?.get(orderId) ?? 0;
  if (count === 0) return null;
  return (
    <Badge tone="primary" className={cn('w-fit', className)}>
      <span aria-hidden="true" className="size-2 rounded-full bg-red-500" />
      {count} {count === 1 ? 'message non lu' : 'messages non lus'}
    </Badge>
  );
}
