import { EXPORT_ELIGIBLE_DELAY_MS } from '@coseso/domain/pricing/pricing-grid';
import { type OrderForm } from '@coseso/domain/orders/order-form';
import { type OrderView } from '@coseso/domain/orders/order-view';
import { WIZARD_STEP_COUNT } from '@coseso/domain/orders/wizard';
import { api } from '@/lib/api';

export interface CompleteOrderResult {
  position: number;
  order: OrderView;
}

/**
 * Sends the whole form to be validated and priced. The spec's extra fields (formCompleted,
 * currentStep, exportEligibleAt, supportEnabled) go along as it describes; the server decides them
 * itself, and the status too, so none is sent.
 */
export function completeOrder(
  orderId: string,
  form: OrderForm,
  now: Date = new Date(),
): Promise<CompleteOrderResult> {
  return api.post<CompleteOrderResult>(`/api/orders/${encodeURIComponent(orderId)}/complete`, {
    ...form,
    formCompleted: true,
    currentStep: WIZARD_STEP_COUNT,
    exportEligibleAt:
      form.billingPeriod === 'monthly' && form.hostingOptions?.hostingType !== 'autonomous'
        ? new Date(now.getTime() + EXPORT_ELIGIBLE_DELAY_MS).toISOString()
        : null,
    supportEnabled: form.additionalOptions?.liveTraining === true,
  });
}
