import { type OrderForm } from '@coseso/domain/orders/order-form';
import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../../write-side/command-context.js';
import { type CommandOutcome } from '../../write-side/order-command-runner.js';

export class SaveProgressCommand extends Command<CommandOutcome> {
  constructor(
    readonly orderId: string,
    readonly currentStep: number | undefined,
    readonly form: OrderForm,
    readonly context: CommandContext,
  ) {
    super();
  }
}
