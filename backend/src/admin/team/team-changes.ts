import { TEAM_STREAM } from '@coseso/domain/events/event-reader';
import { type TeamCommand } from '@coseso/domain/team/team-decider';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AdminAccounts } from '../../auth/admin-accounts.js';
import { type CommandContext } from '../../write-side/command-context.js';
import { type CommandInput } from '../../write-side/stream-command-runner.js';
import { FollowTeamChange } from './follow-team-change.js';
import { TeamCommandRunner } from './team-command-runner.js';

type Input<T extends TeamCommand['type']> = Omit<
  Extract<TeamCommand, { type: T }>,
  'type' | 'roster' | 'actor'
>;

/**
 * « Équipe »: each change is decided against the accounts as they stand (the last active admin
 * stays) and recorded in the `team` stream with who, when and why: that is the change. The accounts
 * table then follows the stream (sessions end at once on a role change or a deactivation) and the
 * member concerned is told, by FollowTeamChange: here, and by the job the event calls for if the
 * process dies before.
 */
@Injectable()
export class TeamChanges {
  constructor(
    private readonly runner: TeamCommandRunner,
    private readonly accounts: AdminAccounts,
    private readonly follower: FollowTeamChange,
  ) {}

  private async run(command: CommandInput<TeamCommand>, context: CommandContext) {
    const commandId = context.commandId ?? randomUUID();
    const outcome = await this.runner.run(TEAM_STREAM, command, { ...context, commandId });
    await this.follower.followCommand(commandId);
    return outcome;
  }

  async add(input: Omit<Input<'AddTeamMember'>, 'memberId'>, context: CommandContext) {
    const memberId = randomUUID();
    const roster = await this.accounts.roster();
    const outcome = await this.run({ type: 'AddTeamMember', roster, memberId, ...input }, context);
    const added = outcome.events.find((e) => e.type === 'TeamMemberAdded');
    return { memberId: added?.data.memberId ?? memberId, position: outcome.position };
  }

  async changeRole(input: Input<'ChangeTeamMemberRole'>, context: CommandContext) {
    const roster = await this.accounts.roster();
    const outcome = await this.run({ type: 'ChangeTeamMemberRole', roster, ...input }, context);
    return { position: outcome.position };
  }

  async deactivate(input: Input<'DeactivateTeamMember'>, context: CommandContext) {
    const roster = await this.accounts.roster();
    const outcome = await this.run({ type: 'DeactivateTeamMember', roster, ...input }, context);
    return { position: outcome.position };
  }

  /** Records an unlock the caller has just made (the lock itself lives in the sign-in throttle). */
  async recordUnlock(memberId: string, context: CommandContext) {
    const roster = await this.accounts.roster();
    return this.run({ type: 'RecordTeamMemberUnlock', roster, memberId }, context);
  }
}
