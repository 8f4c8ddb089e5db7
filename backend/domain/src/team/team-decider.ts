import { type Actor } from '@coseso/event-schemas/envelope';
import { type TeamEvent, type TeamRole } from '@coseso/event-schemas/team/team-events';
import { type Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import { ErrorCode } from '../shared/error-codes.js';

/** An account of the team as the accounts table holds it when a command is decided. */
export interface TeamAccount {
  readonly id: string;
  readonly email: string;
  readonly role: TeamRole;
  readonly active: boolean;
}

/**
 * A change to the team, with the roster it is decided against: the accounts table holds every
 * account (the first admin of ADMIN_EMAIL included, which the stream never saw; those of
 * `npm run create-admin` are added through the stream too).
 */
export type TeamCommand =
  | {
      readonly type: 'AddTeamMember';
      readonly roster: readonly TeamAccount[];
      readonly actor: Actor;
      readonly memberId: string;
      readonly name: string;
      readonly email: string;
      readonly role: TeamRole;
      readonly reason: string;
    }
  | {
      readonly type: 'ChangeTeamMemberRole';
      readonly roster: readonly TeamAccount[];
      readonly actor: Actor;
      readonly memberId: string;
      readonly role: TeamRole;
      readonly reason: string;
    }
  | {
      readonly type: 'DeactivateTeamMember';
      readonly roster: readonly TeamAccount[];
      readonly actor: Actor;
      readonly memberId: string;
      readonly reason: string;
    }
  | {
      readonly type: 'RecordTeamMemberUnlock';
      readonly roster: readonly TeamAccount[];
      readonly actor: Actor;
      readonly memberId: string;
    };

/** How many changes the stream holds: the rules read the roster the command brings. */
export interface TeamState {
  readonly changes: number;
}

const refuse = (
  code: (typeof ErrorCode)[keyof typeof ErrorCode],
  message: string,
  kind: 'conflict' | 'not_found' | 'invalid' | 'forbidden' = 'conflict',
) => new DomainError(code, message, kind);

const onlyAdmins = (actor: Actor) => {
  if (actor.kind !== 'admin')
    throw refuse(ErrorCode.ADMIN_FORBIDDEN, 'Seul un administrateur peut modifier l’équipe.', 'forbidden');
};

function memberOf(roster: readonly TeamAccount[], memberId: string): TeamAccount {
  const member = roster.find((account) => account.id === memberId);
  if (!member) throw refuse(ErrorCode.ADMIN_NOT_FOUND, 'Ce compte du back-office n’existe pas.', 'not_found');
  return member;
}

/** Refuses a change that would leave no active admin: someone must still be able to manage the team. */
function keepAnAdmin(roster: readonly TeamAccount[], leaving: TeamAccount, message: string) {
  if (leaving.role !== 'admin' || !leaving.active) return;
  const others = roster.filter((a) => a.active && a.role === 'admin' && a.id !== leaving.id);
  if (others.length === 0) throw refuse(ErrorCode.TEAM_LAST_ADMIN, message);
}

const requireReason = (reason: string) => {
  if (reason.trim().length === 0)
    throw new DomainError(ErrorCode.TEAM_REASON_REQUIRED, 'Indiquez la raison du changement.', 'invalid', {
      reason: 'Indiquez la raison du changement.',
    });
};

function decide(command: TeamCommand): TeamEvent[] {
  // The command line (`npm run create-admin`, a system actor) may add a member: whoever runs it holds the database already.
  if (command.type !== 'AddTeamMember' || command.actor.kind !== 'system') onlyAdmins(command.actor);
  switch (command.type) {
    case 'AddTeamMember': {
      requireReason(command.reason);
      const email = command.email.trim().toLowerCase();
      if (command.roster.some((account) => account.email === email))
        throw refuse(
          ErrorCode.TEAM_EMAIL_TAKEN,
          'Un compte du back-office utilise déjà cette adresse email.',
        );
      return [
        {
          type: 'TeamMemberAdded',
          data: {
            memberId: command.memberId,
            name: command.name.trim(),
            email,
            role: command.role,
            reason: command.reason.trim(),
          },
        },
      ];
    }
    case 'ChangeTeamMemberRole': {
      requireReason(command.reason);
      const member = memberOf(command.roster, command.memberId);
      if (!member.active)
        throw refuse(ErrorCode.TEAM_MEMBER_INACTIVE, 'Ce compte est désactivé : son rôle ne change plus.');
      if (member.role === command.role) throw refuse(ErrorCode.TEAM_NO_CHANGE, 'Ce membre a déjà ce rôle.');
      if (command.role !== 'admin')
        keepAnAdmin(
          command.roster,
          member,
          'Ce compte est le dernier administrateur actif : nommez d’abord un autre administrateur.',
        );
      return [
        {
          type: 'TeamMemberRoleChanged',
          data: { memberId: member.id, from: member.role, to: command.role, reason: command.reason.trim() },
        },
      ];
    }
    case 'DeactivateTeamMember': {
      requireReason(command.reason);
      const member = memberOf(command.roster, command.memberId);
      if (!member.active) return [];
      keepAnAdmin(
        command.roster,
        member,
        'Ce compte est le dernier administrateur actif : il ne peut pas être désactivé.',
      );
      return [
        { type: 'TeamMemberDeactivated', data: { memberId: member.id, reason: command.reason.trim() } },
      ];
    }
    case 'RecordTeamMemberUnlock': {
      const member = memberOf(command.roster, command.memberId);
      return [{ type: 'TeamMemberUnlocked', data: { memberId: member.id } }];
    }
  }
}

/** The team's rules: who may change it, and that an active admin always remains. */
export const teamDecider: Decider<TeamCommand, TeamState, TeamEvent> = {
  initialState: () => ({ changes: 0 }),
  evolve: (state) => ({ changes: state.changes + 1 }),
  decide: (command) => decide(command),
};
