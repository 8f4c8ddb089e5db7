import { type DynamicModule, Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { type AppConfig } from '../config/app-config.js';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { WriteSideModule } from '../write-side/write-side.module.js';
import { ExpireStaleLinksHandler } from './checkout/expire-stale-links.handler.js';
import { OpenPaymentLinkHandler } from './checkout/open-payment-link.handler.js';
import { CancelSubscriptionHandler } from './subscriptions/cancel-subscription.handler.js';
import { EndSubscriptionJob } from './subscriptions/end-subscription.job.js';
import { RefundPaymentJob } from './refunds/refund-payment.job.js';
import { RestartSubscriptionJob } from './subscriptions/restart-subscription.job.js';
import { OpenCardUpdateHandler } from './subscriptions/open-card-update.handler.js';
import { RecordPaymentEventHandler } from './webhooks/record-payment-event.handler.js';
import { RefundRefusedPaymentJob } from './webhooks/refund-refused-payment.job.js';
import { ClientPaymentsHttpController } from './checkout/client-payments.http.controller.js';
import { PaymentLinks, paymentLinkLocks } from './checkout/payment-links.js';
import { PaymentLinksHttpController } from './checkout/payment-links.http.controller.js';
import { StaleLinksJob } from './checkout/stale-links.job.js';
import { StaleLinks } from './checkout/stale-links.js';
import { PAYMENT_PROVIDER } from './payment-provider.js';
import { SandboxDeliveries } from './sandbox/sandbox-deliveries.js';
import { SandboxPaymentProvider } from './sandbox/sandbox-payment-provider.js';
import { SandboxStore } from './sandbox/sandbox-store.js';
import { SandboxHttpController } from './sandbox/sandbox.http.controller.js';
import { StripePaymentProvider } from './stripe/stripe-payment-provider.js';
import { PaymentWebhookHttpController } from './webhooks/payment-webhook.http.controller.js';
import { PaymentWebhooks } from './webhooks/payment-webhooks.js';

/** Stripe when configured, else the sandbox with its pages and jobs (docs/architecture.md §7). */
@Module({})
export class PaymentsModule {
  static forRoot(config: AppConfig): DynamicModule {
    const common = {
      module: PaymentsModule,
      imports: [OrdersModule, WriteSideModule, AccountsModule, InvoicesModule],
      exports: [PAYMENT_PROVIDER, PaymentLinks],
    };
    const controllers = [
      PaymentWebhookHttpController,
      PaymentLinksHttpController,
      ClientPaymentsHttpController,
    ];
    const handlers = [
      OpenPaymentLinkHandler,
      ExpireStaleLinksHandler,
      CancelSubscriptionHandler,
      OpenCardUpdateHandler,
      RecordPaymentEventHandler,
      RefundPaymentJob,
      RefundRefusedPaymentJob,
      RestartSubscriptionJob,
    ];
    if (config.PAYMENT_PROVIDER === 'stripe') {
      return {
        ...common,
        controllers,
        providers: [
          { provide: PAYMENT_PROVIDER, useValue: new StripePaymentProvider(stripeOptions(config)) },
          PaymentWebhooks,
          PaymentLinks,
          paymentLinkLocks,
          StaleLinksJob,
          StaleLinks,
          EndSubscriptionJob,
          ...handlers,
        ],
      };
    }
    return {
      ...common,
      controllers: [...controllers, SandboxHttpController],
      providers: [
        SandboxStore,
        SandboxPaymentProvider,
        { provide: PAYMENT_PROVIDER, useExisting: SandboxPaymentProvider },
        SandboxDeliveries,
        PaymentWebhooks,
        PaymentLinks,
        paymentLinkLocks,
        StaleLinksJob,
        StaleLinks,
        EndSubscriptionJob,
        ...handlers,
      ],
    };
  }
}

function stripeOptions(config: AppConfig) {
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  return {
    secretKey: config.STRIPE_SECRET_KEY!,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  };
}
