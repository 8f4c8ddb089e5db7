import { Module } from '@nestjs/common';
import { WriteSideModule } from '../write-side/write-side.module.js';
import { OrderEmailJob } from './order-email.job.js';
import { SendOrderEmailHandler } from './send-order-email.handler.js';

@Module({ imports: [WriteSideModule], providers: [OrderEmailJob, SendOrderEmailHandler] })
export class NotificationsModule {}
