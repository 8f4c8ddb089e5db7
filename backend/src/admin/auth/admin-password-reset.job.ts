import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { type AppConfig } from '../../config/app-config.js';
import { EmailService } from '../../emails/email-service.js';
import { InvalidEmailDataError } from '../../emails/email-templates.js';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { ResetEmailAllowance } from '../../infra/security/reset-email-allowance.js';
import { APP_CONFIG } from '../../infra/tokens.js';
import { AdminAccounts } from '../../auth/admin-accounts.js';

export const ADMIN_PASSWORD_RESET_JOB = 'admin-password-reset';

/**
 * « Mot de passe oublié » of the back-office, with the client area's rules: the request only
 * enqueues this job (the same answer, in the same time, for every address), at most 3 emails an hour
 * per account, a link valid 1 hour that earlier or later requests do not end.
 */
@Injectable()
export class AdminPasswordResetJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly accounts: AdminAccounts,
    private readonly emails: EmailService,
    private readonly allowance: ResetEmailAllowance,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  request(email: string, requestId: string): Promise<void> {
    return this.jobs.enqueue(ADMIN_PASSWORD_RESET_JOB, { email }, { jobId: `admin-reset:${requestId}` });
  }

  onModuleInit(): void {
    this.jobs.register(ADMIN_PASSWORD_RESET_JOB, async ({ email }, job) => {
      const admin = await this.accounts.byEmail(email);
      if (!admin) return;
      if (job.attemptsMade === 0 && !(await this.allowance.take('admin', admin.id))) return;
      const token = await this.accounts.createResetToken(admin.id, String(job.id));
      try {
        await this.emails.send(
          'password-reset',
          admin.email,
          {
            backOffice: true,
            resetUrl: `${this.config.PUBLIC_URL}/admin/set-password?token=${encodeURIComponent(token)}`,
          },
          `admin-reset:${job.id}`,
        );
      } catch (error) {
        if (error instanceof InvalidEmailDataError) throw new UnrecoverableError(error.message);
        throw error;
      }
    });
  }
}
