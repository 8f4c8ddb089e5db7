import { clientStatusLabel, isMonthly } from '@coseso/domain/orders/client-journey';
import { clientProgressPercent } from '@coseso/domain/orders/client-progress';
import { type OrderView } from '@coseso/domain/orders/order-view';
import { normalizeWebUrl } from '@coseso/domain/orders/url';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { Progress } from '@/ui/progress';
import { textLinkClasses } from '@/ui/text-link';

export function StatusBadge({ order }: { order: OrderView }) {
  const tone =
    order.status === 'delivered' ? 'success' : order.status === 'cancelled' ? 'neutral' : 'primary';
  return (
    <Badge tone={tone}>
      <span className="sr-only">Statut : </span>
      {clientStatusLabel(order)}
    </Badge>
  );
}

export function BillingBadge({ order }: { order: OrderView }) {
  return <Badge tone="neutral">{isMonthly(order) ? 'Mensuel' : 'Annuel'}</Badge>;
}

/** The bar and the figure of spec §4.6; none for a cancelled order, which goes no further. */
export function OrderProgress({ order, className }: { order: OrderView; className?: string }) {
  const percent = clientProgressPercent(order);
  if (percent === null) return null;
  const text = `${percent}\u00a0%`;
  return (
    <div className={className}>
      <div className="mb-1 flex items-center justify-between gap-3 text-sm">
        <span className="text-slate-600">Avancement</span>
        <span className="font-semibold text-slate-900" data-testid="progress-percent">
          {text}
        </span>
      </div>
      <Progress
        value={percent}
        max={100}
        label={`Avancement de la commande #${order.orderNumber}`}
        valueText={text}
      />
    </div>
  );
}

/**
 * « Prochaine étape »: the order's next move, read from the same function as the back-office's, said
 * to the client (« À vous : … » when it is theirs). Absent from views served before it existed.
 */
export function NextStepLine({ order, className }: { order: OrderView; className?: string }) {
  const next = order.clientNextStep;
  if (!next || order.status === 'cancelled') return null;
  return (
    <span className={cn('block', className)} data-testid="client-next-step">
      <span className="font-semibold text-slate-900">Prochaine étape : </span>
      <span className={next.actor === 'client' ? 'font-medium text-primary-800' : 'text-slate-700'}>
        {next.text}
      </span>
    </span>
  );
}

/** The site's address once delivered, else the preview's, with https:// when it has no scheme (spec §2.2). */
export function previewUrlOf(order: Pick<OrderView, 'deliveryUrl' | 'reviewUrl'>): string | null {
  const raw = order.deliveryUrl ?? order.reviewUrl;
  return raw ? normalizeWebUrl(raw) : null;
}

export function PreviewLink({ url, children }: { url: string | null; children: string }) {
  if (!url) return <span className="text-slate-500">URL de prévisualisation non disponible</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={textLinkClasses}>
      {children}
      <span className="sr-only"> (nouvel onglet)</span>
    </a>
  );
}
