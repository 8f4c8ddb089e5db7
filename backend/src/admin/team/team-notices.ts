import { type TeamRole } from '@coseso/event-schemas/team/team-events';
import { Inject, Injectable } from '@nestjs/common';
import { AdminAccounts } from '../../auth/admin-accounts.js';
import { type AppConfig } from '../../config/app-config.js';
import { EmailService } from '../../emails/email-service.js';
import { APP_CONFIG } from '../../infra/tokens.js';

const roleLabels: Record<TeamRole, string> = { admin: 'administrateur', auditor: 'auditeur' };

/**
 * The member a team change concerns learns it by email: the invited one with their set-password
 * link, the one whose role changed, the one deactivated. Keyed by the change's position in the log,
 * so a retried send is sent once.
 */
@Injectable()
export class TeamNotices {
  constructor(
    private readonly accounts: AdminAccounts,
    private readonly emails: EmailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async added(memberId: string, invitedBy: string, key: string): Promise<void> {
    const member = await this.accounts.byId(memberId);
    if (!member) return;
    const token = await this.accounts.createResetToken(memberId, `invite:${key}`);
    await this.emails.send(
      'team-invitation',
      member.email,
      {
        invitedBy,
        roleLabel: roleLabels[member.role],
        setPasswordUrl: `${this.config.PUBLIC_URL}/admin/set-password?token=${encodeURIComponent(token)}`,
      },
      `team-invitation:${key}`,
    );
  }

  async roleChanged(memberId: string, changedBy: string, reason: string, key: string): Promise<void> {
    const member = await this.accounts.byId(memberId);
    if (!member) return;
    await this.emails.send(
      'team-role-changed',
      member.email,
      { changedBy, roleLabel: roleLabels[member.role], reason },
      `team-role-changed:${key}`,
    );
  }

  async deactivated(memberId: string, changedBy: string, reason: string, key: string): Promise<void> {
    const member = await this.accounts.byId(memberId);
    if (!member) return;
    await this.emails.send(
      'team-deactivated',
      member.email,
      { changedBy, reason },
      `team-deactivated:${key}`,
    );
  }
}
