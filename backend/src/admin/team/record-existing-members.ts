import { TEAM_STREAM } from '@coseso/domain/events/event-reader';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AdminAccounts } from '../../auth/admin-accounts.js';
import { type AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../infra/tokens.js';
import { TeamCommandRunner } from './team-command-runner.js';

export const FIRST_ADMIN_REASON = 'Premier administrateur, créé au démarrage (ADMIN_EMAIL)';
export const EARLIER_ACCOUNT_REASON =
  "Compte créé avant que l'équipe ait son journal, enregistré au démarrage suivant";

/**
 * At each start, every account the `team` stream has not recorded becomes a fact of it: the first
 * admin, made from ADMIN_EMAIL by AdminAccounts as the app starts, and the accounts an older
 * database holds (made before the stream, or by an older `npm run create-admin`). A
 * TeamMemberAdded by the system (`first-admin`, or `team-record` for the others), once per account:
 * the command id is the account's and the team's rules append nothing for a member the stream
 * knows, so a restart, or two processes starting together, add no second one. Nobody is emailed
 * (the system is not an admin: FollowTeamChange sends nothing) and the account is left as it is.
 */
@Injectable()
export class RecordExistingMembers implements OnApplicationBootstrap {
  private readonly logger = new Logger('RecordExistingMembers');

  constructor(
    private readonly accounts: AdminAccounts,
    private readonly runner: TeamCommandRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.recordAll();
  }

  /** Records each account the stream lacks; how many were recorded. */
  async recordAll(): Promise<number> {
    const state = await this.runner.current(TEAM_STREAM);
    const accounts = await this.accounts.list();
    const missing = accounts.filter((account) => !state.members[account.id]);
    if (missing.length === 0) return 0;
    const firstAdmin = this.config.ADMIN_EMAIL?.trim().toLowerCase();
    const roster = await this.accounts.roster();
    let recorded = 0;
    for (const account of missing) {
      const first = account.email === firstAdmin;
      const outcome = await this.runner.run(
        TEAM_STREAM,
        {
          type: 'RecordExistingTeamMember',
          roster,
          memberId: account.id,
          name: account.name,
          reason: first ? FIRST_ADMIN_REASON : EARLIER_ACCOUNT_REASON,
        },
        {
          actor: { kind: 'system', id: first ? 'first-admin' : 'team-record' },
          commandId: `team-record:${account.id}`,
        },
      );
      if (outcome.events.length > 0) recorded++;
    }
    if (recorded > 0) this.logger.log({ msg: 'team accounts recorded in the team stream', recorded });
    return recorded;
  }
}
