import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';

/** The order's emails the queue gave up on: the client hears nothing until someone calls them. */
export function FailedEmailsBadge({
  count,
  compact,
  className,
}: {
  count: number;
  compact?: boolean;
  className?: string;
}) {
  if (count === 0) return null;
  const detail = `${count} ${count === 1 ? 'e-mail non remis' : 'e-mails non remis'} au client, voir la fiche de la commande`;
  return (
    <Badge tone="warning" compact={compact} className={cn('w-fit', className)}>
      <span aria-hidden="true">⚠ </span>
      E-mails en échec
      <span className="sr-only"> : {detail}</span>
    </Badge>
  );
}
