import { type OrderView } from '@coseso/domain/orders/order-view';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { type CurrentUser } from '@/lib/auth';
import { Button, buttonClasses } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui/tabs';
import { showErrorToast } from '@/ui/toaster';
import { clientOrdersQueryOptions, isUnauthorized } from '../api/get-client-orders';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import {
  type DashboardTab,
  dashboardTabLabels,
  dashboardTabs,
  openTab,
  visibleTabs,
} from '../utils/dashboard-tabs';
import { ClientAreaShell } from './client-area-shell';
import { ClientOrderCard } from './client-order-card';
import { SessionExpired } from './session-expired';

/** The client area around its tabs: /dashboard and /dashboard/{orderId}. */
export function DashboardLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return (
    <ClientAreaShell user={user}>
      <title>Mon espace client · Coseso</title>
      <div className="flex flex-col gap-8">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Mon espace client</h1>
          <p className="text-slate-600">
            Bonjour {user.firstName || user.email}, retrouvez ici vos commandes et leur avancement.
          </p>
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
}

/** The client area's tabs; the URL holds the open one, so each has an address of its own. */
export function DashboardTabs({ tab, orderId, onTabChange }: DashboardTabsProps) {
  const { data: orders } = useQuery(clientOrdersQueryOptions());
  const selected = orderId ? orders?.find((order) => order.id === orderId) : undefined;
  // Until the orders arrive, a selected order counts as found: its project tab opens at once.
  const selection = selected ?? (orderId && !orders ? { billingCycle: null } : undefined);
  const open = openTab(tab, selection);
  return (
    <Tabs value={open} onValueChange={(value) => isDashboardTab(value) && onTabChange(value)}>
      <TabsList aria-label="Mon espace client">
        {visibleTabs(selected).map((shown) => (
          <TabsTrigger key={shown} value={shown}>
            {dashboardTabLabels[shown]}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="overview">
        <ClientOrders />
      </TabsContent>
      <TabsContent value="project">
        <ClientOrders only={selected?.id} />
      </TabsContent>
      {(['media', 'domains', 'subscription', 'support'] as const).map((later) => (
        <TabsContent key={later} value={later}>
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
            Cette rubrique arrive bientôt dans votre espace client.
          </p>
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** The client's orders as cards, or only the selected one. */
function ClientOrders({ only }: { only?: string }) {
  const orders = useQuery(clientOrdersQueryOptions());
  const failedWithoutData = orders.isError && !orders.data && !isUnauthorized(orders.error);
  useScrollToHash(orders.isSuccess);

  useEffect(() => {
    if (failedWithoutData) showErrorToast('Erreur', 'Impossible de charger vos commandes');
  }, [failedWithoutData, orders.errorUpdatedAt]);

  if (isUnauthorized(orders.error)) return <SessionExpired redirect="/dashboard" />;
  if (orders.data)
    return <OrderList orders={only ? orders.data.filter((order) => order.id === only) : orders.data} />;
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

function OrderList({ orders }: { orders: OrderView[] }) {
  if (orders.length === 0)
    return (
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <h2 className="text-lg font-semibold text-slate-900">Aucune commande pour le moment</h2>
        <p className="text-slate-600">Choisissez une offre pour commander votre site.</p>
        <Link to="/pricing" className={buttonClasses()}>
          Découvrir nos offres
        </Link>
      </div>
    );
  return (
    <section aria-label="Mes commandes" className="flex flex-col gap-5">
      {orders.map((order) => (
        <ClientOrderCard key={order.id} order={order} />
      ))}
    </section>
  );
}
