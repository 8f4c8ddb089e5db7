import { isEmptyForm } from './order-form.js';
import { type OrderState } from './order-state.js';

/**
 * A draft nobody filled in: every click on a start button makes one (spec), so they stay out of
 * the back-office's default list and its statistics, behind the « Brouillons » filter.
 */
export const isEmptyDraft = (state: OrderState) =>
  state.exists && state.status === 'pending' && (isEmptyForm(state.form) || !hasTypedContent(state.form));

/** What a start button chooses for the visitor (the offer's template and rhythm): nobody typed it. */
const startChoices = new Set(['selectedTemplate', 'billingPeriod']);
const blank = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === false ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** The landing page creates its drafts with blank fields, and /pricing with its offer's choices. */
const hasTypedContent = (form: OrderState['form']) =>
  Object.entries(form).some(([key, value]) => !startChoices.has(key) && !blank(value));

/** The eight cards of spec §9, as sums over orders; amounts in cents, VAT included. */
export interface AdminStatistics {
  totalOrders: number;
  activeSubscriptions: number;
  yearlyDepositPaid: number;
  delivered: number;
  inRevision: number;
  yearlyRevenueCents: number;
  monthlyRecurringRevenueCents: number;
  awaitingPayment: number;
}

export const statisticKeys = [
  'totalOrders',
  'activeSubscriptions',
  'yearlyDepositPaid',
  'delivered',
  'inRevision',
  'yearlyRevenueCents',
  'monthlyRecurringRevenueCents',
  'awaitingPayment',
] as const satisfies readonly (keyof AdminStatistics)[];

export const noStatistics = (): AdminStatistics => ({
  totalOrders: 0,
  activeSubscriptions: 0,
  yearlyDepositPaid: 0,
  delivered: 0,
  inRevision: 0,
  yearlyRevenueCents: 0,
  monthlyRecurringRevenueCents: 0,
  awaitingPayment: 0,
});

/**
 * What one order adds to each card. The statistics projection keeps the sums by adding, for each
 * order an event changes, its contribution after minus its contribution before.
 */
export function statisticsContribution(state: OrderState): AdminStatistics {
  const none = noStatistics();
  if (!state.exists || isEmptyDraft(state)) return none;
  const yearly = (state.price?.billingPeriod ?? state.form.billingPeriod ?? 'yearly') === 'yearly';
  const cancelled = state.status === 'cancelled';
  // Subscriptions made up for a first month paid offline (before they no longer were): nothing renews them.
  const subscribed = state.subscription.status === 'active' && !state.subscription.id?.startsWith('offline-');
  const yearlyPaidInFull = yearly && state.finalPaid;
  return {
    totalOrders: 1,
    activeSubscriptions: subscribed ? 1 : 0,
    yearlyDepositPaid: yearly && state.depositPaid && !cancelled ? 1 : 0,
    delivered: state.status === 'delivered' ? 1 : 0,
    inRevision: state.status === 'en_revision' || state.status === 'revision_changes_requested' ? 1 : 0,
    yearlyRevenueCents: yearlyPaidInFull
      ? (state.firstPayment?.amount ?? 0) + (state.finalPayment?.amount ?? 0)
      : 0,
    monthlyRecurringRevenueCents: subscribed ? (state.subscription.monthlyWithVat ?? 0) : 0,
    // An erased contact will pay nothing: that order no longer waits for a payment.
    awaitingPayment:
      !state.contactErasedAt &&
      (state.status === 'awaiting_balance_payment' ||
        state.status === 'awaiting_first_monthly_payment' ||
        (!state.depositPaid && !cancelled))
        ? 1
        : 0,
  };
}
