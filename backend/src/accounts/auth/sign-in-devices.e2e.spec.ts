import { ErrorCode } from '@coseso/domain/shared/error-codes';
import type request from 'supertest';
import { AdminAccounts } from '../../auth/admin-accounts.js';
import { ADMIN_ENV, settled, signInAdmin, signInAuditor } from '../../admin/testing/back-office.js';
import { EmailService } from '../../emails/email-service.js';
import { resetEmailPolicy } from '../../infra/security/reset-email-allowance.js';
import { deviceCookieName, signInThrottlePolicy } from '../../infra/security/sign-in-throttle.js';
import { paidOrderWithSignedInClient } from '../../testing/client-order.js';
import { eventually } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';

// Issue 41, items 1 and 2: protections that could be turned against their owner. Ten wrong
// passwords from anywhere locked the owner out (clients and the whole back-office, renewable every
// 15 minutes, admins with no way back); each « Mot de passe oublié » killed the link sent before,
// and had no bound per account (12 /64s of one /48 sent 12 emails). At the production figures;
// each request from an address of its own, so the per-address limits never get in the way.

let t: TestApp;
beforeAll(async () => (t = await startTestApp({ ...ADMIN_ENV, RATE_LIMIT_MULTIPLIER: '1' })));
afterAll(() => t.close());

let addresses = 0;
const fresh = () => `2001:db8:41:${(++addresses).toString(16)}::1`;
const from = (test: request.Test) => test.set('x-forwarded-for', fresh());
const { points } = signInThrottlePolicy;
const PASSWORD = 'un mot de passe solide';

/** The device cookie a successful sign-in wrote, as the browser sends it back. */
function deviceCookie(response: request.Response, realm: 'client' | 'admin'): string {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = cookies.find((c) => c.startsWith(`${deviceCookieName(realm)}=`));
  if (!cookie) throw new Error('no device cookie');
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/Path=\/api/);
  return cookie.split(';')[0]!;
}

const mails = async (to: string, template: string, after: Date) =>
  (await t.app.get(EmailService).mailbox(500)).filter(
    (e) => e.to === to && e.template === template && e.sentAt > after,
  );

const linkIn = (text: string) => decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(text)![1]!);

describe('a client whose password is being guessed from many addresses', () => {
  const email = 'proprietaire.appareil@compte.example';
  const login = (password: string, cookie?: string) => {
    const pending = from(t.http.post('/api/auth/login'));
    if (cookie) pending.set('cookie', cookie);
    return pending.send({ email, password });
  };
  let device: string;
  let started: Date;

  beforeAll(async () => {
    await paidOrderWithSignedInClient(t, email);
    device = deviceCookie(await login(PASSWORD).expect(200), 'client');
    started = new Date();
  });

  it('is locked for unknown devices, but the browser the owner signed in with before still gets in', async () => {
    for (let i = 0; i < points; i++) await login(`essai-${i}-mauvais`).expect(401);
    expect((await login(PASSWORD).expect(429)).body.code).toBe(ErrorCode.AUTH_TOO_MANY_ATTEMPTS);
    await login(PASSWORD, device).expect(200);
    // The attack goes on: still refused from unknown devices, the owner still in.
    await login(PASSWORD).expect(429);
    await login(PASSWORD, device).expect(200);
  });

  it('tells the owner by email, once for the lock episode', async () => {
    const [notice] = await eventually(async () => {
      const found = await mails(email, 'sign-in-attempts', started);
      return found.length > 0 ? found : null;
    });
    expect(notice!.subject).toBe('Tentatives de connexion à votre compte Coseso');
    expect(notice!.text).toContain('appareils inconnus');
    for (let i = 0; i < 3; i++) await login(`encore-${i}-mauvais`).expect(429);
    await settled(t);
    expect(await mails(email, 'sign-in-attempts', started)).toHaveLength(1);
  });

  it('does not take a forged or another account’s device cookie for a known device', async () => {
    const [name, value] = device.split('=') as [string, string];
    const [account, nonce, signature] = value.split('.') as [string, string, string];
    const forged = `${name}=${account}.${nonce}x.${signature}`;
    await login(PASSWORD, forged).expect(429);
    const other = 'autre.appareil@compte.example';
    await paidOrderWithSignedInClient(t, other);
    const otherDevice = deviceCookie(
      await from(t.http.post('/api/auth/login')).send({ email: other, password: PASSWORD }).expect(200),
      'client',
    );
    await login(PASSWORD, otherDevice).expect(429);
  });

  it('locks a known device that guesses, and that device alone', async () => {
    const owner = 'appareil.fautif@compte.example';
    await paidOrderWithSignedInClient(t, owner);
    const sign = (password: string, cookie?: string) => {
      const pending = from(t.http.post('/api/auth/login'));
      if (cookie) pending.set('cookie', cookie);
      return pending.send({ email: owner, password });
    };
    const laptop = deviceCookie(await sign(PASSWORD).expect(200), 'client');
    const phone = deviceCookie(await sign(PASSWORD).expect(200), 'client');
    for (let i = 0; i < points; i++) await sign(`oubli-${i}-mauvais`, laptop).expect(401);
    await sign(PASSWORD, laptop).expect(429);
    await sign(PASSWORD, phone).expect(200);
    await sign(PASSWORD).expect(200);
  });
});

describe('« Mot de passe oublié » asked by anyone, as often as they like', () => {
  const email = 'reinitialisation.visee@compte.example';
  const forgot = () => from(t.http.post('/api/auth/forgot-password')).send({ email }).expect(200);
  beforeAll(() => paidOrderWithSignedInClient(t, email));

  it('sends the account at most 3 emails an hour, answering every request the same', async () => {
    const started = new Date();
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push((await forgot()).body);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    await settled(t);
    expect(await mails(email, 'password-reset', started)).toHaveLength(resetEmailPolicy.points);
  });

  it('never ends a link already sent; the first one used ends them all, as does a new password', async () => {
    const links = (await mails(email, 'password-reset', new Date(0))).map((e) => linkIn(e.text));
    expect(links).toHaveLength(3);
    const check = (token: string) => from(t.http.post('/api/auth/check-token')).send({ token });
    for (const token of links) await check(token).expect(200);
    await from(t.http.post('/api/auth/set-password'))
      .send({ token: links[0], password: 'un nouveau mot de passe' })
      .expect(200);
    for (const token of links) await check(token).expect(400);
    await from(t.http.post('/api/auth/set-password'))
      .send({ token: links[2], password: 'encore un autre mot de passe' })
      .expect(400);
  });
});

describe('a team member locked out of the back-office', () => {
  const email = 'equipiere.verrouillee@coseso.test';
  const secret = 'un-secret-d-equipiere';
  const adminLogin = (password: string, cookie?: string) => {
    const pending = from(t.http.post('/api/admin/login'));
    if (cookie) pending.set('cookie', cookie);
    return pending.send({ email, password });
  };
  let accountId: string;
  let device: string;

  beforeAll(async () => {
    await t.app.get(AdminAccounts).create(email, secret, 'admin');
    const first = await adminLogin(secret).expect(200);
    accountId = first.body.user.id;
    device = deviceCookie(first, 'admin');
    for (let i = 0; i < points; i++) await adminLogin(`mauvais-${i}`).expect(401);
    const locked = await adminLogin(secret).expect(429);
    expect(locked.body.message).toContain('« Mot de passe oublié ? »');
    expect(locked.body.message).toContain('demandez à un autre administrateur de débloquer votre compte');
  });

  it('still gets in from the browser they used before', async () => {
    await adminLogin(secret, device).expect(200);
  });

  it('is unlocked by another admin (not by an auditor), and can then sign in from anywhere', async () => {
    const auditor = await signInAuditor(t);
    await t.http.post(`/api/admin/team/${accountId}/unlock`).set(auditor).expect(403);
    await adminLogin(secret).expect(429);
    // The « Équipe » page shows the lock, to the auditors too.
    const lockedOf = async () => {
      const { body } = await t.http.get('/api/admin/team').set(auditor).expect(200);
      const members = body.members as { id: string; email: string; locked: boolean }[];
      return members.find((member) => member.id === accountId)?.locked;
    };
    expect(await lockedOf()).toBe(true);
    const { auth } = await signInAdmin(t);
    const unlocked = await t.http.post(`/api/admin/team/${accountId}/unlock`).set(auth).expect(200);
    expect(unlocked.body.message).toMatch(/peut de nouveau se connecter/);
    expect(await lockedOf()).toBe(false);
    await t.http.post(`/api/admin/team/${crypto.randomUUID()}/unlock`).set(auth).expect(404);
    await t.http.post('/api/admin/team/pas-un-id/unlock').set(auth).expect(400);
    await adminLogin(secret).expect(200);
  });

  it('has a reset link by email, which ends the lock and every session opened before', async () => {
    for (let i = 0; i < points; i++) await adminLogin(`encore-${i}`).expect(401);
    await adminLogin(secret).expect(429);
    const session = (await adminLogin(secret, device).expect(200)).body.token as string;
    const started = new Date();
    const forgot = await from(t.http.post('/api/admin/forgot-password')).send({ email }).expect(200);
    const unknown = await from(t.http.post('/api/admin/forgot-password'))
      .send({ email: 'personne@coseso.test' })
      .expect(200);
    expect(forgot.body).toEqual(unknown.body);
    const [mail] = await eventually(async () => {
      const found = await mails(email, 'password-reset', started);
      return found.length > 0 ? found : null;
    });
    expect(mail!.text).toContain('compte du back-office');
    expect(mail!.text).toContain('/admin/set-password?token=');
    const token = linkIn(mail!.text);
    await from(t.http.post('/api/admin/check-token')).send({ token }).expect(200);
    // A team member's password is as long as `create-admin` wants it, not a client's 8 characters.
    const short = await from(t.http.post('/api/admin/set-password'))
      .send({ token, password: 'neuf-cars' })
      .expect(400);
    expect(JSON.stringify(short.body)).toContain('au moins 10 caractères');
    const set = await from(t.http.post('/api/admin/set-password'))
      .send({ token, password: 'un tout nouveau secret' })
      .expect(200);
    expect(set.body.user).toMatchObject({ email, name: 'Administrateur' });
    await from(t.http.post('/api/admin/check-token')).send({ token }).expect(400);
    await t.http.get('/api/admin/check').set('authorization', `Bearer ${session}`).expect(200, {
      isAuthenticated: false,
      user: null,
    });
    await adminLogin('un tout nouveau secret').expect(200);
  });
});
