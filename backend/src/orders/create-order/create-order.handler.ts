import { randomUUID } from 'node:crypto';
import { toOrderView } from '@coseso/domain/orders/order-view';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { type AppConfig } from '../../config/app-config.js';
import { OrderNumbers } from '../../infra/database/order-numbers.js';
import { APP_CONFIG } from '../../infra/tokens.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { orderIdForKey } from '../shared/order-id.js';
import { CreateOrderCommand, type CreateOrderResult } from './create-order.command.js';

@CommandHandler(CreateOrderCommand)
export class CreateOrderHandler implements ICommandHandler<CreateOrderCommand> {
  constructor(
    private readonly runner: OrderCommandRunner,
    private readonly orderNumbers: OrderNumbers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ source, form, pricingSelection, context }: CreateOrderCommand): Promise<CreateOrderResult> {
    const orderId = context.commandId
      ? orderIdForKey(this.config.SESSION_SECRET, context.commandId)
      : randomUUID();
    const orderNumber = await this.orderNumbers.next();
    const outcome = await this.runner.run(
      orderId,
      {
        type: 'CreateOrderDraft',
        orderId,
        orderNumber,
        source,
        form,
        ...(pricingSelection ? { pricingSelection } : {}),
      },
      context,
    );
    return { orderId, position: outcome.position, order: toOrderView(outcome.state) };
  }
}
