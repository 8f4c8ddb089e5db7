import { randomUUID } from 'node:crypto';
import { toOrderView } from '@coseso/domain/orders/order-view';
import { type PricingPageSelection } from '@coseso/domain/pricing/pricing-page-selection';
import { pricingPageOrderBasePrice, pricingPageOrderTotal } from '@coseso/domain/pricing/pricing-plans';
import { type PricingSelection } from '@coseso/event-schemas/order/order-values';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { CatalogueService } from '../../catalogue/catalogue.service.js';
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
    private readonly catalogue: CatalogueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ source, form, pricingSelection, context }: CreateOrderCommand): Promise<CreateOrderResult> {
    const orderId = context.commandId
      ? orderIdForKey(this.config.SESSION_SECRET, context.commandId)
      : randomUUID();
    const orderNumber = await this.orderNumbers.next();
    const priced = pricingSelection ? await this.priced(pricingSelection) : null;
    const outcome = await this.runner.run(
      orderId,
      {
        type: 'CreateOrderDraft',
        orderId,
        orderNumber,
        source,
        form,
        ...(priced ? { pricingSelection: priced } : {}),
      },
      context,
    );
    return { orderId, position: outcome.position, order: toOrderView(outcome.state) };
  }

  /** The offer chosen on /pricing with its amounts at the catalogue version in force (what the wizard's recap starts from). */
  private async priced(selection: PricingPageSelection): Promise<PricingSelection> {
    const { grid } = await this.catalogue.inForce();
    const oneTime = selection.planType === 'one-time';
    return {
      planType: selection.planType,
      subscriptionPlan: oneTime ? null : selection.subscriptionPlan,
      billingCycle: oneTime ? null : selection.billingCycle,
      totalAmount: pricingPageOrderTotal(selection, grid),
      basePrice: pricingPageOrderBasePrice(selection, grid),
    };
  }
}
