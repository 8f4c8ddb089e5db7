import { type Clock, systemClock } from '@coseso/domain/shared/clock';
import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { type AppConfig } from './config/app-config.js';
import { HealthHttpController } from './health/health.http.controller.js';
import { LegalInfoHttpController } from './legal/legal-info.http.controller.js';
import { ApiExceptionFilter } from './infra/http/api-exception.filter.js';
import { MinPositionInterceptor } from './infra/http/reads-projection.js';
import { RequestBodyTypeInterceptor } from './infra/http/request-body-type.js';
import { validationPipe } from './infra/http/validation.js';
import { InfraModule } from './infra/infra.module.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { CheckEmailModule } from './accounts/check-email/check-email.module.js';
import { AdminModule } from './admin/admin.module.js';
import { CatalogueModule } from './catalogue/catalogue.module.js';
import { IdentityModule } from './identity/identity.module.js';
import { AuditModule } from './audit/audit.module.js';
import { OperationsModule } from './admin/operations/operations.module.js';
import { ContractsModule } from './contracts/contracts.module.js';
import { CheckDomainModule } from './domains/check-domain/check-domain.module.js';
import { EmailsModule } from './emails/emails.module.js';
import { JobsModule } from './infra/jobs/jobs.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { ReactorsModule } from './reactors/reactors.module.js';
import { FilesModule } from './files/files.module.js';
import { InvoicesModule } from './invoices/invoices.module.js';
import { BriefModule } from './orders/brief.module.js';
import { ConversationModule } from './orders/conversation/conversation.module.js';
import { type Reactor } from './reactors/reactor.js';
import { onboardingReactor } from './accounts/onboarding/onboarding.reactor.js';
import { contractReactor } from './contracts/contract.reactor.js';
import { invoicesReactor } from './invoices/issuing/invoices.reactor.js';
import { orderEmailsReactor } from './notifications/order-emails.reactor.js';
import { staleLinksReactor } from './payments/checkout/stale-links.reactor.js';
import { endSubscriptionReactor } from './payments/subscriptions/end-subscription.reactor.js';
import { restartSubscriptionReactor } from './payments/subscriptions/restart-subscription.reactor.js';
import { messageEmailsReactor } from './orders/conversation/emails/message-emails.reactor.js';
import { contactEmailReactor } from './admin/correct-contact-email/move-client-login.reactor.js';
import { clientErasureReactor } from './admin/erase-client-data/finish-client-erasure.reactor.js';
import { teamAlertsReactor } from './notifications/team-alerts/team-alerts.reactor.js';
import { refundsReactor } from './payments/refunds/refunds.reactor.js';
import { refusedPaymentsReactor } from './payments/webhooks/refund-refused-payment.reactor.js';
import { teamAccountsReactor } from './admin/team/team-accounts.reactor.js';

/**
 * Every reactor of the app, each from the capability whose side effects it asks for. Listed here,
 * in the app module, so that the runner (reactors/) imports none of the capabilities above it.
 */
const appReactors: readonly Reactor[] = [
  onboardingReactor,
  contractReactor,
  orderEmailsReactor,
  staleLinksReactor,
  invoicesReactor,
  endSubscriptionReactor,
  restartSubscriptionReactor,
  messageEmailsReactor,
  contactEmailReactor,
  clientErasureReactor,
  refundsReactor,
  teamAlertsReactor,
  refusedPaymentsReactor,
  teamAccountsReactor,
];

@Module({})
export class AppModule {
  /** `extra` is for tools that need the same app with more routes (the benchmark's no-op ceiling). */
  static forRoot(config: AppConfig, extra: readonly Type[] = [], clock: Clock = systemClock): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        InfraModule.forRoot(config, clock),
        IdentityModule,
        JobsModule,
        EmailsModule.forRoot({ smtpUrl: config.SMTP_URL, mailFrom: config.MAIL_FROM }),
        OrdersModule,
        CheckEmailModule,
        CheckDomainModule,
        AccountsModule,
        PaymentsModule.forRoot(config),
        ContractsModule,
        NotificationsModule,
        AdminModule,
        AuditModule,
        OperationsModule,
        ReactorsModule.forRoot(appReactors),
        FilesModule,
        BriefModule,
        ConversationModule,
        InvoicesModule,
        CatalogueModule,
        ...extra,
      ],
      controllers: [HealthHttpController, LegalInfoHttpController],
      providers: [
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        { provide: APP_PIPE, useFactory: validationPipe },
        { provide: APP_INTERCEPTOR, useClass: RequestBodyTypeInterceptor },
        { provide: APP_INTERCEPTOR, useClass: MinPositionInterceptor },
      ],
    };
  }
}
