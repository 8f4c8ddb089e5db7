import { type OrderForm } from '@coseso/domain/orders/order-form';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

export type SaveProgressResult = ApiAnswer<'/api/orders/{orderId}/progress', 'post'>;

const progressPath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/progress`;

export function saveProgress(orderId: string, step: number, form: OrderForm): Promise<SaveProgressResult> {
  return api.post<SaveProgressResult>(progressPath(orderId), { step, ...form });
}

/**
 * The last save of a page being left (pagehide): a keepalive request outlives the page, which the
 * regular fetch wrapper's request would not. Its answer is never read.
 */
export function saveProgressOnExit(orderId: string, step: number, form: OrderForm): void {
  const baseUrl: string = import.meta.env.VITE_API_BASE_URL ?? '';
  void fetch(`${baseUrl}${progressPath(orderId)}`, {
    method: 'POST',
    keepalive: true,
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ step, ...form }),
  }).catch((error: unknown) => console.warn('Sauvegarde de la commande impossible', error));
}
