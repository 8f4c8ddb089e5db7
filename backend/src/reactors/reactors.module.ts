import { Module } from '@nestjs/common';
import { onboardingReactor } from '../accounts/onboarding/onboarding.reactor.js';
import { contractReactor } from '../contracts/contract.reactor.js';
import { invoicesReactor } from '../invoices/issuing/invoices.reactor.js';
import { orderEmailsReactor } from '../notifications/order-emails.reactor.js';
import { staleLinksReactor } from '../payments/checkout/stale-links.reactor.js';
import { endSubscriptionReactor } from '../payments/subscriptions/end-subscription.reactor.js';
import { messageEmailsReactor } from '../orders/conversation/emails/message-emails.reactor.js';
import { contactEmailReactor } from '../admin/correct-contact-email/move-client-login.reactor.js';
import { clientErasureReactor } from '../admin/erase-client-data/finish-client-erasure.reactor.js';
import { REACTORS, ReactorRunner } from './reactor-runner.js';

/** Every reactor of the app, fed from the event log in worker processes. */
@Module({
  providers: [
    {
      provide: REACTORS,
      useValue: [
        onboardingReactor,
        contractReactor,
        orderEmailsReactor,
        staleLinksReactor,
        invoicesReactor,
        endSubscriptionReactor,
        messageEmailsReactor,
        contactEmailReactor,
        clientErasureReactor,
      ],
    },
    ReactorRunner,
  ],
})
export class ReactorsModule {}
