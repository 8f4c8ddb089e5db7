import { type AnswerOf, schema } from '../../infra/http/api-schemas.js';

/** Who did it, named for people. */
export const namedActorSchema = schema.object({
  kind: schema.string(),
  id: schema.string(),
  name: schema.string(
    'Who, in French: an admin by email, the payment provider by name (« Stripe »), the others by role',
  ),
});

export const eventLogItemSchema = schema.object({
  position: schema.integer('Global position in the log'),
  streamId: schema.string(),
  streamRevision: schema.integer(),
  eventId: schema.string(),
  type: schema.string(),
  schemaVersion: schema.integer(),
  recordedAt: schema.dateTime('When the log recorded it'),
  occurredAt: schema.nullable(schema.dateTime('When it happened, per its metadata')),
  actor: namedActorSchema,
  description: schema.nullable(schema.string("One French line (an order's events)")),
  data: schema.open('The event’s data, as stored (personal fields decrypted, or « données effacées »)'),
  metadata: schema.open('Its metadata: actor, commandId, correlationId, causationId, occurredAt…'),
  hash: schema.nullable(schema.string("The event's link in its stream's hash chain (sha256, hex)")),
});

/** A page of the auditors' explorer. */
export const eventLogPageSchema = schema.object({
  events: schema.array(eventLogItemSchema),
  nextAfter: schema.nullable(
    schema.string('The cursor of the next page (send it as after), opaque; null on the last'),
  ),
});

export type EventLogItem = AnswerOf<typeof eventLogItemSchema>;
export type EventLogPage = AnswerOf<typeof eventLogPageSchema>;
