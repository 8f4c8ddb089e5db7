import { Module } from '@nestjs/common';
import { CompleteOrderHandler } from './complete-order/complete-order.handler.js';
import { CompleteOrderHttpController } from './complete-order/complete-order.http.controller.js';
import { CreateOrderHandler } from './create-order/create-order.handler.js';
import { CreateOrderHttpController } from './create-order/create-order.http.controller.js';
import { GetOrderHandler } from './get-order/get-order.handler.js';
import { GetOrderHttpController } from './get-order/get-order.http.controller.js';
import { SaveProgressHandler } from './save-progress/save-progress.handler.js';
import { SaveProgressHttpController } from './save-progress/save-progress.http.controller.js';
import { RateLimitGuard } from '../infra/http/rate-limit.js';
import { OrderCommandRunner } from './shared/order-command-runner.js';

@Module({
  controllers: [
    CreateOrderHttpController,
    SaveProgressHttpController,
    CompleteOrderHttpController,
    GetOrderHttpController,
  ],
  providers: [
    OrderCommandRunner,
    RateLimitGuard,
    CreateOrderHandler,
    SaveProgressHandler,
    CompleteOrderHandler,
    GetOrderHandler,
  ],
  // One runner per process: its memory of recent orders serves every feature that writes to them.
  exports: [OrderCommandRunner, RateLimitGuard],
})
export class OrdersModule {}
