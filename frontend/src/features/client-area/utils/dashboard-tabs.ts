import { isMonthly } from '@coseso/domain/orders/billing-rhythm';
import { type OrderView } from '@coseso/domain/orders/order-view';
// zod/mini: the route's search schema ships in the entry chunk.
import { z } from 'zod/mini';

export const dashboardTabs = [
  'overview',
  'project',
  'media',
  'messages',
  'domains',
  'subscription',
  'support',
] as const;
export type DashboardTab = (typeof dashboardTabs)[number];

export const dashboardTabLabels: Record<DashboardTab, string> = {
  overview: "Vue d'ensemble",
  project: 'Suivi projet',
  media: 'Médias',
  messages: 'Messages',
  domains: 'Domaines',
  subscription: 'Abonnement',
  support: 'Support',
};

/** `/dashboard?tab=…`: an unknown tab is dropped, and the page opens its default one, rather than failing. */
export const dashboardSearchSchema = z.object({
  tab: z.catch(z.optional(z.enum(dashboardTabs)), undefined),
});

type BillingFacts = Pick<OrderView, 'billingCycle' | 'price'>;

/** The subscription tab is there only for a selected monthly order. */
export function visibleTabs(selected: BillingFacts | undefined): DashboardTab[] {
  return dashboardTabs.filter(
    (tab) => tab !== 'subscription' || (selected !== undefined && isMonthly(selected)),
  );
}

/**
 * The tab a URL opens: the one it names when shown, else the project tab when the URL selects an
 * order, else the overview.
 */
export function openTab(
  requested: DashboardTab | undefined,
  selected: BillingFacts | undefined,
  { selectedByUrl }: { selectedByUrl: boolean },
): DashboardTab {
  if (requested && visibleTabs(selected).includes(requested)) return requested;
  return selectedByUrl ? 'project' : 'overview';
}
