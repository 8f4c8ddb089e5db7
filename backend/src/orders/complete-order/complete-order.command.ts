import { type OrderForm } from '@coseso/domain/orders/order-form';
import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../../write-side/command-context.js';
import { type CommandOutcome } from '../../write-side/order-command-runner.js';

export class CompleteOrderCommand extends Command<CommandOutcome> {
  constructor(
    readonly orderId: string,
    readonly form: OrderForm,
    readonly context: CommandContext,
    /** The catalogue version the visitor's recap showed, when the SPA says. */
    readonly seenCatalogueVersion: number | null = null,
  ) {
    super();
  }
}
