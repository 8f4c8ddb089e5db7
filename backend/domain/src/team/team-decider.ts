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
 * A change to the team, with the accounts table's roster: every account, those the stream has not
 * recorded yet included (an account made before the stream existed, recorded at the next start).
 * For the members the stream knows, the stream's own fold wins (TeamState): two admins acting at
 * once are decided one after the other on what the first one did, not on the table as both read it.
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
      /**
       * An account the table holds and the stream never recorded (the first admin of ADMIN_EMAIL,
       * an account older than the stream), recorded at start by the system: once, nothing when the
       * stream knows the member already.
       */
      readonly type: 'RecordExistingTeamMember';
      readonly roster: readonly TeamAccount[];
      readonly actor: Actor;
      readonly memberId: string;
      readonly name: string;
      readonly reason: string;
    }
  | {
      readonly type: 'RecordTeamMemberUnlock';
      readonly roster: readonly TeamAccount[];
      readonly actor: Actor;
      readonly memberId: string;
    };

/** The team as its stream says: each member it recorded, with their address, role and whether active. */
export interface TeamState {
  readonly changes: number;
  readonly members: Readonly<Record<string, TeamAccount>>;
  /**
   * Members deactivated before the stream recorded their joining (an account older than the
   * stream, recorded at a later start): recorded then, they stay inactive.
   */
  readonly left: Readonly<Record<string, true>>;
}

/** The roster the rules judge: the table's accounts, each the stream knows as the stream says. */
function rosterOf(command: TeamCommand, state: TeamState): TeamAccount[] {
  const known = Object.values(state.members);
  const unrecorded = command.roster.filter((account) => !state.members[account.id]);
  return [...known, ...unrecorded];
}

function evolve(state: TeamState, event: TeamEvent): TeamState {
  const changes = state.changes + 1;
  const member = 'memberId' in event.data ? state.members[event.data.memberId] : undefined;
  switch (event.type) {
    case 'TeamMemberAdded': {
      const { memberId, email, role } = event.data;
      const active = !state.left[memberId];
      const account = { id: memberId, email: email.trim().toLowerCase(), role, active };
      return { ...state, changes, members: { ...state.members, [memberId]: account } };
    }
    case 'TeamMemberRoleChanged':
      return member
        ? {
            ...state,
            changes,
            members: { ...state.members, [member.id]: { ...member, role: event.data.to } },
          }
        : { ...state, changes };
    case 'TeamMemberDeactivated':
      return member
        ? { ...state, changes, members: { ...state.members, [member.id]: { ...member, active: false } } }
        : { ...state, changes, left: { ...state.left, [event.data.memberId]: true } };
    case 'TeamMemberUnlocked':
      return { ...state, changes };
  }
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

function decide(given: TeamCommand, state: TeamState): TeamEvent[] {
  // The command line (`npm run create-admin`) and the start-up (an account the stream lacks), both a
  // system actor, may add a member: whoever runs them holds the database already.
  const bySystem = given.type === 'AddTeamMember' || given.type === 'RecordExistingTeamMember';
  if (!bySystem || given.actor.kind !== 'system') onlyAdmins(given.actor);
  if (given.type === 'RecordExistingTeamMember' && given.actor.kind !== 'system')
    throw refuse(ErrorCode.ADMIN_FORBIDDEN, 'Seul le démarrage enregistre un compte existant.', 'forbidden');
  const command = { ...given, roster: rosterOf(given, state) };
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
    case 'RecordExistingTeamMember': {
      if (state.members[command.memberId]) return [];
      const member = memberOf(command.roster, command.memberId);
      return [
        {
          type: 'TeamMemberAdded',
          data: {
            memberId: member.id,
            name: command.name.trim(),
            email: member.email,
            role: member.role,
            reason: command.reason.trim(),
          },
        },
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
  initialState: () => ({ changes: 0, members: {}, left: {} }),
  evolve,
  decide,
};
