import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../../infra/http/api-errors.js';
import { SignInThrottle } from '../../infra/security/sign-in-throttle.js';
import { AdminAccounts, type AdminUser } from '../../auth/admin-accounts.js';
import { type CommandContext } from '../../write-side/command-context.js';
import { TeamChanges } from './team-changes.js';

/**
 * Another admin lets a team member back in: the account's sign-in lock on unknown devices ends now
 * (a guessing attack against it from many addresses no longer keeps its owner out). The locks of
 * single devices end by themselves. The unlock is recorded in the team's stream (TeamMemberUnlocked),
 * with who did it.
 */
@Injectable()
export class UnlockAccount {
  private readonly logger = new Logger('UnlockAccount');

  constructor(
    private readonly accounts: AdminAccounts,
    private readonly throttle: SignInThrottle,
    private readonly team: TeamChanges,
  ) {}

  async unlock(accountId: string, by: AdminUser, context: CommandContext): Promise<AdminUser> {
    const account = await this.accounts.byId(accountId);
    if (!account)
      throw new ApiError(404, ErrorCode.ADMIN_NOT_FOUND, 'Ce compte du back-office n’existe pas.');
    await this.throttle.clear('admin', account.email);
    await this.team.recordUnlock(account.id, context);
    this.logger.log({ msg: 'back-office account unlocked', accountId, by: by.id });
    return account;
  }
}
