import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { WriteSideModule } from '../write-side/write-side.module.js';
import { EmailFailureRecorder } from './email-failure-recorder.js';
import { OrderEmailJob } from './order-email.job.js';
import { TeamAlertJobs } from './team-alerts/team-alert.job.js';
import { SendOrderEmailHandler } from './send-order-email.handler.js';
import { UnprovenRecipients } from './unproven-recipients.js';

@Module({
  imports: [WriteSideModule, InvoicesModule],
  providers: [OrderEmailJob, SendOrderEmailHandler, UnprovenRecipients, EmailFailureRecorder, TeamAlertJobs],
})
export class NotificationsModule {}
