import { erasureOf, isOrderStream, orderIdOf, readOrderEvent } from '@coseso/domain/events/event-reader';
import { type RecordedOrderEvent } from '@coseso/domain/orders/order-state';
import { ERASED } from '@coseso/event-schemas/personal-fields';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { type EntityManager } from 'typeorm';
import { type Statement, bulkInsertStatement, runStatements, tableOf } from '../../bulk-write.js';
import { type Projector } from '../../projector.js';
import { OrderConversationRow } from './order-conversation.entity.js';
import { OrderMessageRow } from './order-message.entity.js';

const columns = (
  [
    'orderId',
    'revision',
    'position',
    'kind',
    'seq',
    'author',
    'channel',
    'text',
    'url',
    'attachments',
    'attachmentNames',
    'postedAt',
  ] as const
).map((property) => ({ property }));

/**
 * The conversation of each order (the client area's and the panel's « Messages »): the messages of
 * both sides, and, in their place, the order's own steps that speak to the other side (the team's
 * « Demander plus d'éléments », each preview sent and its note, the client's change requests), read
 * from their events rather than written twice; and per order, how far each side has read.
 * Every write is idempotent (rows keyed by the event's revision, counters that only grow), so a
 * replayed batch leaves the same rows.
 */
export const conversationProjector: Projector = {
  name: 'conversation',
  version: 1,
  entities: [OrderMessageRow, OrderConversationRow],
  async project(events: readonly StoredEvent[], em: EntityManager) {
    await runStatements(em, conversationWrites(events, em));
  },
  writes: conversationWrites,
};

function conversationWrites(events: readonly StoredEvent[], em: EntityManager): Statement[] {
  const rows: OrderMessageRow[] = [];
  const conversations = new Map<string, OrderConversationRow>();
  for (const stored of events) {
    if (!isOrderStream(stored.streamId)) continue;
    const event = readOrderEvent(stored);
    const row = threadRow(event, orderIdOf(stored), Number(stored.streamRevision), Number(stored.position));
    if (row) rows.push(row);
    trackConversation(conversations, orderIdOf(stored), event);
  }
  const inserts = bulkInsertStatement(em, OrderMessageRow, rows, columns, () => 'on conflict do nothing');
  const table = tableOf(em, OrderConversationRow);
  const counters = [...conversations.values()].map((c): Statement => ({
    sql: `insert into ${table} as c (order_id, messages, read_by_client, read_by_team, last_message_at)
            values ($1, $2, $3, $4, $5)
            on conflict (order_id) do update set
              messages = greatest(c.messages, excluded.messages),
              read_by_client = greatest(c.read_by_client, excluded.read_by_client),
              read_by_team = greatest(c.read_by_team, excluded.read_by_team),
              last_message_at = greatest(c.last_message_at, excluded.last_message_at)`,
    params: [c.orderId, c.messages, c.readByClient, c.readByTeam, c.lastMessageAt],
  }));
  const erased = events.flatMap((e) => erasureOf(e)?.orderIds ?? []);
  return [
    ...(inserts ? [inserts] : []),
    ...counters,
    ...(erased.length > 0 ? [blanking(tableOf(em, OrderMessageRow), erased)] : []),
  ];
}

/**
 * After an erasure, the lines read as a rebuild from the erased events would write them: the
 * personal fields (a message's text and attachments' names, a change request's words) say ERASED.
 */
const blanking = (table: string, orderIds: string[]): Statement => ({
  sql: `update ${table} set
          text = case when kind in ('message', 'changes_requested') then $2 else text end,
          attachment_names = case when kind = 'message' then $2 else attachment_names end
        where order_id = any($1::uuid[])`,
  params: [orderIds, ERASED],
});

function threadRow(
  event: RecordedOrderEvent,
  orderId: string,
  revision: number,
  position: number,
): OrderMessageRow | null {
  const base = {
    orderId,
    revision,
    position,
    seq: null,
    channel: null,
    url: null,
    attachments: [],
    attachmentNames: '',
    postedAt: new Date(event.metadata.occurredAt),
  };
  switch (event.type) {
    case 'MessagePosted':
      return {
        ...base,
        kind: 'message',
        seq: event.data.seq,
        author: event.data.author,
        channel: event.data.channel,
        text: event.data.text,
        attachments: event.data.attachments.map((file) => ({ ...file })),
        attachmentNames: event.data.attachmentNames,
      };
    case 'MoreElementsRequested':
      return { ...base, kind: 'more_elements_requested', author: 'team', text: event.data.message };
    case 'ReviewRequested':
      return { ...base, kind: 'preview_sent', author: 'team', text: '', url: event.data.reviewUrl };
    case 'ChangesCompleted':
      return {
        ...base,
        kind: 'preview_sent',
        author: 'team',
        text: event.data.note ?? '',
        url: event.data.reviewUrl,
      };
    case 'ChangesRequested':
      return { ...base, kind: 'changes_requested', author: 'client', text: event.data.feedback };
    default:
      return null;
  }
}

function trackConversation(
  conversations: Map<string, OrderConversationRow>,
  orderId: string,
  event: RecordedOrderEvent,
): void {
  if (event.type !== 'MessagePosted' && event.type !== 'MessagesRead') return;
  const c = conversations.get(orderId) ?? {
    orderId,
    messages: 0,
    readByClient: 0,
    readByTeam: 0,
    lastMessageAt: null,
  };
  if (event.type === 'MessagePosted') {
    const { seq, author } = event.data;
    c.messages = Math.max(c.messages, seq);
    // What a side answers, it has read.
    if (author === 'client') c.readByClient = Math.max(c.readByClient, seq);
    else c.readByTeam = Math.max(c.readByTeam, seq);
    c.lastMessageAt = new Date(event.metadata.occurredAt);
  } else if (event.data.reader === 'client') c.readByClient = Math.max(c.readByClient, event.data.upTo);
  else c.readByTeam = Math.max(c.readByTeam, event.data.upTo);
  conversations.set(orderId, c);
}
