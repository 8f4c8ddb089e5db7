import { adminOrderQueueLabels, adminOrderQueues } from '@coseso/domain/orders/admin-order-sort';
import { templateKeys } from '@coseso/domain/orders/order-keys';
import { adminStatusLabels, orderStatuses } from '@coseso/domain/orders/order-status';
import {
  type AdminSearch,
  catalogueVersionOf,
  isAdminOrderQueue,
  isOrderStatus,
  isTemplateKey,
} from './admin-order-filters';

/**
 * The filters of the URL the list does not know, each said in French: the list is not shown for
 * them (listing every order instead would lie about what is on screen).
 */
export function unknownFilters({ status, template, catalogueVersion, queue }: AdminSearch): string[] {
  const problems: string[] = [];
  if (status !== undefined && !isOrderStatus(status))
    problems.push(
      `Le statut « ${status} » n'existe pas. Statuts possibles : ${orderStatuses.map((s) => `${adminStatusLabels[s]} (${s})`).join(', ')}.`,
    );
  if (template !== undefined && !isTemplateKey(template))
    problems.push(
      `Le template « ${template} » n'existe pas. Templates possibles : ${templateKeys.join(', ')}.`,
    );
  if (catalogueVersion !== undefined && catalogueVersionOf(catalogueVersion) === null)
    problems.push(
      `La version du catalogue « ${catalogueVersion} » n'existe pas. Indiquez le numéro d'une version, par exemple 1 ou 2 (voir « Offres et tarifs »).`,
    );
  if (queue !== undefined && !isAdminOrderQueue(queue))
    problems.push(
      `La vue « ${queue} » n'existe pas. Vues possibles : ${adminOrderQueues.map((q) => `${adminOrderQueueLabels[q]} (${q})`).join(', ')}.`,
    );
  return problems;
}
