import { type Reactor } from './reactors/reactor.js';
import { onboardingReactor } from './accounts/onboarding/onboarding.reactor.js';
import { contractReactor } from './contracts/contract.reactor.js';
import { invoicesReactor } from './invoices/issuing/invoices.reactor.js';
import { orderEmailsReactor } from './notifications/order-emails.reactor.js';
import { staleLinksReactor } from './payments/checkout/stale-links.reactor.js';
import { endSubscriptionReactor } from './payments/subscriptions/end-subscription.reactor.js';
import { messageEmailsReactor } from './orders/conversation/emails/message-emails.reactor.js';
import { contactEmailReactor } from './admin/correct-contact-email/move-client-login.reactor.js';
import { clientErasureReactor } from './admin/erase-client-data/finish-client-erasure.reactor.js';
import { teamAlertsReactor } from './notifications/team-alerts/team-alerts.reactor.js';
import { refundsReactor } from './payments/refunds/refunds.reactor.js';
import { refusedPaymentsReactor } from './payments/webhooks/refund-refused-payment.reactor.js';

/**
 * Every reactor of the app, each from the capability whose side effects it asks for. Listed here,
 * beside the app module, so that the runner (reactors/) imports none of the capabilities above it.
 */
export const appReactors: readonly Reactor[] = [
  onboardingReactor,
  contractReactor,
  orderEmailsReactor,
  staleLinksReactor,
  invoicesReactor,
  endSubscriptionReactor,
  messageEmailsReactor,
  contactEmailReactor,
  clientErasureReactor,
  refundsReactor,
  teamAlertsReactor,
  refusedPaymentsReactor,
];
