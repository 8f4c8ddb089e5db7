import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { WriteSideModule } from '../write-side/write-side.module.js';
import { SignInThrottle } from '../infra/security/sign-in-throttle.js';
import { AdminAuthHttpController } from './auth/admin-auth.http.controller.js';
import { AuthModule } from '../auth/auth.module.js';
import { AdminPasswordResetJob } from './auth/admin-password-reset.job.js';
import { SignInLockNoticeJob } from './auth/sign-in-lock-notice.job.js';
import { UnlockAccount } from './team/unlock-account.js';
import { UnlockAccountHttpController } from './team/unlock-account.http.controller.js';
import { TeamHttpController } from './team/team.http.controller.js';
import { TeamChanges } from './team/team-changes.js';
import { TeamCommandRunner } from './team/team-command-runner.js';
import { FollowTeamChange } from './team/follow-team-change.js';
import { FollowTeamChangeJob } from './team/follow-team-change.job.js';
import { TeamChangesHttpController } from './team/team-changes.http.controller.js';
import { TeamNotices } from './team/team-notices.js';
import { RecordExistingMembers } from './team/record-existing-members.js';
import { ResetEmailAllowance } from '../infra/security/reset-email-allowance.js';
import { EmailTestHttpController } from './email-test/email-test.http.controller.js';
import { SendContractEmailHandler } from './email-test/send-contract-email.handler.js';
import { CountOrderViewsHandler, ListOrdersHandler } from './order-list/list-orders.handler.js';
import { OrderListHttpController } from './order-list/order-list.http.controller.js';
import { AdminOrderListHttpController } from './order-list/admin-order-list.http.controller.js';
import { AdminOrderDetailHttpController } from './order-detail/admin-order-detail.http.controller.js';
import { GetAdminOrderHandler } from './order-detail/get-admin-order.handler.js';
import { AdminStatisticsHttpController } from './statistics/admin-statistics.http.controller.js';
import { GetAdminStatisticsHandler } from './statistics/get-admin-statistics.handler.js';
import { AdminOrderActionsHttpController } from './order-actions/admin-order-actions.http.controller.js';
import { RunOrderCommandHandler } from './shared/run-order-command.handler.js';
import { EraseClientDataHandler } from './erase-client-data/erase-client-data.handler.js';
import { FinishClientErasure } from './erase-client-data/finish-client-erasure.js';
import { FinishClientErasureJob } from './erase-client-data/finish-client-erasure.job.js';
import { EraseClientDataHttpController } from './erase-client-data/erase-client-data.http.controller.js';
import { CorrectContactEmailHandler } from './correct-contact-email/correct-contact-email.handler.js';
import { OrderSentEmails } from './correct-contact-email/sent-emails.js';
import { MoveClientLogin } from './correct-contact-email/move-client-login.js';
import { MoveClientLoginJob } from './correct-contact-email/move-client-login.job.js';
import { CorrectContactEmailHttpController } from './correct-contact-email/correct-contact-email.http.controller.js';
import { EraseOrderContactHandler } from './erase-order-contact/erase-order-contact.handler.js';
import { EraseOrderContactHttpController } from './erase-order-contact/erase-order-contact.http.controller.js';

@Module({
  imports: [OrdersModule, WriteSideModule, AccountsModule, AuthModule],
  controllers: [
    AdminAuthHttpController,
    OrderListHttpController,
    EmailTestHttpController,
    // The back-office's orders
    AdminStatisticsHttpController,
    AdminOrderListHttpController,
    AdminOrderDetailHttpController,
    AdminOrderActionsHttpController,
    // The right to be forgotten
    EraseClientDataHttpController,
    EraseOrderContactHttpController,
    // Apart from AdminOrderActionsHttpController: it also lists the emails sent, and its handler decides across the order and the client account.
    CorrectContactEmailHttpController,
    // The team's accounts
    UnlockAccountHttpController,
    TeamHttpController,
    TeamChangesHttpController,
  ],
  providers: [
    SignInThrottle,
    ResetEmailAllowance,
    AdminPasswordResetJob,
    SignInLockNoticeJob,
    UnlockAccount,
    TeamCommandRunner,
    TeamChanges,
    TeamNotices,
    RecordExistingMembers,
    FollowTeamChange,
    FollowTeamChangeJob,
    ListOrdersHandler,
    CountOrderViewsHandler,
    SendContractEmailHandler,
    GetAdminOrderHandler,
    GetAdminStatisticsHandler,
    RunOrderCommandHandler,
    EraseClientDataHandler,
    FinishClientErasure,
    FinishClientErasureJob,
    EraseOrderContactHandler,
    CorrectContactEmailHandler,
    OrderSentEmails,
    MoveClientLogin,
    MoveClientLoginJob,
  ],
  exports: [AuthModule],
})
export class AdminModule {}
