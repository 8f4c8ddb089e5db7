import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { type AppConfig } from '../../config/app-config.js';
import { AccountStore } from '../../accounts/shared/account-store.js';
import { type ClientProfile, GetClientProfileQuery } from '../../accounts/shared/get-client-profile.query.js';
import { EmailService } from '../../emails/email-service.js';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { type SignInRealm } from '../../infra/security/sign-in-throttle.js';
import { APP_CONFIG } from '../../infra/tokens.js';
import { AdminAccounts } from '../../auth/admin-accounts.js';

export const SIGN_IN_LOCKED_JOB = 'sign-in-locked';

/**
 * Tells the owner of an account, client or team member, that its sign-in from unknown devices was
 * just locked (enqueued once per lock episode by `SignInThrottle`): someone is guessing their password.
 * Unknown addresses are locked the same way and get nothing. Here, where both kinds of account are
 * known (the back-office module imports the client accounts').
 */
@Injectable()
export class SignInLockNoticeJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly clients: AccountStore,
    private readonly admins: AdminAccounts,
    private readonly queries: QueryBus,
    private readonly emails: EmailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async recipient(realm: SignInRealm, email: string) {
    if (realm === 'admin') {
      const admin = await this.admins.byEmail(email);
      return admin ? { to: admin.email, firstName: null, backOffice: true, page: '/admin' } : null;
    }
    const clientId = await this.clients.clientOfEmail(email);
    const user: ClientProfile | null = clientId
      ? await this.queries.execute(new GetClientProfileQuery(clientId))
      : null;
    return user ? { to: user.email, firstName: user.firstName, backOffice: false, page: '/auth' } : null;
  }

  onModuleInit(): void {
    this.jobs.register(SIGN_IN_LOCKED_JOB, async ({ realm, email }, job) => {
      const recipient = await this.recipient(realm, email);
      if (!recipient) return;
      await this.emails.send(
        'sign-in-attempts',
        recipient.to,
        {
          firstName: recipient.firstName,
          backOffice: recipient.backOffice,
          resetUrl: `${this.config.PUBLIC_URL}${recipient.page}`,
        },
        String(job.id),
      );
    });
  }
}
