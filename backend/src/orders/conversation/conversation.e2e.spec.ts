import { agencyContact } from '@coseso/domain/shared/agency-contact';
import { ManualClock } from '@coseso/domain/shared/testing/manual-clock';
import { ERASED } from '@coseso/event-schemas/personal-fields';
import { conversationProjector } from '@coseso/projections/read-models/conversation/conversation.projection';
import { rebuildProjection } from '@coseso/projections/rebuild-projection';
import { type DataSource } from 'typeorm';
import { ADMIN_ENV, settled, signInAdmin, signInAuditor } from '../../admin/testing/back-office.js';
import { EmailService } from '../../emails/email-service.js';
import { png, utf8Text } from '../../files/testing/sample-files.js';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { READ_MODELS } from '../../infra/tokens.js';
import { paidOrderWithSignedInClient, signedInClientWithOrder } from '../../testing/client-order.js';
import { eventually } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { MESSAGE_EMAIL_WINDOW_MS } from './emails/message-email-windows.js';

// The app's now: the machine's at the start, then moved by hand (the 15-minute email windows).
const clock = new ManualClock(new Date());
let t: TestApp;
let auth: { authorization: string };
let auditor: { authorization: string };
beforeAll(async () => {
  t = await startTestApp(ADMIN_ENV, { clock });
  ({ auth } = await signInAdmin(t));
  auditor = await signInAuditor(t);
});
afterAll(() => t.close());

const clientPath = (orderId: string) => `/api/client/orders/${orderId}/messages`;
const adminPath = (orderId: string) => `/api/admin/orders/${orderId}/messages`;

async function clientSays(cookie: string, orderId: string, text: string, files: [string, Buffer][] = []) {
  let post = t.http.post(clientPath(orderId)).set('cookie', cookie).field('text', text);
  for (const [name, bytes] of files) post = post.attach('files', bytes, name);
  return (await post.expect(200)).body as { seq: number; position: number };
}

const teamSays = async (orderId: string, text: string) =>
  (await t.http.post(adminPath(orderId)).set(auth).field('text', text).expect(200)).body as {
    seq: number;
    position: number;
  };

const mailsTo = async (to: string, orderId: string) =>
  (await t.app.get(EmailService).mailbox(500)).filter(
    (mail) => mail.to === to && mail.orderId === orderId && mail.template === 'new-messages',
  );

describe('the conversation of an order (API)', () => {
  it('reaches the client’s own orders only, lets auditors read but not write, and keeps a file as a brief file', async () => {
    const alice = await signedInClientWithOrder(t, 'brief_pending');
    const bob = await signedInClientWithOrder(t, 'brief_pending');

    const empty = await t.http.get(clientPath(alice.orderId)).set('cookie', alice.cookie).expect(200);
    expect(empty.body).toEqual({ entries: [], lastSeq: 0, readUpTo: { client: 0, team: 0 }, unread: 0 });
    // Another client's order is no order at all; no session, no conversation.
    await t.http.get(clientPath(alice.orderId)).set('cookie', bob.cookie).expect(404);
    await t.http
      .post(clientPath(alice.orderId))
      .set('cookie', bob.cookie)
      .field('text', 'Coucou')
      .expect(404);
    await t.http
      .post(`${clientPath(alice.orderId)}/read`)
      .set('cookie', bob.cookie)
      .send({ upTo: 1 })
      .expect(404);
    await t.http.get(clientPath(alice.orderId)).expect(401);

    const posted = await clientSays(alice.cookie, alice.orderId, 'Voici notre logo', [['logo.png', png]]);
    expect(posted.seq).toBe(1);
    const seen = await t.http
      .get(clientPath(alice.orderId))
      .set('cookie', alice.cookie)
      .set('x-min-position', String(posted.position))
      .expect(200);
    expect(seen.body).toMatchObject({ lastSeq: 1, readUpTo: { client: 1, team: 0 }, unread: 0 });
    expect(seen.body.entries).toEqual([
      expect.objectContaining({
        kind: 'message',
        seq: 1,
        author: 'client',
        channel: 'messages',
        text: 'Voici notre logo',
        attachments: [expect.objectContaining({ name: 'logo.png', size: png.length, kind: 'image' })],
      }),
    ]);
    const link = new URL(seen.body.entries[0].attachments[0].url);
    const download = await t.http
      .get(link.pathname + link.search)
      .buffer(true)
      .expect(200);
    expect(Buffer.from(download.body)).toEqual(png);

    // The brief's checks: content that is not its extension, nothing at all.
    const mismatch = await t.http
      .post(clientPath(alice.orderId))
      .set('cookie', alice.cookie)
      .attach('files', utf8Text, 'photo.png')
      .expect(400);
    expect(mismatch.body).toMatchObject({ code: 'ORDER.FILE_CONTENT_MISMATCH' });
    expect(mismatch.body.message).toMatch(/« photo.png » : son contenu ne correspond pas/);
    const blank = await t.http
      .post(clientPath(alice.orderId))
      .set('cookie', alice.cookie)
      .field('text', '  ')
      .expect(400);
    expect(blank.body.fields).toEqual({ text: 'Écrivez un message ou joignez un fichier.' });

    // The team: unread in the list and the panel, then read (a receipt the client sees).
    const unread = await t.http
      .get('/api/admin/messages/unread')
      .set(auth)
      .set('x-min-position', String(posted.position))
      .expect(200);
    expect(unread.body.orders).toContainEqual({ orderId: alice.orderId, unread: 1 });
    const panel = await t.http.get(adminPath(alice.orderId)).set(auditor).expect(200);
    expect(panel.body).toMatchObject({ unread: 1, lastSeq: 1 });
    await t.http.post(adminPath(alice.orderId)).set(auditor).field('text', 'Bonjour').expect(403);
    await t.http
      .post(`${adminPath(alice.orderId)}/read`)
      .set(auditor)
      .send({ upTo: 1 })
      .expect(403);
    const read = await t.http
      .post(`${adminPath(alice.orderId)}/read`)
      .set(auth)
      .send({ upTo: 1 })
      .expect(200);
    const again = await t.http
      .post(`${adminPath(alice.orderId)}/read`)
      .set(auth)
      .send({ upTo: 1 })
      .expect(200);
    expect(again.body.position).toBeNull(); // nothing new read: nothing appended
    await t.http
      .post(`${adminPath(alice.orderId)}/read`)
      .set(auth)
      .send({ upTo: 2 })
      .expect(400);

    const answer = await teamSays(alice.orderId, 'Bien reçu, merci !');
    const client = await t.http
      .get(clientPath(alice.orderId))
      .set('cookie', alice.cookie)
      .set('x-min-position', String(Math.max(answer.position, read.body.position)))
      .expect(200);
    expect(client.body).toMatchObject({ lastSeq: 2, readUpTo: { client: 1, team: 2 }, unread: 1 });
    expect(client.body.entries[1]).toMatchObject({ author: 'team', text: 'Bien reçu, merci !' });
    const types = (await t.orderEvents(alice.orderId)).map((e) => e.type);
    expect(types.filter((type) => type.startsWith('Message'))).toEqual([
      'MessagePosted',
      'MessagesRead',
      'MessagePosted',
    ]);

    await t.http.get(adminPath('00000000-0000-4000-8000-000000000000')).set(auth).expect(404);
  });

  it('is a support ticket when the client writes from the support tab', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'en_revision');
    const { position } = (
      await t.http
        .post(clientPath(orderId))
        .set('cookie', cookie)
        .field('text', 'Mon nom de domaine ne fonctionne pas')
        .field('channel', 'support')
        .expect(200)
    ).body;
    const panel = await t.http
      .get(adminPath(orderId))
      .set(auth)
      .set('x-min-position', String(position))
      .expect(200);
    // The preview sent to the client is in the thread too, before the ticket.
    expect(
      panel.body.entries.map((e: { kind: string; channel: string | null }) => [e.kind, e.channel]),
    ).toEqual([
      ['preview_sent', null],
      ['message', 'support'],
    ]);
  });

  it('reads « données effacées » once the client is erased, as a rebuild would, and its files are no longer linked', async () => {
    const email = 'irene.conversation@exemple.fr';
    const { orderId, agent } = await paidOrderWithSignedInClient(t, email);
    const clientId = (await agent.get('/api/auth/user').expect(200)).body.user.id as string;
    await agent
      .post(clientPath(orderId))
      .field('text', 'Mon adresse est 3 rue des Lilas')
      .attach('files', png, 'irene.png')
      .expect(200);
    await t.http
      .patch(`/api/admin/orders/${orderId}/status`)
      .set(auth)
      .send({ status: 'cancelled', reason: 'La cliente renonce' })
      .expect(200);
    const erased = await t.http
      .post(`/api/admin/clients/${clientId}/erase`)
      .set(auth)
      .send({ reason: 'Demande de la cliente', confirmation: true })
      .expect(200);
    const panel = await t.http
      .get(adminPath(orderId))
      .set(auth)
      .set('x-min-position', String(erased.body.position))
      .expect(200);
    const message = panel.body.entries.find((e: { kind: string }) => e.kind === 'message');
    expect(message).toMatchObject({
      text: ERASED,
      attachments: [{ name: ERASED, url: null, kind: 'image' }],
    });
    expect(JSON.stringify(panel.body)).not.toContain('Lilas');

    const db = t.app.get<DataSource>(READ_MODELS);
    const rows = () =>
      db.query(
        `select * from "${t.config.DATABASE_SCHEMA}".order_message where order_id = $1 order by revision`,
        [orderId],
      );
    const live = await rows();
    await rebuildProjection({
      store: t.store,
      dataSource: db,
      url: t.config.DATABASE_URL,
      schema: t.config.DATABASE_SCHEMA,
      projector: conversationProjector,
    });
    expect(await rows()).toEqual(live);
  });

  it('emails the other side at once, then at most once per 15 minutes per order and recipient, with what came meanwhile', async () => {
    const jeanne = 'jeanne.batch@exemple.fr';
    const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending', {
      contactEmail: jeanne,
      contactFirstName: 'Jeanne',
    });
    const team = agencyContact.supportEmail;
    const jobs = t.app.get<JobQueue>(JobQueue);
    const mails = (to: string, count: number) =>
      eventually(async () => {
        const found = await mailsTo(to, orderId);
        return found.length >= count ? found : null;
      });

    await clientSays(cookie, orderId, 'Premier message');
    const first = await mails(team, 1);
    expect(first[0]!.subject).toMatch(/^Nouveau message du client – commande #\d+$/);
    expect(first[0]!.text).toContain('Premier message');

    clock.advance(60_000);
    await clientSays(cookie, orderId, 'Deuxième message');
    clock.advance(60_000);
    await clientSays(cookie, orderId, 'Troisième message', [['plan.png', png]]);
    await settled(t);
    expect(await mailsTo(team, orderId)).toHaveLength(1); // within the window: not yet

    // The window's end, on the app's clock: both messages in one email (one delayed job for both).
    clock.advance(MESSAGE_EMAIL_WINDOW_MS);
    expect(await jobs.promoteDelayed('message-digest')).toBe(1);
    const [digest] = await mails(team, 2);
    expect(digest!.subject).toMatch(/^2 nouveaux messages du client – commande #\d+$/);
    expect(digest!.text).toContain('Deuxième message');
    expect(digest!.text).toContain('Troisième message');
    expect(digest!.text).toContain('1 pièce jointe');
    expect(digest!.text).not.toContain('Premier message');

    // The client's window is its own: the team's first answer goes at once, the next one waits…
    await teamSays(orderId, 'Nous regardons cela');
    const [toClient] = await mails(jeanne, 1);
    expect(toClient!.subject).toMatch(/^Nouveau message de l'équipe Coseso – commande #\d+$/);
    expect(toClient!.text).toContain('Bonjour Jeanne');
    expect(toClient!.text).toContain('Nous regardons cela');
    const second = await teamSays(orderId, 'Voici la réponse complète');
    await settled(t);
    // … and the client reads it before the window ends: nothing left to tell.
    await t.http
      .post(`${clientPath(orderId)}/read`)
      .set('cookie', cookie)
      .send({ upTo: second.seq })
      .expect(200);
    clock.advance(MESSAGE_EMAIL_WINDOW_MS);
    expect(await jobs.promoteDelayed('message-digest')).toBe(1);
    await settled(t);
    expect(await mailsTo(jeanne, orderId)).toHaveLength(1);
    expect(await mailsTo(team, orderId)).toHaveLength(2);
  });
});
