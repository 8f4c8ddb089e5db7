import { type OrderState } from '@coseso/domain/orders/order-state';
import { stateFieldLabel } from '@coseso/domain/orders/order-state-facts';

/** One change between two states of an order, for people: which field, before, after. */
export interface StateChange {
  /** Where in the state, e.g. `form.companyName`. */
  readonly path: string;
  /** Its French name, where the product has one. */
  readonly label: string | null;
  readonly before: unknown;
  readonly after: unknown;
}

/** Changes on every event, so never worth a line. */
const NOISE = new Set(['lastActivityAt']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function collect(path: string, before: unknown, after: unknown, changes: StateChange[]): void {
  if (NOISE.has(path)) return;
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
      collect(path ? `${path}.${key}` : key, before[key], after[key], changes);
    return;
  }
  // Lists and values compare whole: "Fichiers du brief" before and after reads better than items.
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  changes.push({ path, label: stateFieldLabel(path), before: before ?? null, after: after ?? null });
}

/** What changed from one state of an order to the next, field by field (objects walked into, lists whole). */
export function diffOrderStates(before: OrderState, after: OrderState): StateChange[] {
  const changes: StateChange[] = [];
  collect('', before, after, changes);
  return changes;
}
