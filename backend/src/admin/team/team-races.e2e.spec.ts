import { TEAM_STREAM } from '@coseso/domain/events/event-reader';
import { AdminAccounts } from '../../auth/admin-accounts.js';
import { EmailService } from '../../emails/email-service.js';
import { eventually } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { ADMIN_ENV, settled, signInAdmin } from '../testing/back-office.js';

// Two admins changing the team at the same moment: each change is decided on what the team stream
// says once the other's has landed, not on the accounts table as both read it before.

let t: TestApp;
beforeAll(async () => (t = await startTestApp(ADMIN_ENV)));
afterAll(() => t.close());

const PASSWORD = 'le mot de passe de la seconde admin';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const tokenIn = (text: string) => decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(text)![1]!);

/** A second admin, invited by the first and signed in with the password chosen from the email. */
async function secondAdmin(admin: { authorization: string }, email: string) {
  const { body } = await t.http
    .post('/api/admin/team')
    .set(admin)
    .send({ name: 'Sophie Seconde', email, role: 'admin', reason: 'Renfort' })
    .expect(201);
  const mail = await eventually(async () =>
    (await t.app.get(EmailService).mailbox(500)).find(
      (e) => e.to === email && e.template === 'team-invitation',
    ),
  );
  await t.http
    .post('/api/admin/set-password')
    .send({ token: tokenIn(mail.text), password: PASSWORD })
    .expect(200);
  const signedIn = await t.http.post('/api/admin/login').send({ email, password: PASSWORD }).expect(200);
  return { id: body.memberId as string, auth: bearer(signedIn.body.token) };
}

const teamEvents = async (type: string) =>
  (await t.store.readStream(TEAM_STREAM)).filter((e) => e.type === type);

describe('the team, changed by two admins at once', () => {
  let first: { auth: { authorization: string }; adminId: string };
  let second: { id: string; auth: { authorization: string } };

  beforeAll(async () => {
    first = await signInAdmin(t);
    second = await secondAdmin(first.auth, 'sophie.seconde@coseso.test');
  });

  it('adds one account for an address both invite at once; the other is told in French', async () => {
    for (const round of [1, 2, 3]) {
      const email = `invitee.${round}@coseso.test`;
      const invite = (auth: { authorization: string }, name: string) =>
        t.http.post('/api/admin/team').set(auth).send({ name, email, role: 'auditor', reason: 'Contrôle' });
      const answers = await Promise.all([invite(first.auth, 'Invité A'), invite(second.auth, 'Invité B')]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      const refused = answers.find((a) => a.status === 409)!;
      expect(refused.body.message).toBe('Un compte du back-office utilise déjà cette adresse email.');
      const added = (await teamEvents('TeamMemberAdded')).filter(
        (e) => (e.data as { email: string }).email === email,
      );
      expect(added).toHaveLength(1);
      const accepted = answers.find((a) => a.status === 201)!;
      expect((added[0]!.data as { memberId: string }).memberId).toBe(accepted.body.memberId);
      const accounts = (await t.app.get(AdminAccounts).roster()).filter((a) => a.email === email);
      expect(accounts).toEqual([expect.objectContaining({ id: accepted.body.memberId, role: 'auditor' })]);
    }
    await settled(t);
    // The invitee is emailed once per round: the refused invitation sends nothing.
    const invitations = (await t.app.get(EmailService).mailbox(500)).filter(
      (e) => e.template === 'team-invitation' && e.to.startsWith('invitee.'),
    );
    expect(invitations).toHaveLength(3);
  });

  it('keeps an active admin when the two last admins are demoted at once', async () => {
    const demote = (auth: { authorization: string }, memberId: string) =>
      t.http
        .post(`/api/admin/team/${memberId}/role`)
        .set(auth)
        .send({ role: 'auditor', reason: 'Réorganisation' });
    // Each demotes the other, at the same moment.
    const answers = await Promise.all([demote(first.auth, second.id), demote(second.auth, first.adminId)]);
    const statuses = answers.map((a) => a.status).sort();
    // One demotion lands; the other is refused by the rule, or, when its admin was the one demoted
    // before its request was read, by the end of their session.
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const refused = answers.find((a) => a.status === 409);
    if (refused) expect(refused.body.message).toMatch(/dernier administrateur actif/);
    expect(await teamEvents('TeamMemberRoleChanged')).toHaveLength(1);
    const admins = (await t.app.get(AdminAccounts).roster()).filter((a) => a.role === 'admin' && a.active);
    expect(admins).toHaveLength(1);
  });

  it('keeps an active admin when the last two are deactivated and demoted at once', async () => {
    // Back to two admins: the one demoted above is an admin again.
    const [remaining] = (await t.app.get(AdminAccounts).roster()).filter(
      (a) => a.role === 'admin' && a.active,
    );
    const demotedId = remaining!.id === first.adminId ? second.id : first.adminId;
    const remainingAuth = remaining!.id === first.adminId ? first.auth : second.auth;
    await t.http
      .post(`/api/admin/team/${demotedId}/role`)
      .set(remainingAuth)
      .send({ role: 'admin', reason: 'Retour' })
      .expect(200);
    // The remaining admin, from two tabs: deactivates the other, and demotes themself.
    const answers = await Promise.all([
      t.http.post(`/api/admin/team/${demotedId}/deactivate`).set(remainingAuth).send({ reason: 'Départ' }),
      t.http
        .post(`/api/admin/team/${remaining!.id}/role`)
        .set(remainingAuth)
        .send({ role: 'auditor', reason: 'Essai' }),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const admins = (await t.app.get(AdminAccounts).roster()).filter((a) => a.role === 'admin' && a.active);
    expect(admins).toHaveLength(1);
  });
});
