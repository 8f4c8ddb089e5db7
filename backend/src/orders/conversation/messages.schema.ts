import { messageAuthors } from '@coseso/event-schemas/order/order-keys';
import { threadEntryKinds } from '@coseso/projections/read-models/conversation/order-message.entity';
import { position, schema } from '../../infra/http/api-schemas.js';

const attachment = schema.object({
  name: schema.string('As sent, made safe (« données effacées » once erased)'),
  size: schema.integer('Bytes'),
  kind: schema.oneOf(['image', 'document']),
  mimeType: schema.string(),
  url: schema.nullable(schema.string('A short-lived signed download link; null once erased')),
});

/** `GET …/messages`: the conversation, oldest first, as the caller's side sees it. */
export const conversationSchema = schema.object({
  entries: schema.array(
    schema.object({
      id: schema.integer('Unique in the order (the revision of its event)'),
      kind: schema.oneOf(threadEntryKinds, 'A message, or a step of the order shown in the thread'),
      seq: schema.nullable(schema.integer("The message's number; null for the order's steps")),
      author: schema.oneOf(messageAuthors),
      channel: schema.nullable(schema.oneOf(['messages', 'support'])),
      text: schema.string('As written; « données effacées » once the client is erased'),
      url: schema.nullable(schema.string('The preview, for a preview sent')),
      postedAt: schema.dateTime(),
      attachments: schema.array(attachment),
    }),
  ),
  lastSeq: schema.integer('The last message’s number (0: none yet)'),
  readUpTo: schema.object({
    client: schema.integer('The last message the client has read'),
    team: schema.integer('The last message the team has read'),
  }),
  unread: schema.integer('Messages the caller’s side has not read'),
});

export const postedSchema = schema.object({
  success: schema.boolean(),
  message: schema.string(),
  seq: schema.integer('The message’s number in the conversation'),
  position,
});

export const readSchema = schema.object({ success: schema.boolean(), position });

export const unreadByOrderSchema = schema.object({
  orders: schema.array(schema.object({ orderId: schema.string(), unread: schema.integer() })),
});
