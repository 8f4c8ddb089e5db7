import { orderStreamId } from '@coseso/domain/events/event-reader';
import { ManualClock } from '@coseso/domain/shared/testing/manual-clock';
import { ADMIN_ENV, settled } from '../../admin/testing/back-office.js';
import { EmailQueue } from '../../emails/email-queue.js';
import { EmailService } from '../../emails/email-service.js';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { signedInClientWithOrder } from '../../testing/client-order.js';
import { completedOrder, eventually } from '../../testing/order-journey.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { EmailFailureRecorder } from '../email-failure-recorder.js';
import { teamAlertsReactor } from './team-alerts.reactor.js';

const TEAM = 'equipe@coseso.test';
const PUBLIC = 'http://localhost:3000';

/** The team's alerts in the dev mailbox, oldest first. */
const alerts = async (t: TestApp) =>
  (await t.app.get(EmailService).mailbox(500))
    .filter((mail) => mail.to === TEAM && mail.template === 'team-alert')
    .reverse();

/** Waits until the email queue has nothing waiting or being sent: what was asked for is in the mailbox. */
async function emailsSent(t: TestApp) {
  await settled(t);
  const queue = t.app.get(EmailQueue).queue;
  await eventually(async () => {
    const counts = await queue.getJobCounts('waiting', 'active', 'prioritized');
    return Object.values(counts).every((n) => n === 0);
  });
}

const numberOf = async (t: TestApp, orderId: string) =>
  ((await t.http.get(`/api/orders/${orderId}`).expect(200)).body as { orderNumber: number }).orderNumber;

/** Every job the reactor asks for on the order's events, enqueued again: the reactors read the log again. */
async function replayReactor(t: TestApp, orderId: string) {
  const jobs = t.app.get<JobQueue>(JobQueue);
  for (const event of await t.store.readStream(orderStreamId(orderId)))
    for (const request of teamAlertsReactor.react(event)) {
      await jobs.enqueueRequest(request);
      // And under another job id: a job BullMQ no longer remembers, run again.
      await jobs.enqueueRequest({ ...request, jobId: `${request.jobId}:again` });
    }
}

describe('the team is told when a client acts, one email per event (TEAM_ALERTS=each)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...ADMIN_ENV, TEAM_ALERTS_TO: TEAM, PUBLIC_URL: PUBLIC });
  });
  afterAll(() => t.close());

  it('emails a brief submitted, changes asked, a review approved, a failed payment and an email given up on, each once, in French, with a link to the order', async () => {
    const brief = await signedInClientWithOrder(t, 'brief_pending');
    await t.http
      .post(`/api/client/orders/${brief.orderId}/submit-brief`)
      .set('cookie', brief.cookie)
      .send({ nothingToSend: true })
      .expect(200);
    const changes = await signedInClientWithOrder(t, 'en_revision');
    await t.http
      .post(`/api/client/orders/${changes.orderId}/review`)
      .set('cookie', changes.cookie)
      .send({ reviewStatus: 'changes_requested', reviewFeedback: 'Le logo plus grand' })
      .expect(200);
    const approved = await signedInClientWithOrder(t, 'en_revision');
    await t.http
      .post(`/api/client/orders/${approved.orderId}/review`)
      .set('cookie', approved.cookie)
      .send({ reviewStatus: 'approved' })
      .expect(200);
    const unpaid = await completedOrder(t);
    const { body } = await t.http.post(`/api/orders/${unpaid}/payment-annual`).expect(200);
    await t.http.post(`/api/sandbox/checkout/${String(body.paymentUrl).split('/').pop()}/fail`).expect(200);
    const failures = t.app.get(EmailFailureRecorder);
    const failure = {
      orderId: brief.orderId,
      template: 'brief-received',
      to: 'claire@exemple.fr',
      since: new Date().toISOString(),
      attempts: 10,
      error: '550 mailbox unavailable',
    };
    await failures.record({ ...failure, emailKey: 'test:brief-received' });
    // An alert to the team that could not go: no alert about an alert.
    await failures.record({ ...failure, template: 'team-alert', to: TEAM, emailKey: 'test:team-alert' });

    const expected = [
      [brief.orderId, 'Brief envoyé', 'Le client a envoyé son brief, sans fichier'],
      [
        changes.orderId,
        'Modifications demandées',
        'Le client demande des modifications (tour de relecture 1).',
      ],
      [approved.orderId, 'Maquette validée', 'Le client a validé la maquette (tour de relecture 1)'],
      [unpaid, 'Paiement échoué', 'Le paiement par carte a échoué (acompte de 50 %).'],
      [
        brief.orderId,
        'Email non distribué',
        "Un email au client n'a pas pu être distribué (« Brief reçu ») après 10 tentatives.",
      ],
    ] as const;
    // And the briefs of the two orders brought to review on their way there.
    const total = expected.length + 2;
    const mails = await eventually(async () => {
      const found = await alerts(t);
      return found.length >= total ? found : null;
    });
    await emailsSent(t);
    for (const [orderId, title, what] of expected) {
      const number = await numberOf(t, orderId);
      const mail = mails.find((m) => m.subject === `${title} – commande #${number}`);
      expect([mail?.subject, title, number]).toEqual([`${title} – commande #${number}`, title, number]);
      expect(mail!.orderId).toBe(orderId);
      expect(mail!.text).toContain(what);
      expect(mail!.text).toContain(`${PUBLIC}/admin?order=${orderId}`);
      expect(mail!.text).toContain('Ouvrir la commande dans le back-office');
    }
    expect(await alerts(t)).toHaveLength(total);

    // The reactor reading the log again, and the jobs run again: not one email more.
    for (const orderId of [brief.orderId, changes.orderId, approved.orderId, unpaid])
      await replayReactor(t, orderId);
    await emailsSent(t);
    expect(await alerts(t)).toHaveLength(total);
  });

  it('leaves a client message to the conversation email: the team gets that one email, no alert besides', async () => {
    const { orderId, cookie } = await signedInClientWithOrder(t, 'brief_pending');
    await t.http
      .post(`/api/client/orders/${orderId}/messages`)
      .set('cookie', cookie)
      .field('text', 'Bonjour !')
      .expect(200);
    const before = (await alerts(t)).length;
    await eventually(async () =>
      (await t.app.get(EmailService).mailbox(500)).find(
        (mail) => mail.orderId === orderId && mail.template === 'new-messages',
      ),
    );
    await emailsSent(t);
    expect((await alerts(t)).filter((mail) => mail.orderId === orderId)).toEqual([]);
    expect(await alerts(t)).toHaveLength(before);
  });
});

describe('the team is told when a client acts, in one digest per window (TEAM_ALERTS=digest)', () => {
  const clock = new ManualClock(new Date());
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      {
        ...ADMIN_ENV,
        TEAM_ALERTS: 'digest',
        TEAM_ALERTS_DIGEST_MINUTES: '60',
        TEAM_ALERTS_TO: TEAM,
        PUBLIC_URL: PUBLIC,
      },
      { clock },
    );
  });
  afterAll(() => t.close());

  it('tells the window’s alerts together at its end, once, replays included', async () => {
    const first = await signedInClientWithOrder(t, 'brief_pending');
    const second = await signedInClientWithOrder(t, 'en_revision');
    await t.http
      .post(`/api/client/orders/${first.orderId}/submit-brief`)
      .set('cookie', first.cookie)
      .send({ nothingToSend: true })
      .expect(200);
    await t.http
      .post(`/api/client/orders/${second.orderId}/review`)
      .set('cookie', second.cookie)
      .send({ reviewStatus: 'approved' })
      .expect(200);
    await emailsSent(t);
    expect(await alerts(t)).toEqual([]); // the window is not over

    const jobs = t.app.get<JobQueue>(JobQueue);
    clock.advance(60 * 60_000);
    expect(await jobs.promoteDelayed('team-alert-digest')).toBe(1);
    const [digest] = await eventually(async () => {
      const found = await alerts(t);
      return found.length > 0 ? found : null;
    });
    // The second order's brief (sent on its way to review) is one of them.
    expect(digest!.subject).toBe('3 actions de clients à traiter');
    for (const orderId of [first.orderId, second.orderId]) {
      expect(digest!.text).toContain(`commande #${await numberOf(t, orderId)}`);
      expect(digest!.text).toContain(`${PUBLIC}/admin?order=${orderId}`);
    }
    expect(digest!.text).toContain('Brief envoyé');
    expect(digest!.text).toContain('Maquette validée');

    // Replayed after the window: each alert keeps its window, whose digest went; nothing new.
    for (const orderId of [first.orderId, second.orderId]) await replayReactor(t, orderId);
    await emailsSent(t);
    clock.advance(60 * 60_000);
    await jobs.promoteDelayed('team-alert-digest');
    await emailsSent(t);
    expect(await alerts(t)).toHaveLength(1);
  });
});
