import { OrdersModule } from '../orders/orders.module.js';
import { Module } from '@nestjs/common';
import { WriteSideModule } from '../write-side/write-side.module.js';
import { ResetEmailAllowance } from '../infra/security/reset-email-allowance.js';
import { SignInThrottle } from '../infra/security/sign-in-throttle.js';
import { PasswordResetJob } from './auth/password-reset.job.js';
import { SetPasswordHandler } from './auth/set-password.handler.js';
import { OnboardClientHandler } from './onboarding/onboard-client.handler.js';
import { AuthHttpController } from './auth/auth.http.controller.js';
import { ClientOrdersHttpController } from './client-orders/client-orders.http.controller.js';
import { GetOrderTimelineHandler } from './client-orders/get-order-timeline.handler.js';
import { ListClientOrdersHandler } from './client-orders/list-client-orders.handler.js';
import { OnboardClientJob } from './onboarding/onboard-client.job.js';
import { AccountStore } from './shared/account-store.js';
import { SetPasswordEmail } from './shared/set-password-email.js';
import { ClientOrderGuard } from './shared/client-order.guard.js';
import { ClientOwnsOrderHandler } from './shared/client-owns-order.handler.js';
import { GetClientProfileHandler } from './shared/get-client-profile.handler.js';
import { ClientSessionGuard } from './shared/client-session.guard.js';

/** Client accounts: creation after the first payment, sign-in, sessions, the client's orders. */
@Module({
  imports: [OrdersModule, WriteSideModule],
  controllers: [AuthHttpController, ClientOrdersHttpController],
  providers: [
    AccountStore,
    SetPasswordEmail,
    GetClientProfileHandler,
    ClientOwnsOrderHandler,
    ListClientOrdersHandler,
    GetOrderTimelineHandler,
    ClientOrderGuard,
    ClientSessionGuard,
    OnboardClientJob,
    OnboardClientHandler,
    SetPasswordHandler,
    PasswordResetJob,
    SignInThrottle,
    ResetEmailAllowance,
  ],
  exports: [AccountStore, SetPasswordEmail, ClientSessionGuard, ClientOrderGuard],
})
export class AccountsModule {}
