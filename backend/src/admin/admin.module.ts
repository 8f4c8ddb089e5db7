import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module.js';
import { WriteSideModule } from '../write-side/write-side.module.js';
import { AdminAccounts } from './auth/admin-accounts.js';
import { AdminAuthHttpController } from './auth/admin-auth.http.controller.js';
import { AdminGuard } from './auth/admin.guard.js';
import { EmailTestHttpController } from './email-test/email-test.http.controller.js';
import { SendContractEmailHandler } from './email-test/send-contract-email.handler.js';
import { ListOrdersHandler } from './order-list/list-orders.handler.js';
import { OrderListHttpController } from './order-list/order-list.http.controller.js';

@Module({
  imports: [OrdersModule, WriteSideModule],
  controllers: [AdminAuthHttpController, OrderListHttpController, EmailTestHttpController],
  providers: [AdminAccounts, AdminGuard, ListOrdersHandler, SendContractEmailHandler],
  exports: [AdminAccounts, AdminGuard],
})
export class AdminModule {}
