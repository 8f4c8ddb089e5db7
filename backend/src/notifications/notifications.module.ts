import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module.js';
import { OrderEmailJob } from './order-email.job.js';

@Module({ imports: [OrdersModule], providers: [OrderEmailJob] })
export class NotificationsModule {}
