import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { CompleteOrderHandler } from './complete-order/complete-order.handler.js';
import { CompleteOrderHttpController } from './complete-order/complete-order.http.controller.js';
import { CreateOrderHandler } from './create-order/create-order.handler.js';
import { CreateOrderHttpController } from './create-order/create-order.http.controller.js';
import { GetOrderHandler } from './get-order/get-order.handler.js';
import { GetOrderStateHandler } from './get-order/get-order-state.handler.js';
import { GetOrderHttpController } from './get-order/get-order.http.controller.js';
import { SaveProgressHandler } from './save-progress/save-progress.handler.js';
import { SaveProgressHttpController } from './save-progress/save-progress.http.controller.js';
import { RateLimitGuard } from '../infra/http/rate-limit.js';
import { WriteSideModule } from '../write-side/write-side.module.js';

@Module({
  imports: [WriteSideModule, CatalogueModule],
  controllers: [
    CreateOrderHttpController,
    SaveProgressHttpController,
    CompleteOrderHttpController,
    GetOrderHttpController,
  ],
  providers: [
    RateLimitGuard,
    CreateOrderHandler,
    SaveProgressHandler,
    CompleteOrderHandler,
    GetOrderHandler,
    GetOrderStateHandler,
  ],
  exports: [RateLimitGuard],
})
export class OrdersModule {}
