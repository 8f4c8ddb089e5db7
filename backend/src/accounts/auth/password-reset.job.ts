import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { UnrecoverableError } from 'bullmq';
import { type AppConfig } from '../../config/app-config.js';
import { EmailService } from '../../emails/email-service.js';
import { InvalidEmailDataError } from '../../emails/email-templates.js';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { ResetEmailAllowance } from '../../infra/security/reset-email-allowance.js';
import { APP_CONFIG } from '../../infra/tokens.js';
import { AccountStore } from '../shared/account-store.js';
import { type ClientProfile, GetClientProfileQuery } from '../shared/get-client-profile.query.js';

export const PASSWORD_RESET_JOB = 'password-reset';

/**
 * "Mot de passe oublié", done in the background: the request only enqueues this job, whatever the
 * address, so it answers the same thing in the same time whether or not an account exists, and an
 * address the mailer refuses fails this job (visible on the operators' page), never the request.
 */
@Injectable()
export class PasswordResetJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly accounts: AccountStore,
    private readonly queries: QueryBus,
    private readonly emails: EmailService,
    private readonly allowance: ResetEmailAllowance,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** What the request does, the same for every address. */
  request(email: string, requestId: string): Promise<void> {
    return this.jobs.enqueue(PASSWORD_RESET_JOB, { email }, { jobId: `reset:${requestId}` });
  }

  onModuleInit(): void {
    this.jobs.register(PASSWORD_RESET_JOB, async ({ email }, job) => {
      const clientId = await this.accounts.clientOfEmail(email);
      const user: ClientProfile | null = clientId
        ? await this.queries.execute(new GetClientProfileQuery(clientId))
        : null;
      if (!clientId || !user) return;
      // At most 3 an hour per account, whoever asks; a retry of this job counts once.
      if (job.attemptsMade === 0 && !(await this.allowance.take('client', clientId))) return;
      // Seeded by the job: a retry makes the same link, so an email already sent stays valid.
      const token = await this.accounts.createToken(clientId, 'reset', String(job.id));
      try {
        await this.emails.send(
          'password-reset',
          user.email,
          {
            firstName: user.firstName,
            resetUrl: `${this.config.PUBLIC_URL}/auth/set-password?token=${encodeURIComponent(token)}`,
          },
          `reset:${job.id}`,
        );
      } catch (error) {
        // Retrying cannot make the mailer accept the address: fail once, visibly.
        if (error instanceof InvalidEmailDataError) throw new UnrecoverableError(error.message);
        throw error;
      }
    });
  }
}
