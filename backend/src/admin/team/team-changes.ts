import { TEAM_STREAM, readTeamEvent } from '@coseso/domain/events/event-reader';
import { type TeamCommand, teamDecider } from '@coseso/domain/team/team-decider';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AdminAccounts } from '../../auth/admin-accounts.js';
import { type CommandContext } from '../../write-side/command-context.js';
import { InjectedCommandRunner } from '../../write-side/injected-command-runner.js';
import { type CommandInput } from '../../write-side/stream-command-runner.js';
import { TeamNotices } from './team-notices.js';

/** Commands on the one `team` stream, decided by the team's rules. */
@Injectable()
export class TeamCommandRunner extends InjectedCommandRunner({
  decider: teamDecider,
  streamId: () => TEAM_STREAM,
  read: readTeamEvent,
}) {}

const keyOf = (position: bigint | null) => String(position ?? randomUUID());

type Input<T extends TeamCommand['type']> = Omit<
  Extract<TeamCommand, { type: T }>,
  'type' | 'roster' | 'actor'
>;

/**
 * « Équipe »: each change is decided against the accounts as they stand (the last active admin
 * stays), recorded in the `team` stream with who, when and why, then applied to the accounts
 * (sessions end at once on a role change or a deactivation), and the member concerned is told.
 */
@Injectable()
export class TeamChanges {
  constructor(
    private readonly runner: TeamCommandRunner,
    private readonly accounts: AdminAccounts,
    private readonly notices: TeamNotices,
  ) {}

  private async run(command: CommandInput<TeamCommand>, context: CommandContext) {
    return this.runner.run(TEAM_STREAM, command, context);
  }

  /** Who the emails name as having made the change: the admin's name (never an id). */
  private async nameOf(context: CommandContext): Promise<string> {
    return (await this.accounts.byId(context.actor.id))?.name ?? 'Un administrateur';
  }

  async add(input: Omit<Input<'AddTeamMember'>, 'memberId'>, context: CommandContext) {
    const memberId = randomUUID();
    const roster = await this.accounts.roster();
    const outcome = await this.run({ type: 'AddTeamMember', roster, memberId, ...input }, context);
    const added = outcome.events.find((e) => e.type === 'TeamMemberAdded');
    if (added) {
      await this.accounts.invite(added.data.memberId, added.data.email, added.data.role, added.data.name);
      await this.notices.added(added.data.memberId, await this.nameOf(context), keyOf(outcome.position));
    }
    return { memberId: added?.data.memberId ?? memberId, position: outcome.position };
  }

  async changeRole(input: Input<'ChangeTeamMemberRole'>, context: CommandContext) {
    const roster = await this.accounts.roster();
    const outcome = await this.run({ type: 'ChangeTeamMemberRole', roster, ...input }, context);
    for (const event of outcome.events)
      if (event.type === 'TeamMemberRoleChanged') {
        await this.accounts.setRole(event.data.memberId, event.data.to);
        await this.notices.roleChanged(
          event.data.memberId,
          await this.nameOf(context),
          event.data.reason,
          keyOf(outcome.position),
        );
      }
    return { position: outcome.position };
  }

  async deactivate(input: Input<'DeactivateTeamMember'>, context: CommandContext) {
    const roster = await this.accounts.roster();
    const outcome = await this.run({ type: 'DeactivateTeamMember', roster, ...input }, context);
    for (const event of outcome.events)
      if (event.type === 'TeamMemberDeactivated') {
        await this.accounts.deactivate(event.data.memberId);
        await this.notices.deactivated(
          event.data.memberId,
          await this.nameOf(context),
          event.data.reason,
          keyOf(outcome.position),
        );
      }
    return { position: outcome.position };
  }

  /** Records an unlock the caller has just made (the lock itself lives in the sign-in throttle). */
  async recordUnlock(memberId: string, context: CommandContext) {
    const roster = await this.accounts.roster();
    return this.run({ type: 'RecordTeamMemberUnlock', roster, memberId }, context);
  }
}
