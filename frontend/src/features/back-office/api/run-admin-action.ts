import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';
import { type AllowedAction } from '../utils/admin-actions';
import { adminOrdersQueryKey } from './get-admin-orders';
import { adminOrderQueryKey } from './get-admin-order';
import { adminStatisticsQueryKey } from './get-admin-statistics';

/** What the action's dialog collected (each action reads what it needs). */
export interface ActionValues {
  notes?: string;
  url?: string;
  note?: string;
  reason?: string;
  /** An offline payment's day, YYYY-MM-DD. */
  date?: string;
  /** How an offline payment came in: transfer, cheque or cash. */
  means?: string;
  /** A cancellation within the 14-day guarantee: refund the card payments (true) or not. */
  refund?: boolean;
}

/** What each route an action calls answers. */
type CommandAnswer =
  | ApiAnswer<'/api/orders/{orderId}/validate-brief', 'post'>
  | ApiAnswer<'/api/admin/orders/{orderId}/request-more-elements', 'post'>
  | ApiAnswer<'/api/admin/orders/{orderId}/finalize-delivery', 'post'>
  | ApiAnswer<'/api/admin/orders/{orderId}/offline-payment', 'post'>
  | ApiAnswer<'/api/admin/orders/{orderId}/status', 'patch'>;

/** The spec's call for each action (§7.2): most go through the status route, which maps them to commands. */
export function runAdminAction(
  adminId: string,
  orderId: string,
  action: AllowedAction,
  values: ActionValues,
): Promise<CommandAnswer> {
  const id = encodeURIComponent(orderId);
  const auth = 'admin' as const;
  const trimmed = (value: string | undefined) => value?.trim() ?? '';
  switch (action.action) {
    case 'validate_brief':
      return api.post(
        `/api/orders/${id}/validate-brief`,
        { adminId, notes: trimmed(values.notes) },
        { auth },
      );
    case 'request_more_elements':
      return api.post(
        `/api/admin/orders/${id}/request-more-elements`,
        { notes: trimmed(values.notes) },
        { auth },
      );
    case 'finalize_delivery':
      return api.post(
        `/api/admin/orders/${id}/finalize-delivery`,
        { deliveryUrl: trimmed(values.url) },
        { auth },
      );
    case 'record_offline_payment':
    case 'record_offline_first_payment':
      return api.post(
        `/api/admin/orders/${id}/offline-payment`,
        { reference: trimmed(values.notes), receivedOn: trimmed(values.date), means: values.means },
        { auth },
      );
    default:
      return api.patch(
        `/api/admin/orders/${id}/status`,
        {
          status: action.to,
          ...(values.url ? { reviewUrl: trimmed(values.url) } : {}),
          ...(trimmed(values.note) ? { adminNote: trimmed(values.note) } : {}),
          ...(trimmed(values.reason) ? { reason: trimmed(values.reason) } : {}),
          ...(action.action === 'cancel' ? { refund: values.refund !== false } : {}),
        },
        { auth },
      );
  }
}

/**
 * Runs an action, then reloads what it changed: the list, the statistics and the order's panel.
 * A refused action (409: someone else moved the order first) reloads them too, so the panel shows
 * the order as it now is.
 */
export function useAdminAction(adminId: string) {
  const queryClient = useQueryClient();
  const reload = (orderId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
      queryClient.invalidateQueries({ queryKey: adminStatisticsQueryKey, exact: true }),
      queryClient.invalidateQueries({ queryKey: adminOrderQueryKey(orderId), exact: true }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'files', orderId], exact: true }),
    ]);
  return useMutation({
    mutationFn: ({
      orderId,
      action,
      values,
    }: {
      orderId: string;
      action: AllowedAction;
      values: ActionValues;
    }) => runAdminAction(adminId, orderId, action, values),
    onSuccess: (_answer, { orderId }) => reload(orderId),
    onError: (error, { orderId }) => {
      if (isApiError(error) && error.status === 409) void reload(orderId);
    },
  });
}
