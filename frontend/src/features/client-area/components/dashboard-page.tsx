import { isMonthly, projectNeedsAction } from '@coseso/domain/orders/client-journey';
import { type OrderView } from '@coseso/domain/orders/order-view';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId } from 'react';
import { type CurrentUser } from '@/lib/auth';
import { Button, buttonClasses } from '@/ui/button';
import { Select } from '@/ui/select';
import { Spinner } from '@/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui/tabs';
import { showErrorToast } from '@/ui/toaster';
import { clientFilesQueryOptions } from '../api/get-client-files';
import { clientOrdersQueryOptions, isUnauthorized } from '../api/get-client-orders';
import { mediaNeedsAction } from '../utils/client-files';
import {
  type DashboardTab,
  dashboardTabLabels,
  dashboardTabs,
  openTab,
  visibleTabs,
} from '../utils/dashboard-tabs';
import { ClientAreaShell } from './client-area-shell';
import { DomainsTab } from './domains-tab';
import { MediaTab } from './media-tab';
import { MessagesTab, useUnreadMessages } from './messages-tab';
import { NoOrderYet } from './no-order-yet';
import { OverviewTab } from './overview-tab';
import { ProjectTab } from './project-tab';
import { SessionExpired } from './session-expired';
import { SubscriptionTab } from './subscription-tab';
import { SupportTab } from './support-tab';

/** The client area around its tabs: /dashboard and /dashboard/{orderId}. */
export function DashboardLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return (
    <ClientAreaShell user={user}>
      <title>Mon espace client · Coseso</title>
      <div className="flex flex-col gap-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="flex flex-col gap-2">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">Mon espace client</h1>
            <p className="text-slate-600">
              Bonjour {user.firstName || user.email}, retrouvez ici vos commandes et leur avancement.
            </p>
          </div>
          <Link to="/pricing" className={buttonClasses({ variant: 'outline' })}>
            Nouvelle commande
          </Link>
        </div>
        {children}
      </div>
    </ClientAreaShell>
  );
}

const isDashboardTab = (value: string): value is DashboardTab =>
  (dashboardTabs as readonly string[]).includes(value);

interface DashboardTabsProps {
  /** The tab the URL names, if any. */
  tab: DashboardTab | undefined;
  /** The order the URL selects, if any. */
  orderId?: string;
  onTabChange: (tab: DashboardTab) => void;
  onSelectOrder: (orderId: string, tab: DashboardTab) => void;
}

/** The client area's tabs; the URL holds the open one and the selected order. */
export function DashboardTabs({ tab, orderId, onTabChange, onSelectOrder }: DashboardTabsProps) {
  const orders = useQuery(clientOrdersQueryOptions());
  const failedWithoutData = orders.isError && !orders.data && !isUnauthorized(orders.error);

  useEffect(() => {
    if (failedWithoutData) showErrorToast('Erreur', 'Impossible de charger vos commandes');
  }, [failedWithoutData, orders.errorUpdatedAt]);

  if (isUnauthorized(orders.error))
    return <SessionExpired redirect={orderId ? `/dashboard/${orderId}` : '/dashboard'} />;
  if (!orders.data) {
    if (orders.isError)
      return (
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center">
          <p className="font-medium text-red-900">Vos commandes n'ont pas pu être chargées.</p>
          <Button variant="outline" pending={orders.isFetching} onClick={() => void orders.refetch()}>
            Réessayer
          </Button>
        </div>
      );
    return <Spinner label="Chargement de vos commandes..." className="py-16" />;
  }
  return (
    <LoadedTabs
      orders={orders.data}
      tab={tab}
      orderId={orderId}
      onTabChange={onTabChange}
      onSelectOrder={onSelectOrder}
    />
  );
}

function LoadedTabs({
  orders,
  tab,
  orderId,
  onTabChange,
  onSelectOrder,
}: DashboardTabsProps & { orders: OrderView[] }) {
  // The order the URL names, else the latest one (spec §7.1: the files of the first order).
  const selected = orderId ? orders.find((order) => order.id === orderId) : orders[0];
  const open = openTab(tab, selected, { selectedByUrl: Boolean(orderId) });
  const briefOpen = selected?.status === 'brief_pending' || selected?.status === 'brief';
  const files = useQuery({
    ...clientFilesQueryOptions(selected?.id ?? ''),
    enabled: Boolean(selected) && briefOpen,
  });
  const unreadMessages = useUnreadMessages(selected?.id);
  const dots: Partial<Record<DashboardTab, boolean>> = selected
    ? {
        project: projectNeedsAction(selected),
        media: mediaNeedsAction(selected, files.data?.files),
        messages: unreadMessages > 0,
      }
    : {};
  const dotId = useId();

  const orderPanel = (content: (order: OrderView) => ReactNode) => {
    if (orderId && !selected) return <UnknownOrder />;
    if (!selected) return <NoOrderYet />;
    return (
      <div className="flex flex-col gap-6">
        {orders.length > 1 && (
          <OrderChooser orders={orders} selected={selected} onSelect={(id) => onSelectOrder(id, open)} />
        )}
        {content(selected)}
      </div>
    );
  };

  return (
    <Tabs value={open} onValueChange={(value) => isDashboardTab(value) && onTabChange(value)}>
      <span id={dotId} hidden>
        Action requise
      </span>
      {/* The messages' dot is no action asked for: a screen reader hears how many are unread. */}
      <span id={`${dotId}-messages`} hidden>
        {unreadMessages === 1 ? '1 message non lu' : `${unreadMessages} messages non lus`}
      </span>
      <TabsList aria-label="Mon espace client">
        {visibleTabs(selected).map((shown) => (
          <TabsTrigger
            key={shown}
            value={shown}
            aria-describedby={dots[shown] ? (shown === 'messages' ? `${dotId}-messages` : dotId) : undefined}
            data-action-required={dots[shown] ? 'true' : undefined}
          >
            {dashboardTabLabels[shown]}
            {dots[shown] && <span aria-hidden="true" className="size-2 rounded-full bg-red-500" />}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="overview">
        <OverviewTab orders={orders} />
      </TabsContent>
      <TabsContent value="project">
        {orderPanel((order) => (
          <ProjectTab order={order} />
        ))}
      </TabsContent>
      <TabsContent value="media">
        {orderPanel((order) => (
          <MediaTab order={order} />
        ))}
      </TabsContent>
      <TabsContent value="messages">
        {orderPanel((order) => (
          <MessagesTab order={order} />
        ))}
      </TabsContent>
      <TabsContent value="domains">
        <DomainsTab orders={orders} />
      </TabsContent>
      {selected && isMonthly(selected) && (
        <TabsContent value="subscription">
          {orderPanel((order) => (
            <SubscriptionTab order={order} />
          ))}
        </TabsContent>
      )}
      <TabsContent value="support">
        <SupportTab order={selected} onOpenMessages={() => onTabChange('messages')} />
      </TabsContent>
    </Tabs>
  );
}

function OrderChooser({
  orders,
  selected,
  onSelect,
}: {
  orders: OrderView[];
  selected: OrderView;
  onSelect: (orderId: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5 sm:max-w-sm">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Commande
      </label>
      <Select id={id} value={selected.id} onChange={(event) => onSelect(event.target.value)}>
        {orders.map((order) => (
          <option key={order.id} value={order.id}>
            #{order.orderNumber} · {order.companyName || 'Sans nom'}
          </option>
        ))}
      </Select>
    </div>
  );
}

function UnknownOrder() {
  return (
    <p className="rounded-2xl border border-amber-200 bg-amber-50 px-6 py-10 text-center text-amber-950">
      Cette commande n'existe pas ou n'est pas accessible depuis votre compte.
    </p>
  );
}
