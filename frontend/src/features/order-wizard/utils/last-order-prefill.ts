import { type OrderView } from '@coseso/domain/orders/order-view';
import { type WizardValues, toWizardValues } from './wizard-values';

/** Who the client is, taken from their last order into a new one: the company and the contact. */
export const IDENTITY_FIELDS = [
  'companyName',
  'companySector',
  'companyAddress',
  'companyId',
  'contactFirstName',
  'contactLastName',
  'contactPosition',
  'contactEmail',
  'contactPhone',
  'socialMedia',
] as const satisfies readonly (keyof WizardValues)[];

export type IdentityValues = Pick<WizardValues, (typeof IDENTITY_FIELDS)[number]>;

export interface LastOrderPrefill {
  /** The order the answers come from, to name it. */
  readonly orderNumber: number;
  readonly values: IdentityValues;
}

/**
 * A signed-in client's new order starts with the company and contact of their last order (the
 * client's orders come newest first), when nothing of them is typed in it yet: every field stays
 * editable. Null when there is nothing to take, or when the new order already has its own answers.
 */
export function lastOrderPrefill(
  order: OrderView,
  clientOrders: readonly OrderView[],
): LastOrderPrefill | null {
  if (order.formCompleted || order.depositPaid) return null;
  const current = toWizardValues(order);
  if (IDENTITY_FIELDS.some((field) => current[field].trim() !== '')) return null;
  const last = clientOrders.find((other) => other.id !== order.id && (other.companyName ?? '').trim() !== '');
  if (!last) return null;
  const previous = toWizardValues(last);
  const values = Object.fromEntries(
    IDENTITY_FIELDS.map((field) => [field, previous[field]]),
  ) as IdentityValues;
  return { orderNumber: last.orderNumber, values };
}
