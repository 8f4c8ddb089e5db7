import { z } from 'zod';

export const actorKinds = ['visitor', 'client', 'admin', 'auditor', 'provider', 'system'] as const;

export const actorSchema = z
  .object({
    kind: z.enum(actorKinds),
    id: z.string().min(1).max(200).meta({
      description: 'Who, within its kind: an admin id, a client id, a provider name, a visitor session…',
    }),
  })
  .strict();
export type Actor = z.infer<typeof actorSchema>;

export const eventMetadataSchema = z
  .object({
    actor: actorSchema,
    commandId: z
      .string()
      .min(1)
      .max(200)
      .meta({ description: 'The command that produced the event; replaying it appends nothing' }),
    correlationId: z
      .string()
      .min(1)
      .max(200)
      .meta({ description: 'Shared by every event of one user action and its follow-ups' }),
    causationId: z
      .string()
      .min(1)
      .max(200)
      .meta({ description: 'The command or event that directly caused this event' }),
    occurredAt: z.iso.datetime().meta({ description: 'When the fact happened (UTC, ISO 8601)' }),
    ip: z
      .string()
      .max(64)
      .optional()
      .meta({ description: 'Client IP where it matters (contract signature, payments)' }),
  })
  .strict();
export type EventMetadata = z.infer<typeof eventMetadataSchema>;
