import { EXPORT_ELIGIBLE_AFTER_YEARS } from '@coseso/domain/pricing/pricing-grid';
import { type OrderForm } from '@coseso/domain/orders/order-form';
import { type OrderView } from '@coseso/domain/orders/order-view';
import { WIZARD_STEP_COUNT } from '@coseso/domain/orders/wizard';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

/**
 * The document's answer; its order is read as the domain's `OrderView`, the type the server answers
 * it from (`toOrderView`) and the one the rest of the SPA reads.
 */
export type CompleteOrderResult = Omit<ApiAnswer<'/api/orders/{orderId}/complete', 'post'>, 'order'> & {
  order: OrderView;
};

/**
 * Sends the whole form to be validated and priced. The spec's extra fields (formCompleted,
 * currentStep, exportEligibleAt, supportEnabled) go along as it describes; the server decides them
 * itself, and the status too, so none is sent.
 */
export async function completeOrder(
  orderId: string,
  form: OrderForm,
  /** The catalogue version the recap was priced at: the server refuses the order if another is in force. */
  catalogueVersion?: number,
  now: Date = new Date(),
): Promise<CompleteOrderResult> {
  const exportEligible =
    form.billingPeriod === 'monthly' && form.hostingOptions?.hostingType !== 'autonomous';
  return api.post<CompleteOrderResult>(`/api/orders/${encodeURIComponent(orderId)}/complete`, {
    ...form,
    formCompleted: true,
    currentStep: WIZARD_STEP_COUNT,
    exportEligibleAt: exportEligible ? await exportDate(now) : null,
    supportEnabled: form.additionalOptions?.liveTraining === true,
    ...(catalogueVersion ? { catalogueVersion } : {}),
  });
}

// The calendar (Temporal's polyfill, 19 kB gzipped) is loaded here only, not with the wizard.
async function exportDate(now: Date) {
  const { addCalendarYears } = await import('@coseso/domain/shared/calendar');
  return addCalendarYears(now.toISOString(), EXPORT_ELIGIBLE_AFTER_YEARS);
}
