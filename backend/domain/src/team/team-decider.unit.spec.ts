import { validateEvent } from '@coseso/event-schemas/catalog';
import { type Actor } from '@coseso/event-schemas/envelope';
import { type TeamEvent } from '@coseso/event-schemas/team/team-events';
import { DomainError } from '../shared/domain-error.js';
import { type TeamAccount, type TeamCommand, teamDecider } from './team-decider.js';

const NOW = '2026-12-06T10:00:00.000Z';
const ADMIN_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
const OTHER_ADMIN_ID = 'a1b2c3d4-0000-4000-8000-000000000002';
const AUDITOR_ID = 'a1b2c3d4-0000-4000-8000-000000000003';
const NEW_ID = 'a1b2c3d4-0000-4000-8000-000000000004';
const admin: Actor = { kind: 'admin', id: ADMIN_ID };
const auditor: Actor = { kind: 'auditor', id: AUDITOR_ID };

const account = (id: string, email: string, role: TeamAccount['role'], active = true): TeamAccount => ({
  id,
  email,
  role,
  active,
});
const alone = [account(ADMIN_ID, 'ana@coseso.fr', 'admin'), account(AUDITOR_ID, 'aude@coseso.fr', 'auditor')];
const two = [...alone, account(OTHER_ADMIN_ID, 'bob@coseso.fr', 'admin')];

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function given(roster: readonly TeamAccount[]) {
  return {
    when(command: DistributiveOmit<TeamCommand, 'roster' | 'actor'>, actor: Actor = admin) {
      const attempt = () =>
        teamDecider.decide({ ...command, roster, actor } as TeamCommand, teamDecider.initialState());
      return {
        then(expected: readonly TeamEvent[]) {
          const events = attempt();
          expect(events).toEqual(expected);
          for (const event of events)
            expect(
              validateEvent({
                ...event,
                schemaVersion: 1,
                metadata: { actor, commandId: 'c', correlationId: 'c', causationId: 'c', occurredAt: NOW },
              }),
            ).toEqual({ ok: true });
        },
        thenFails(code: string, message?: RegExp) {
          expect(attempt).toThrow(DomainError);
          expect(attempt).toThrow(expect.objectContaining({ code }) as never);
          if (message) expect(attempt).toThrow(message);
        },
      };
    },
  };
}

describe('the team decider', () => {
  it('adds a member with a lower-cased address and the chosen role', () => {
    given(alone)
      .when({
        type: 'AddTeamMember',
        memberId: NEW_ID,
        name: ' Zoé Martin ',
        email: 'Zoe@Coseso.fr',
        role: 'auditor',
        reason: ' Contrôle des comptes ',
      })
      .then([
        {
          type: 'TeamMemberAdded',
          data: {
            memberId: NEW_ID,
            name: 'Zoé Martin',
            email: 'zoe@coseso.fr',
            role: 'auditor',
            reason: 'Contrôle des comptes',
          },
        },
      ]);
  });

  it('lets the command line add a member (a system actor), and it only: changes stay an admin’s', () => {
    const cli: Actor = { kind: 'system', id: 'create-admin' };
    const data = {
      memberId: NEW_ID,
      name: 'Marie Durand',
      email: 'marie@coseso.fr',
      role: 'admin',
      reason: 'Créé en ligne de commande',
    } as const;
    const added = { type: 'AddTeamMember', ...data } as const;
    given(alone)
      .when(added, cli)
      .then([{ type: 'TeamMemberAdded', data }]);
    given(two)
      .when({ type: 'DeactivateTeamMember', memberId: OTHER_ADMIN_ID, reason: 'Départ' }, cli)
      .thenFails('ADMIN.FORBIDDEN');
    given(alone).when(added, auditor).thenFails('ADMIN.FORBIDDEN');
  });

  it('refuses an address another account already has, in French', () => {
    given(alone)
      .when({
        type: 'AddTeamMember',
        memberId: NEW_ID,
        name: 'Ana',
        email: 'ANA@coseso.fr',
        role: 'admin',
        reason: 'X',
      })
      .thenFails('TEAM.EMAIL_TAKEN', /déjà cette adresse/);
  });

  it('lets only an admin change the team', () => {
    given(alone)
      .when(
        {
          type: 'AddTeamMember',
          memberId: NEW_ID,
          name: 'Zoé',
          email: 'zoe@coseso.fr',
          role: 'admin',
          reason: 'X',
        },
        auditor,
      )
      .thenFails('ADMIN.FORBIDDEN');
  });

  it('changes a role, recording the one before and why', () => {
    given(alone)
      .when({ type: 'ChangeTeamMemberRole', memberId: AUDITOR_ID, role: 'admin', reason: 'Prend la relève' })
      .then([
        {
          type: 'TeamMemberRoleChanged',
          data: { memberId: AUDITOR_ID, from: 'auditor', to: 'admin', reason: 'Prend la relève' },
        },
      ]);
  });

  it('refuses to demote the last active admin', () => {
    given(alone)
      .when({ type: 'ChangeTeamMemberRole', memberId: ADMIN_ID, role: 'auditor', reason: 'Test' })
      .thenFails('TEAM.LAST_ADMIN', /dernier administrateur actif/);
  });

  it('demotes an admin while another active admin remains', () => {
    given(two)
      .when({
        type: 'ChangeTeamMemberRole',
        memberId: ADMIN_ID,
        role: 'auditor',
        reason: 'Quitte la gestion',
      })
      .then([
        {
          type: 'TeamMemberRoleChanged',
          data: { memberId: ADMIN_ID, from: 'admin', to: 'auditor', reason: 'Quitte la gestion' },
        },
      ]);
  });

  it('does not count a deactivated admin as the one that remains', () => {
    given([...alone, account(OTHER_ADMIN_ID, 'bob@coseso.fr', 'admin', false)])
      .when({ type: 'DeactivateTeamMember', memberId: ADMIN_ID, reason: 'Départ' })
      .thenFails('TEAM.LAST_ADMIN', /ne peut pas être désactivé/);
  });

  it('refuses an unchanged role and a blank reason', () => {
    given(alone)
      .when({ type: 'ChangeTeamMemberRole', memberId: AUDITOR_ID, role: 'auditor', reason: 'Rien' })
      .thenFails('TEAM.NO_CHANGE');
    given(alone)
      .when({ type: 'DeactivateTeamMember', memberId: AUDITOR_ID, reason: '  ' })
      .thenFails('TEAM.REASON_REQUIRED');
  });

  it('deactivates a member with the reason; deactivating again records nothing', () => {
    given(two)
      .when({ type: 'DeactivateTeamMember', memberId: OTHER_ADMIN_ID, reason: 'Départ de l’agence' })
      .then([
        { type: 'TeamMemberDeactivated', data: { memberId: OTHER_ADMIN_ID, reason: 'Départ de l’agence' } },
      ]);
    given([...alone, account(OTHER_ADMIN_ID, 'bob@coseso.fr', 'admin', false)])
      .when({ type: 'DeactivateTeamMember', memberId: OTHER_ADMIN_ID, reason: 'Encore' })
      .then([]);
  });

  it('refuses changes to a deactivated or unknown account', () => {
    given([...alone, account(OTHER_ADMIN_ID, 'bob@coseso.fr', 'admin', false)])
      .when({ type: 'ChangeTeamMemberRole', memberId: OTHER_ADMIN_ID, role: 'auditor', reason: 'X' })
      .thenFails('TEAM.MEMBER_INACTIVE');
    given(alone)
      .when({ type: 'DeactivateTeamMember', memberId: NEW_ID, reason: 'X' })
      .thenFails('ADMIN.NOT_FOUND');
  });

  it('records an unlock', () => {
    given(alone)
      .when({ type: 'RecordTeamMemberUnlock', memberId: AUDITOR_ID })
      .then([{ type: 'TeamMemberUnlocked', data: { memberId: AUDITOR_ID } }]);
  });

  describe('on the stream as it stands', () => {
    const meta = {
      actor: { kind: 'system' as const, id: 'test' },
      commandId: 'c',
      correlationId: 'c',
      causationId: 'c',
      occurredAt: NOW,
    };
    const fold = (events: readonly TeamEvent[]) =>
      events.reduce(
        (state, event) => teamDecider.evolve(state, { ...event, metadata: meta }),
        teamDecider.initialState(),
      );
    const added = (id: string, email: string, role: TeamAccount['role']): TeamEvent => ({
      type: 'TeamMemberAdded',
      data: { memberId: id, name: 'X', email, role, reason: 'R' },
    });
    const decide =
      (
        command: DistributiveOmit<TeamCommand, 'roster' | 'actor'>,
        events: TeamEvent[],
        actor: Actor = admin,
      ) =>
      () =>
        teamDecider.decide({ ...command, roster: two, actor } as TeamCommand, fold(events));

    it('records an account the stream lacks, by the system only, and once', () => {
      const record = {
        type: 'RecordExistingTeamMember',
        memberId: ADMIN_ID,
        name: 'Ana',
        reason: 'Au démarrage',
      } as const;
      const system: Actor = { kind: 'system', id: 'first-admin' };
      expect(decide(record, [], system)()).toEqual([
        {
          type: 'TeamMemberAdded',
          data: {
            memberId: ADMIN_ID,
            name: 'Ana',
            email: 'ana@coseso.fr',
            role: 'admin',
            reason: 'Au démarrage',
          },
        },
      ]);
      expect(decide(record, [added(ADMIN_ID, 'ana@coseso.fr', 'admin')], system)()).toEqual([]);
      expect(decide(record, [])).toThrow(expect.objectContaining({ code: 'ADMIN.FORBIDDEN' }) as never);
    });

    it('judges by what the stream says of its members: an address it added is taken, a demotion it holds counts', () => {
      // The table, read before another admin's command landed, does not have the new address yet.
      const taken = decide(
        {
          type: 'AddTeamMember',
          memberId: NEW_ID,
          name: 'Zoé',
          email: 'zoe@coseso.fr',
          role: 'auditor',
          reason: 'R',
        },
        [added('a1b2c3d4-0000-4000-8000-000000000009', 'zoe@coseso.fr', 'auditor')],
      );
      expect(taken).toThrow(expect.objectContaining({ code: 'TEAM.EMAIL_TAKEN' }) as never);
      // Both admins of the table are active; the stream already demoted one: the other stays.
      const lastOne = decide(
        { type: 'ChangeTeamMemberRole', memberId: ADMIN_ID, role: 'auditor', reason: 'R' },
        [
          added(ADMIN_ID, 'ana@coseso.fr', 'admin'),
          added(OTHER_ADMIN_ID, 'bob@coseso.fr', 'admin'),
          {
            type: 'TeamMemberRoleChanged',
            data: { memberId: OTHER_ADMIN_ID, from: 'admin', to: 'auditor', reason: 'R' },
          },
        ],
      );
      expect(lastOne).toThrow(expect.objectContaining({ code: 'TEAM.LAST_ADMIN' }) as never);
    });

    it('keeps inactive a member deactivated before the stream recorded them', () => {
      const state = fold([
        { type: 'TeamMemberDeactivated', data: { memberId: OTHER_ADMIN_ID, reason: 'Départ' } },
        added(OTHER_ADMIN_ID, 'bob@coseso.fr', 'admin'),
      ]);
      expect(state.members[OTHER_ADMIN_ID]).toMatchObject({ active: false });
    });
  });
});
