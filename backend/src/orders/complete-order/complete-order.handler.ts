import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CatalogueService } from '../../catalogue/catalogue.service.js';
import { type CommandOutcome, OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { CompleteOrderCommand } from './complete-order.command.js';

/**
 * Validates the whole order on the server, prices it at the catalogue version in force, and asks for
 * the first payment; refused when the visitor's recap showed another version (its prices changed).
 */
@CommandHandler(CompleteOrderCommand)
export class CompleteOrderHandler implements ICommandHandler<CompleteOrderCommand> {
  constructor(
    private readonly runner: OrderCommandRunner,
    private readonly catalogue: CatalogueService,
  ) {}

  async execute({
    orderId,
    form,
    seenCatalogueVersion,
    context,
  }: CompleteOrderCommand): Promise<CommandOutcome> {
    const { version, effectiveFrom, grid } = await this.catalogue.inForce();
    return this.runner.run(
      orderId,
      {
        type: 'CompleteOrderForm',
        form,
        catalogue: { version, effectiveFrom, grid },
        seenCatalogueVersion: seenCatalogueVersion ?? null,
      },
      context,
    );
  }
}
