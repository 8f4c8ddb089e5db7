import { type AllowedAction, allowedAdminActions } from './admin-actions.js';
import { type NextStep, failedPayment, nextStep } from './next-step.js';
import { type OrderMoveFacts, orderStateOfFacts } from './order-move-facts.js';

export { type OrderMoveFacts, orderMoveFacts } from './order-move-facts.js';

/** What the order's rules make of its facts now: the team's actions, the next step, the failed payment. */
export interface OrderMoves {
  /** What an admin can do to the order now: each tried on the decider (allowedAdminActions). */
  readonly allowedActions: AllowedAction[];
  /** Whose move it is, what, and since when. */
  readonly nextStep: NextStep;
  /** When the payment awaited from the client last failed (its link ended unpaid); null when none did. */
  readonly paymentFailedAt: string | null;
}

/**
 * The order's moves, computed when read (the list, the board, the panel) from the facts the rules
 * read (orderMoveFacts), by the decider's own functions: a rule changed in the domain shows on the
 * next read, no read model rebuilt. The projector calls it only for the saved views' keys it must
 * filter and sort on in SQL.
 */
export function orderMoves(facts: OrderMoveFacts): OrderMoves {
  const state = orderStateOfFacts(facts);
  const allowedActions = allowedAdminActions(state);
  const next = nextStep(state, allowedActions);
  return { allowedActions, nextStep: next, paymentFailedAt: failedPayment(state, next)?.at ?? null };
}
