import { type OrderSourceKey } from '@coseso/event-schemas/order/order-values';
import { type PricingPageSelection } from '@coseso/domain/pricing/pricing-page-selection';
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
    /** The offer chosen on /pricing: the handler prices it at the catalogue version in force. */
    readonly pricingSelection: PricingPageSelection | undefined,
    readonly context: CommandContext,
  ) {
    super();
  }
}
