import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module.js';
import { AuthHttpController } from './auth/auth.http.controller.js';
import { ClientOrdersHttpController } from './client-orders/client-orders.http.controller.js';
import { OnboardClientJob } from './onboarding/onboard-client.job.js';
import { AccountStore } from './shared/account-store.js';
import { ClientProfiles } from './shared/client-profiles.js';
import { ClientSessionGuard } from './shared/client-session.guard.js';

/** Client accounts: creation after the first payment, sign-in, sessions, the client's orders. */
@Module({
  imports: [OrdersModule],
  controllers: [AuthHttpController, ClientOrdersHttpController],
  providers: [AccountStore, ClientProfiles, ClientSessionGuard, OnboardClientJob],
  exports: [AccountStore, ClientProfiles, ClientSessionGuard],
})
export class AccountsModule {}
