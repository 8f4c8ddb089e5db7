import { type OrderSourceKey, type PricingSelection } from '@coseso/event-schemas/order/order-values';
import { type OrderForm } from '@coseso/domain/orders/order-form';
import { type OrderView } from '@coseso/domain/orders/order-view';
import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../../write-side/command-context.js';

export interface CreateOrderResult {
  readonly orderId: string;
  readonly position: bigint | null;
  readonly order: OrderView;
}

export class CreateOrderCommand extends Command<CreateOrderResult> {
  constructor(
    readonly source: OrderSourceKey,
    readonly form: OrderForm,
    readonly pricingSelection: PricingSelection | undefined,
    readonly context: CommandContext,
  ) {
    super();
  }
}
