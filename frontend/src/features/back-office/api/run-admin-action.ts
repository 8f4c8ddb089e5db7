import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';
import { type AdminActionRequest, type ActionableOrder, targetStatus } from '../utils/admin-actions';
import { bearerHeaders } from '../utils/admin-token';
import { adminOrdersQueryKey } from './get-admin-orders';
import { adminOrderQueryKey } from './get-admin-order';
import { adminStatisticsQueryKey } from './get-admin-statistics';

/** What the action's dialog collected (each action reads what it needs). */
export interface ActionValues {
  notes?: string;
  url?: string;
  note?: string;
  reason?: string;
}

export interface ActionTarget extends ActionableOrder {
  id: string;
}

interface CommandAnswer {
  position?: string;
}

/** The spec's call for each action (§7.2): most go through the status route, which maps them to commands. */
export function runAdminAction(
  token: string,
  adminId: string,
  order: ActionTarget,
  request: AdminActionRequest,
  values: ActionValues,
): Promise<CommandAnswer> {
  const id = encodeURIComponent(order.id);
  const headers = bearerHeaders(token);
  const setStatus = (body: Record<string, unknown>) =>
    api.patch<CommandAnswer>(`/api/admin/orders/${id}/status`, body, { headers });
  switch (request.key) {
    case 'validate_brief':
      return api.post(
        `/api/orders/${id}/validate-brief`,
        { adminId, notes: values.notes ?? '' },
        { headers },
      );
    case 'request_more_elements':
      return api.post(
        `/api/admin/orders/${id}/request-more-elements`,
        { notes: values.notes ?? '' },
        { headers },
      );
    case 'finalize_delivery':
      return api.post(
        `/api/admin/orders/${id}/finalize-delivery`,
        { deliveryUrl: values.url ?? '' },
        { headers },
      );
    case 'record_offline_payment':
      return api.post(`/api/admin/orders/${id}/offline-payment`, {}, { headers });
    case 'send_review':
      return setStatus({ status: 'en_revision', reviewUrl: values.url ?? '' });
    case 'complete_changes':
      return setStatus({
        status: 'en_revision',
        reviewUrl: values.url ?? '',
        ...(values.note?.trim() ? { adminNote: values.note.trim() } : {}),
      });
    case 'correct':
      return setStatus({ status: request.to, reason: values.reason ?? '' });
    case 'sign_contract':
    case 'open_brief':
    case 'start_production':
    case 'request_final_payment':
    case 'cancel':
    case 'reactivate':
      return setStatus({ status: targetStatus(request, order) });
    default: {
      const exhaustive: never = request;
      return exhaustive;
    }
  }
}

/**
 * Runs an action, then reloads what it changed: the list, the statistics and the order's panel.
 * A refused action (409: someone else moved the order first) reloads them too, so the panel shows
 * the order as it now is.
 */
export function useAdminAction(token: string, adminId: string) {
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
      order,
      request,
      values,
    }: {
      order: ActionTarget;
      request: AdminActionRequest;
      values: ActionValues;
    }) => runAdminAction(token, adminId, order, request, values),
    onSuccess: (_answer, { order }) => reload(order.id),
    onError: (error, { order }) => {
      if (isApiError(error) && error.status === 409) void reload(order.id);
    },
  });
}
