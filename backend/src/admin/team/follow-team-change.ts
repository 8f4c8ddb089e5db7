import { type RecordedTeamEvent, TEAM_STREAM, readTeamEvent } from '@coseso/domain/events/event-reader';
import { type EventStore } from '@coseso/event-store/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { AdminAccounts } from '../../auth/admin-accounts.js';
import { EVENT_STORE } from '../../infra/tokens.js';
import { teamEventsOfCommand } from './team-command-runner.js';
import { TeamNotices } from './team-notices.js';

/**
 * What follows a team change, once it is in the `team` stream: the accounts table made to say the
 * same (AdminAccounts.applyTeamEvent, once per event), then the member concerned told by email (keyed
 * by the event's position: sent once). Run by the command right after the append, so its answer
 * shows the change, and again by the job the event calls for (`teamAccountsReactor`), so a process
 * that dies in between leaves the job to finish it.
 */
@Injectable()
export class FollowTeamChange {
  constructor(
    private readonly accounts: AdminAccounts,
    private readonly notices: TeamNotices,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** Follows the events the command `commandId` appended to the team stream. */
  async followCommand(commandId: string): Promise<void> {
    for (const { event, position } of await teamEventsOfCommand(this.store, commandId))
      await this.follow(event, position);
  }

  /** Follows the team event `eventId` (what its job holds). */
  async followEvent(eventId: string): Promise<void> {
    const stored = (await this.store.readStream(TEAM_STREAM)).find((e) => e.eventId === eventId);
    if (!stored) throw new Error(`event ${eventId} is not in the team stream`);
    await this.follow(readTeamEvent(stored), stored.position);
  }

  private async follow(event: RecordedTeamEvent, position: bigint): Promise<void> {
    await this.accounts.applyTeamEvent(event, position);
    const key = String(position);
    const actor = event.metadata.actor;
    // An account made by `npm run create-admin` (a system actor) has its password already: no invitation.
    if (actor.kind !== 'admin') return;
    const by = (await this.accounts.byId(actor.id))?.name ?? 'Un administrateur';
    switch (event.type) {
      case 'TeamMemberAdded':
        return this.notices.added(event.data.memberId, by, key);
      case 'TeamMemberRoleChanged':
        return this.notices.roleChanged(event.data.memberId, by, event.data.reason, key);
      case 'TeamMemberDeactivated':
        return this.notices.deactivated(event.data.memberId, by, event.data.reason, key);
      case 'TeamMemberUnlocked':
        return;
    }
  }
}
