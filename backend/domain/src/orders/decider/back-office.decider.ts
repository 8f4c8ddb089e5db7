import { adminActionCommand, statusChangeCommand } from '../admin-action-commands.js';
import { type OrderCommand } from '../order-commands.js';
import { type OrderState } from '../order-state.js';
import { type GuardedBy, commandsOf } from './decider-guards.js';

/**
 * The back-office's actions by name and its status changes: each means one order command, built
 * from the order as the decider sees it (on a retry after a concurrent write, the order as it is
 * then), which the decider then judges like any other, transition table included.
 */
export const isBackOfficeCommand = commandsOf('RunAdminAction', 'ChangeOrderStatus');

export function backOfficeCommand(
  command: GuardedBy<typeof isBackOfficeCommand>,
  state: OrderState,
): OrderCommand {
  const { actor, now } = command;
  const meant =
    command.type === 'RunAdminAction'
      ? adminActionCommand(command.action, state, command.input, now)
      : statusChangeCommand(state, command.status, command.input, now);
  // The same person and moment: only the command's own fields come from the action.
  return { ...meant, actor, now } as OrderCommand;
}
