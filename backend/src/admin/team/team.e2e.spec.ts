import { TEAM_STREAM } from '@coseso/domain/events/event-reader';
import { AdminAccounts } from '../../auth/admin-accounts.js';
import { EmailService } from '../../emails/email-service.js';
import { rawEventStore } from '../../infra/personal-data/personal-data-event-store.js';
import { FollowTeamChange } from './follow-team-change.js';
import { TeamChanges } from './team-changes.js';
import { eventually } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { ADMIN_ENV, settled, signInAdmin, signInAuditor } from '../testing/back-office.js';

// « Équipe »: an admin adds a colleague (emailed a link to choose their password), changes a role,
// deactivates a leaver; each change an event of the `team` stream, the last active admin kept.

let t: TestApp;
beforeAll(async () => (t = await startTestApp(ADMIN_ENV)));
afterAll(() => t.close());

const zoe = 'zoe.martin@coseso.test';
const PASSWORD = 'le mot de passe de Zoé';

const mailTo = (to: string, template: string) =>
  eventually(async () => {
    const found = (await t.app.get(EmailService).mailbox(500)).filter(
      (e) => e.to === to && e.template === template,
    );
    return found.length > 0 ? found : null;
  });
const tokenIn = (text: string) => decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(text)![1]!);
const login = (email: string, password: string) => t.http.post('/api/admin/login').send({ email, password });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const eventsOf = async (auth: { authorization: string }, type: string) =>
  (await t.http.get(`/api/admin/events?type=${type}`).set(auth).expect(200)).body.events as {
    type: string;
    data: Record<string, unknown>;
    actor: { kind: string; id: string };
  }[];

describe('the team in the back-office', () => {
  let admin: { authorization: string };
  let adminId: string;
  let zoeId: string;

  beforeAll(async () => {
    ({ auth: admin, adminId } = await signInAdmin(t));
  });

  it('refuses an auditor any change, and an incomplete member in French', async () => {
    const auditor = await signInAuditor(t);
    await t.http
      .post('/api/admin/team')
      .set(auditor)
      .send({ name: 'Zoé', email: zoe, role: 'admin', reason: 'Renfort' })
      .expect(403);
    const empty = await t.http.post('/api/admin/team').set(admin).send({}).expect(400);
    const said = JSON.stringify(empty.body);
    expect(said).toContain('Indiquez le nom du membre');
    expect(said).toContain("Indiquez l'adresse email du membre");
    expect(said).toContain('administrateur ou auditeur');
    expect(said).toContain('Indiquez la raison du changement');
  });

  it('adds an auditor, who chooses a password from the emailed link and signs in read-only', async () => {
    const added = await t.http
      .post('/api/admin/team')
      .set(admin)
      .send({
        name: 'Zoé Martin',
        email: 'Zoe.Martin@coseso.test',
        role: 'auditor',
        reason: 'Contrôle des comptes',
      })
      .expect(201);
    zoeId = added.body.memberId;
    expect(added.body.message).toContain('Zoé Martin est ajouté');
    const again = await t.http
      .post('/api/admin/team')
      .set(admin)
      .send({ name: 'Zoé bis', email: zoe, role: 'admin', reason: 'Doublon' })
      .expect(409);
    expect(again.body.message).toMatch(/déjà cette adresse/);

    const [mail] = await mailTo(zoe, 'team-invitation');
    expect(mail!.text).toContain('le rôle auditeur');
    await login(zoe, PASSWORD).expect(401);
    await t.http
      .post('/api/admin/set-password')
      .send({ token: tokenIn(mail!.text), password: PASSWORD })
      .expect(200);
    const signedIn = await login(zoe, PASSWORD).expect(200);
    expect(signedIn.body.user).toMatchObject({ id: zoeId, role: 'auditor', name: 'Zoé Martin' });
    const zoeAuth = bearer(signedIn.body.token);
    await t.http
      .post(`/api/admin/team/${adminId}/deactivate`)
      .set(zoeAuth)
      .send({ reason: 'Non' })
      .expect(403);

    // As stored, the member's name and address are sealed under their own key; the app reads them in clear.
    const stored = (await rawEventStore(t.store).readStream(TEAM_STREAM)).find(
      (e) => (e.data as { memberId?: string }).memberId === zoeId,
    )!;
    expect(stored.data).toMatchObject({ name: { $sealed: true }, email: { $sealed: true }, role: 'auditor' });
    expect(stored.metadata['$sealed']).toMatchObject({ subject: `member:${zoeId}` });
    expect(JSON.stringify([stored.data, stored.metadata])).not.toContain(zoe);
    // The first admin's own TeamMemberAdded (by the system, at start) is there too.
    const event = (await eventsOf(admin, 'TeamMemberAdded')).find((e) => e.data['memberId'] === zoeId);
    expect(event).toMatchObject({
      data: {
        memberId: zoeId,
        email: zoe,
        name: 'Zoé Martin',
        role: 'auditor',
        reason: 'Contrôle des comptes',
      },
      actor: { kind: 'admin', id: adminId },
    });
  });

  it('changes a role with a reason: the member’s sessions end and they are told', async () => {
    const session = bearer((await login(zoe, PASSWORD).expect(200)).body.token);
    await t.http.get('/api/admin/team').set(session).expect(200);
    const blank = await t.http
      .post(`/api/admin/team/${zoeId}/role`)
      .set(admin)
      .send({ role: 'admin', reason: ' ' })
      .expect(400);
    expect(JSON.stringify(blank.body)).toContain('Indiquez la raison du changement');
    await t.http
      .post(`/api/admin/team/${zoeId}/role`)
      .set(admin)
      .send({ role: 'admin', reason: 'Elle gère les commandes' })
      .expect(200);
    await t.http.get('/api/admin/team').set(session).expect(401);
    const [mail] = await mailTo(zoe, 'team-role-changed');
    expect(mail!.text).toContain('désormais administrateur');
    expect(mail!.text).toContain('Elle gère les commandes');
    expect((await login(zoe, PASSWORD).expect(200)).body.user.role).toBe('admin');
    const [event] = await eventsOf(admin, 'TeamMemberRoleChanged');
    expect(event!.data).toEqual({
      memberId: zoeId,
      from: 'auditor',
      to: 'admin',
      reason: 'Elle gère les commandes',
    });
  });

  it('deactivates a leaver: sessions end at once, sign-in refused, told by email', async () => {
    const session = bearer((await login(zoe, PASSWORD).expect(200)).body.token);
    await t.http
      .post(`/api/admin/team/${zoeId}/deactivate`)
      .set(admin)
      .send({ reason: 'Départ de l’agence' })
      .expect(200);
    await t.http.get('/api/admin/team').set(session).expect(401);
    await login(zoe, PASSWORD).expect(401);
    // Nor a reset link: « Mot de passe oublié » answers as for anyone, and sends nothing.
    await t.http.post('/api/admin/forgot-password').send({ email: zoe }).expect(200);
    await settled(t);
    const mailbox = await t.app.get(EmailService).mailbox(500);
    expect(mailbox.filter((e) => e.to === zoe && e.template === 'password-reset')).toEqual([]);
    const [mail] = await mailTo(zoe, 'team-deactivated');
    expect(mail!.text).toContain('Départ de l’agence');
    const { body } = await t.http.get('/api/admin/team').set(admin).expect(200);
    const members = body.members as { id: string; active: boolean }[];
    expect(members.find((m) => m.id === zoeId)?.active).toBe(false);
    expect(members.find((m) => m.id === adminId)?.active).toBe(true);
    const changeAgain = await t.http
      .post(`/api/admin/team/${zoeId}/role`)
      .set(admin)
      .send({ role: 'auditor', reason: 'X' })
      .expect(409);
    expect(changeAgain.body.message).toMatch(/désactivé/);
  });

  it('keeps the last active admin: neither demoted nor deactivated', async () => {
    const demote = await t.http
      .post(`/api/admin/team/${adminId}/role`)
      .set(admin)
      .send({ role: 'auditor', reason: 'Essai' })
      .expect(409);
    expect(demote.body.message).toMatch(/dernier administrateur actif/);
    const leave = await t.http
      .post(`/api/admin/team/${adminId}/deactivate`)
      .set(admin)
      .send({ reason: 'Essai' })
      .expect(409);
    expect(leave.body.message).toMatch(/ne peut pas être désactivé/);
    await t.http
      .post(`/api/admin/team/${crypto.randomUUID()}/deactivate`)
      .set(admin)
      .send({ reason: 'X' })
      .expect(404);
  });

  it('makes the accounts table say what the team stream says, once, even when the command dies between the two', async () => {
    const accounts = t.app.get(AdminAccounts);
    // The process « dies » right after each append: the command's own follow-up throws. Only the
    // command's: the job the event calls for holds its own reference and may run first or after.
    const changes = t.app.get(TeamChanges) as unknown as { follower: FollowTeamChange };
    const follower = changes.follower;
    const dieOnce = () => {
      changes.follower = Object.assign(Object.create(follower) as FollowTeamChange, {
        followCommand: () => {
          changes.follower = follower;
          return Promise.reject(new Error('killed between the fact and its effect'));
        },
      });
    };
    const hugo = 'hugo.bernard@coseso.test';
    dieOnce();
    await t.http
      .post('/api/admin/team')
      .set(admin)
      .send({ name: 'Hugo Bernard', email: hugo, role: 'auditor', reason: 'Stage' })
      .expect(500);
    expect(changes.follower).toBe(follower);
    const [added] = (await eventsOf(admin, 'TeamMemberAdded')).filter((e) => e.data['email'] === hugo);
    const hugoId = added!.data['memberId'] as string;

    // No retry by anyone: the job keyed by the event's id writes the account and sends the invitation.
    const [invitation] = await mailTo(hugo, 'team-invitation');
    expect(await accounts.byId(hugoId)).toMatchObject({ email: hugo, role: 'auditor', name: 'Hugo Bernard' });
    await t.http
      .post('/api/admin/set-password')
      .send({ token: tokenIn(invitation!.text), password: PASSWORD })
      .expect(200);

    dieOnce();
    await t.http
      .post(`/api/admin/team/${hugoId}/role`)
      .set(admin)
      .send({ role: 'admin', reason: 'Fin du stage' })
      .expect(500);
    await mailTo(hugo, 'team-role-changed');
    await eventually(async () => (await accounts.byId(hugoId))?.role === 'admin');

    // Each job run again (as after a restart) changes nothing: no second account, no second email,
    // and the session opened since the role change is not ended again.
    const session = bearer((await login(hugo, PASSWORD).expect(200)).body.token);
    const follow = t.app.get(FollowTeamChange);
    const memberChanges = (await t.store.readStream(TEAM_STREAM)).filter(
      (e) => (e.data as { memberId?: string }).memberId === hugoId,
    );
    expect(memberChanges.map((e) => e.type)).toEqual(['TeamMemberAdded', 'TeamMemberRoleChanged']);
    for (const change of memberChanges) await follow.followEvent(change.eventId);
    await settled(t);
    await t.http.get('/api/admin/team').set(session).expect(200);
    const members = (await t.http.get('/api/admin/team').set(admin).expect(200)).body.members as {
      email: string;
      role: string;
    }[];
    expect(members.filter((m) => m.email === hugo)).toEqual([expect.objectContaining({ role: 'admin' })]);
    const mailbox = (await t.app.get(EmailService).mailbox(500)).filter((e) => e.to === hugo);
    expect(mailbox.map((e) => e.template).sort()).toEqual(['team-invitation', 'team-role-changed']);
  });

  it('records an unlock in the team stream, with who did it', async () => {
    // The auditor's account was made as `npm run create-admin` does: no event added it, it is still ruled.
    const { body } = await t.http.get('/api/admin/team').set(admin).expect(200);
    const audit = (body.members as { id: string; email: string }[]).find(
      (m) => m.email === 'audit@coseso.test',
    )!;
    await t.http.post(`/api/admin/team/${audit.id}/unlock`).set(admin).expect(200);
    const [event] = await eventsOf(admin, 'TeamMemberUnlocked');
    expect(event).toMatchObject({ data: { memberId: audit.id }, actor: { kind: 'admin', id: adminId } });
  });
});
