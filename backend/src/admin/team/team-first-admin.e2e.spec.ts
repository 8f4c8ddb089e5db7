import { TEAM_STREAM } from '@coseso/domain/events/event-reader';
import { createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { AdminAccounts } from '../../auth/admin-accounts.js';
import { loadConfig } from '../../config/app-config.js';
import { createApp } from '../../create-app.js';
import { allMigrations } from '../../infra/database/all-migrations.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { ADMIN_ENV, settled } from '../testing/back-office.js';
import { EARLIER_ACCOUNT_REASON, FIRST_ADMIN_REASON } from './record-existing-members.js';

// The first admin (ADMIN_EMAIL) and the accounts an older database holds are facts of the `team`
// stream too: a TeamMemberAdded by the system, appended at start, once, whatever the restarts.

let t: TestApp;
afterAll(() => t?.close());

const OLDER = { email: 'ancien.compte@coseso.test', password: 'le secret du compte ancien' };

describe('the accounts made before the team stream, or at start', () => {
  it('records the first admin of a database older than the stream, and an older account, once across restarts', async () => {
    // A database as it was before: its schema migrated, the first admin and another account in
    // the accounts table alone, nothing in the team stream.
    const older = await createTestSchema('e2e_team', 1, { migrations: allMigrations });
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: older.url, DATABASE_SCHEMA: older.schema });
    const table = new AdminAccounts(older.pool, config);
    expect(await table.create(ADMIN_ENV.ADMIN_EMAIL, ADMIN_ENV.ADMIN_PASSWORD, 'admin')).toBe(true);
    expect(await table.create(OLDER.email, OLDER.password, 'auditor', 'Claire Ancienne')).toBe(true);
    const [admin, auditor] = [
      (await table.byEmail(ADMIN_ENV.ADMIN_EMAIL))!,
      (await table.byEmail(OLDER.email))!,
    ];
    await older.pool.end();

    // The app over it starts (and drops the schema when it closes).
    t = await startTestApp({ ...ADMIN_ENV, DATABASE_SCHEMA: older.schema });
    const added = async () =>
      (await t.store.readStream(TEAM_STREAM)).filter((e) => e.type === 'TeamMemberAdded');
    const expected = [
      expect.objectContaining({
        data: {
          memberId: admin.id,
          name: 'Administrateur',
          email: ADMIN_ENV.ADMIN_EMAIL,
          role: 'admin',
          reason: FIRST_ADMIN_REASON,
        },
        metadata: expect.objectContaining({ actor: { kind: 'system', id: 'first-admin' } }),
      }),
      expect.objectContaining({
        data: {
          memberId: auditor.id,
          name: 'Claire Ancienne',
          email: OLDER.email,
          role: 'auditor',
          reason: EARLIER_ACCOUNT_REASON,
        },
        metadata: expect.objectContaining({ actor: { kind: 'system', id: 'team-record' } }),
      }),
    ];
    const byMember = (events: Awaited<ReturnType<typeof added>>) =>
      [...events].sort((a, b) =>
        (a.data as { email: string }).email.localeCompare((b.data as { email: string }).email),
      );
    expect(byMember(await added())).toEqual(expected);

    // Two more starts over the same database, together (two processes), then one after: nothing new.
    const restart = async () => {
      const app = await createApp(t.config);
      await app.init();
      await app.close();
    };
    await Promise.all([restart(), restart()]);
    await restart();
    expect(byMember(await added())).toHaveLength(2);
    expect(byMember(await added())).toEqual(expected);

    // The accounts are as they were: both still sign in with their own password, nobody was emailed.
    await t.http
      .post('/api/admin/login')
      .send({ email: ADMIN_ENV.ADMIN_EMAIL, password: ADMIN_ENV.ADMIN_PASSWORD })
      .expect(200);
    const { body } = await t.http.post('/api/admin/login').send(OLDER).expect(200);
    expect(body.user).toMatchObject({ id: auditor.id, role: 'auditor', name: 'Claire Ancienne' });
    await settled(t);
    const { body: log } = await t.http
      .get('/api/admin/events?type=TeamMemberAdded')
      .set({ authorization: `Bearer ${body.token}` })
      .expect(200);
    expect((log.events as { data: { memberId: string } }[]).map((e) => e.data.memberId).sort()).toEqual(
      [admin.id, auditor.id].sort(),
    );
  });

  it('records a new first admin at its first start, once', async () => {
    const fresh = await startTestApp({
      ADMIN_EMAIL: 'premiere@coseso.test',
      ADMIN_PASSWORD: 'un-secret-de-test',
    });
    try {
      const restart = async () => {
        const app = await createApp(fresh.config);
        await app.init();
        await app.close();
      };
      await restart();
      await restart();
      const added = (await fresh.store.readStream(TEAM_STREAM)).filter((e) => e.type === 'TeamMemberAdded');
      expect(added).toEqual([
        expect.objectContaining({
          data: expect.objectContaining({
            email: 'premiere@coseso.test',
            role: 'admin',
            reason: FIRST_ADMIN_REASON,
          }),
          metadata: expect.objectContaining({ actor: { kind: 'system', id: 'first-admin' } }),
        }),
      ]);
    } finally {
      await fresh.close();
    }
  });
});
