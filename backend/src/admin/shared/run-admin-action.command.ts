import { type AdminActionInput, type AdminActionKey } from '@coseso/domain/orders/admin-actions';
import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../../write-side/command-context.js';
import { type CommandOutcome } from '../../write-side/order-command-runner.js';

/** One named back-office action on an order (validate the brief, ask for more elements, deliver…). */
export class RunAdminActionCommand extends Command<CommandOutcome> {
  constructor(
    readonly orderId: string,
    readonly action: Exclude<AdminActionKey, 'correct_status'>,
    readonly input: AdminActionInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}
