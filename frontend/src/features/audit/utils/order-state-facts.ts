import { type NameOf } from '@coseso/domain/orders/order-state-facts';
import { type HistoryStep } from '../api/get-order-history';
import { actorLabel } from './actor-label';

export {
  type FactChange,
  type StateFact,
  diffStates,
  stateFacts,
} from '@coseso/domain/orders/order-state-facts';

/** The people the history's events name, by id: the state keeps who validated the brief by id only. */
export function actorNamesOf(steps: readonly HistoryStep[]): NameOf {
  const names = new Map(steps.map((step) => [step.actor.id, actorLabel(step.actor)]));
  return (id) => names.get(id);
}
