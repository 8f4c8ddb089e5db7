import { randomUUID } from 'node:crypto';
import { type RecordedOrderEvent } from '@coseso/domain/orders/order-state';
import { type Scenario, actors, orderIn } from '@coseso/domain/orders/testing/order-test-kit';
import { ERASED, erasePersonalFields } from '@coseso/event-schemas/personal-fields';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { clientErasure, stored } from '../../testing/stored-events.js';
import {
  type ProjectionTestContext,
  openProjectionTestContext,
  snapshotReadModels,
} from '../../testing/projection-test-kit.js';
import { conversationProjector } from './conversation.projection.js';

const FILE_ID = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
const projectors = [conversationProjector];

/** An order of a client's from the brief to a second preview, with a conversation along the way. */
const conversationHistory = (orderId: string, clientId: string): RecordedOrderEvent[] =>
  conversation(orderId, clientId).history;

function conversation(orderId: string, clientId: string): Scenario {
  const s = orderIn('brief', { orderId });
  s.run({ type: 'LinkOrderToClient', actor: actors.system, clientId });
  const post = (actor: typeof actors.client | typeof actors.admin, text: string, files = 0) =>
    s.run({
      type: 'PostMessage',
      actor,
      messageId: randomUUID(),
      channel: 'messages',
      text,
      attachments: Array.from({ length: files }, (_, i) => ({
        fileId: FILE_ID,
        originalName: `photo-${i + 1}.png`,
        storedName: `${FILE_ID}.png`,
        size: 1000,
        mimeType: 'image/png',
        kind: 'image' as const,
      })),
    });
  post(actors.client, 'Voici nos photos', 2);
  s.run({ type: 'RequestMoreElements', actor: actors.admin, message: 'Il manque le logo en grand format' });
  post(actors.admin, 'Merci pour les photos !');
  s.run({ type: 'SubmitBrief', actor: actors.client, nothingToSend: true });
  s.run({ type: 'ValidateBrief', actor: actors.admin, notes: 'Complet' });
  s.run({ type: 'StartProduction', actor: actors.admin });
  s.run({ type: 'SendReviewLink', actor: actors.admin, reviewUrl: 'https://preview.coseso.fr/martin' });
  s.run({ type: 'MarkMessagesRead', actor: actors.client, upTo: 2 });
  s.run({ type: 'RequestChanges', actor: actors.client, feedback: 'Le logo plus grand' });
  s.run({
    type: 'CompleteChanges',
    actor: actors.admin,
    reviewUrl: 'https://preview.coseso.fr/martin-v2',
    note: 'Logo agrandi',
  });
  post(actors.client, 'Parfait, merci');
  return s;
}

describe('the conversation read model', () => {
  let ctx: ProjectionTestContext;
  beforeAll(async () => {
    ctx = await openProjectionTestContext(projectors);
  });
  afterAll(() => ctx.close());
  beforeEach(() =>
    ctx.dataSource.query(`truncate ${ctx.db.schema}.order_message, ${ctx.db.schema}.order_conversation`),
  );

  const project = (events: readonly StoredEvent[]) =>
    ctx.dataSource.transaction((em) => conversationProjector.project(events, em, undefined as never));
  const snapshot = () => snapshotReadModels(ctx.dataSource, ctx.db.schema, projectors);

  it('given an order’s events: its messages and the steps that speak to the other side, in order, and each side’s read mark', async () => {
    const orderId = randomUUID();
    await project(stored(`order-${orderId}`, conversationHistory(orderId, randomUUID())));
    const { order_message: rows, order_conversation: conversations } = await snapshot();
    expect(
      (rows as Record<string, unknown>[]).map((r) => [r['kind'], r['author'], r['seq'], r['text'], r['url']]),
    ).toEqual([
      ['message', 'client', 1, 'Voici nos photos', null],
      ['more_elements_requested', 'team', null, 'Il manque le logo en grand format', null],
      ['message', 'team', 2, 'Merci pour les photos !', null],
      ['preview_sent', 'team', null, '', 'https://preview.coseso.fr/martin'],
      ['changes_requested', 'client', null, 'Le logo plus grand', null],
      ['preview_sent', 'team', null, 'Logo agrandi', 'https://preview.coseso.fr/martin-v2'],
      ['message', 'client', 3, 'Parfait, merci', null],
    ]);
    expect(rows![0]).toMatchObject({
      attachment_names: 'photo-1.png\nphoto-2.png',
      attachments: [
        { fileId: FILE_ID, storedName: `${FILE_ID}.png`, size: 1000, mimeType: 'image/png', kind: 'image' },
        { fileId: FILE_ID, storedName: `${FILE_ID}.png`, size: 1000, mimeType: 'image/png', kind: 'image' },
      ],
    });
    // The client wrote the last message: it has read all; the team has read up to its own answer.
    expect(conversations).toEqual([
      expect.objectContaining({ order_id: orderId, messages: 3, read_by_client: 3, read_by_team: 2 }),
    ]);
  });

  it('given the team reading the client’s last message: its read mark moves up; an older mark delivered again moves nothing back', async () => {
    const orderId = randomUUID();
    const s = conversation(orderId, randomUUID());
    const before = s.history.length;
    s.run({ type: 'MarkMessagesRead', actor: actors.admin, upTo: 3 });
    const events = stored(`order-${orderId}`, s.history);
    expect(events.slice(before).map((e) => [e.type, e.data])).toEqual([
      ['MessagesRead', { reader: 'team', upTo: 3 }],
    ]);
    await project(events);
    const read = await snapshot();
    expect(read['order_conversation']).toEqual([
      expect.objectContaining({ order_id: orderId, messages: 3, read_by_client: 3, read_by_team: 3 }),
    ]);
    // A read receipt is no line of the conversation.
    expect(read['order_message']).toHaveLength(7);
    // Both sides' receipts delivered again, alone (the client's up to 2): every mark stays where it is.
    const receipts = events.filter((e) => e.type === 'MessagesRead');
    expect(receipts).toHaveLength(2);
    await project(receipts);
    expect(await snapshot()).toEqual(read);
  });

  it('run twice, or in batches of any size, leaves the same rows', async () => {
    const orderId = randomUUID();
    const events = stored(`order-${orderId}`, conversationHistory(orderId, randomUUID()));
    await project(events);
    const once = await snapshot();
    await project(events);
    expect(await snapshot()).toEqual(once);
    await ctx.dataSource.query(
      `truncate ${ctx.db.schema}.order_message, ${ctx.db.schema}.order_conversation`,
    );
    for (let i = 0; i < events.length; i += 3) await project(events.slice(i, i + 3));
    expect(await snapshot()).toEqual(once);
  });

  it('after an erasure, reads as a rebuild from the erased log would: the words and file names erased, the rest kept', async () => {
    const orderId = randomUUID();
    const clientId = randomUUID();
    const events = stored(`order-${orderId}`, conversationHistory(orderId, clientId));
    const other = randomUUID();
    const untouched = stored(`order-${other}`, conversationHistory(other, randomUUID()));
    await project([...events, ...untouched]);
    await project(clientErasure(clientId, [orderId]));
    const live = await snapshot();
    const rows = (live['order_message'] as Record<string, unknown>[]).filter(
      (r) => r['order_id'] === orderId,
    );
    expect(rows.map((r) => r['text'])).toEqual([
      ERASED,
      'Il manque le logo en grand format',
      ERASED,
      '',
      ERASED,
      'Logo agrandi',
      ERASED,
    ]);
    expect(rows[0]).toMatchObject({
      attachment_names: ERASED,
      attachments: [expect.anything(), expect.anything()],
    });
    expect(
      (live['order_message'] as Record<string, unknown>[]).filter((r) => r['order_id'] === other)[0],
    ).toMatchObject({ text: 'Voici nos photos' });

    await ctx.dataSource.query(
      `truncate ${ctx.db.schema}.order_message, ${ctx.db.schema}.order_conversation`,
    );
    await project([
      ...events.map((e) => erasePersonalFields(e)),
      ...untouched,
      ...clientErasure(clientId, [orderId]),
    ]);
    expect(await snapshot()).toEqual(live);
  });
});
