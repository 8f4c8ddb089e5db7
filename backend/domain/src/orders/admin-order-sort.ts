/**
 * The orders in which the back-office's order list can be read: the API's whitelist and the SPA's
 * select share this table. Each order is completed by the order id, so that orders tied on the key
 * keep one place and a page never repeats or skips one.
 */
export const adminOrderSorts = ['activity', 'recent', 'oldest', 'amount', 'client', 'waiting'] as const;
export type AdminOrderSort = (typeof adminOrderSorts)[number];

/** The list's order when none is asked: the orders someone last did something on first. */
export const DEFAULT_ADMIN_ORDER_SORT: AdminOrderSort = 'activity';

export const adminOrderSortLabels: Readonly<Record<AdminOrderSort, string>> = {
  activity: 'Dernière activité',
  recent: 'Plus récentes',
  oldest: 'Plus anciennes',
  amount: 'Montant TTC, du plus élevé',
  client: 'Nom du client, de A à Z',
  waiting: 'Attente la plus longue',
};

/**
 * The back-office's saved views: the team's move (« À traiter »), the client's (« En attente du
 * client »), the payments that failed; each lists the longest wait first. « Annulées » is the
 * cancelled status's filter.
 */
export const adminOrderQueues = ['team', 'client', 'payment_failed'] as const;
export type AdminOrderQueue = (typeof adminOrderQueues)[number];

export const adminOrderQueueLabels: Readonly<Record<AdminOrderQueue, string>> = {
  team: 'À traiter',
  client: 'En attente du client',
  payment_failed: 'Paiements en échec',
};
