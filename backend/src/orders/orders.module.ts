import { Module } from '@nestjs/common';
import { CreateOrderHandler } from './create-order/create-order.handler.js';
import { CreateOrderHttpController } from './create-order/create-order.http.controller.js';
import { GetOrderHandler } from './get-order/get-order.handler.js';
import { GetOrderHttpController } from './get-order/get-order.http.controller.js';
import { SaveProgressHandler } from './save-progress/save-progress.handler.js';
import { SaveProgressHttpController } from './save-progress/save-progress.http.controller.js';
import { OrderCommandRunner } from './shared/order-command-runner.js';

@Module({
  controllers: [CreateOrderHttpController, SaveProgressHttpController, GetOrderHttpController],
  providers: [OrderCommandRunner, CreateOrderHandler, SaveProgressHandler, GetOrderHandler],
})
export class OrdersModule {}
