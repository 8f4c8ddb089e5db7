import { type z } from 'zod';
import { eventMetadataSchema } from './envelope.js';
import {
  catalogueEventDefinitions,
  supersededCatalogueEventDefinitions,
} from './catalogue/catalogue-events.js';
import { clientEventDefinitions } from './client/client-events.js';
import { identityEventDefinitions } from './identity/identity-events.js';
import { invoiceEventDefinitions } from './invoice/invoice-events.js';
import { orderEventDefinitions, supersededOrderEventDefinitions } from './order/order-events.js';
import { teamEventDefinitions } from './team/team-events.js';

export type StreamKind = 'order' | 'client' | 'invoice' | 'catalogue' | 'team' | 'identity';

export interface EventDefinition {
  readonly type: string;
  readonly schemaVersion: number;
  readonly stream: StreamKind;
  readonly emittedBy: string;
  readonly meaning: string;
  readonly data: z.ZodType;
}

const entries = (stream: StreamKind, defs: Record<string, Omit<EventDefinition, 'type' | 'stream'>>) =>
  Object.entries(defs).map(([type, def]): EventDefinition => ({ type, stream, ...def }));

/** Every event type and version the system may append, current versions only (older ones arrive through upcasters). */
export const eventCatalog: readonly EventDefinition[] = [
  ...entries('order', orderEventDefinitions),
  ...entries('client', clientEventDefinitions),
  ...entries('invoice', invoiceEventDefinitions),
  ...entries('catalogue', catalogueEventDefinitions),
  ...entries('team', teamEventDefinitions),
  ...entries('identity', identityEventDefinitions),
];

/** Earlier versions still found in the log: they validate as written, and are upcast when read. */
export const supersededEventVersions: readonly EventDefinition[] = [
  ...supersededOrderEventDefinitions.map((d): EventDefinition => ({ ...d, stream: 'order' })),
  ...supersededCatalogueEventDefinitions.map((d): EventDefinition => ({ ...d, stream: 'catalogue' })),
];

/** Every version of every event type that may be in the log, current first. */
export const allEventVersions: readonly EventDefinition[] = [...eventCatalog, ...supersededEventVersions];

const byKey = new Map(allEventVersions.map((d) => [`${d.type}@${d.schemaVersion}`, d]));

export function findEventDefinition(type: string, schemaVersion: number): EventDefinition | undefined {
  return byKey.get(`${type}@${schemaVersion}`);
}

const current = new Map(eventCatalog.map((d) => [d.type, d]));

/** The version new events of `type` are written with. */
export function currentDefinition(type: string): EventDefinition {
  const definition = current.get(type);
  if (!definition) throw new Error(`unknown event type ${type}`);
  return definition;
}

export type EventValidation = { ok: true } | { ok: false; problems: string[] };

/** Checks an event against the schema of its type and version: the same rules as the published JSON Schemas. */
export function validateEvent(event: {
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: unknown;
}): EventValidation {
  const definition = findEventDefinition(event.type, event.schemaVersion);
  if (!definition)
    return { ok: false, problems: [`unknown event type ${event.type} v${event.schemaVersion}`] };
  const problems = [
    ...issues('data', definition.data.safeParse(event.data)),
    ...issues('metadata', eventMetadataSchema.safeParse(event.metadata)),
  ];
  return problems.length === 0 ? { ok: true } : { ok: false, problems };
}

function issues(part: string, result: { success: boolean; error?: z.ZodError }): string[] {
  if (result.success || !result.error) return [];
  return result.error.issues.map((i) => `${[part, ...i.path].join('.')}: ${i.message}`);
}
