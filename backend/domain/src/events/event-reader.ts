import { findEventDefinition, type StreamKind } from '@coseso/event-schemas/catalog';
import { type CatalogueEvent } from '@coseso/event-schemas/catalogue/catalogue-events';
import { type ClientEvent } from '@coseso/event-schemas/client/client-events';
import { type EventMetadata } from '@coseso/event-schemas/envelope';
import { type IdentityEvent } from '@coseso/event-schemas/identity/identity-events';
import { type TeamEvent } from '@coseso/event-schemas/team/team-events';
import { type InvoiceEvent } from '@coseso/event-schemas/invoice/invoice-events';
import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { upcast } from '@coseso/event-schemas/upcasters';

// The one place that knows how stored events are named and read back: every reader of the log
// (command runners, projectors, reactors, replay, export, client profiles) goes through it, so
// checking an event's integrity or decrypting its personal fields has a single seam.

const ORDER_STREAM_PREFIX = 'order-';
const CLIENT_STREAM_PREFIX = 'client-';
const INVOICE_STREAM_PREFIX = 'invoice-';
/** The agency's one catalogue: every published version of its grid (docs/adr/0123-the-catalogue-is-a-stream-of-versions.md). */
export const CATALOGUE_STREAM = 'catalogue';

export const orderStreamId = (orderId: string) => `${ORDER_STREAM_PREFIX}${orderId}`;
export const clientStreamId = (clientId: string) => `${CLIENT_STREAM_PREFIX}${clientId}`;

export const isOrderStream = (streamId: string) => streamId.startsWith(ORDER_STREAM_PREFIX);
export const isClientStream = (streamId: string) => streamId.startsWith(CLIENT_STREAM_PREFIX);

/** A numbering series of one year: `invoice-F-2026` (invoices), `invoice-A-2026` (credit notes). */
export const invoiceStreamId = (series: 'F' | 'A', year: number) =>
  `${INVOICE_STREAM_PREFIX}${series}-${year}`;
export const isInvoiceStream = (streamId: string) => streamId.startsWith(INVOICE_STREAM_PREFIX);
export const isCatalogueStream = (streamId: string) => streamId === CATALOGUE_STREAM;
/** The back-office's team: who joined, with which role, who left, whose lock was lifted. */
export const TEAM_STREAM = 'team';
export const isTeamStream = (streamId: string) => streamId === TEAM_STREAM;
/** The agency's identity: every version of the seller its documents name (docs/adr/0128-the-agency-identity-is-a-stream-of-versions.md). */
export const IDENTITY_STREAM = 'identity';
export const isIdentityStream = (streamId: string) => streamId === IDENTITY_STREAM;
/** What the causes crediting one invoice reserved of it: `invoice-credits-F-2026-000012`, whatever the year. */
export const invoiceCreditsStreamId = (invoiceNumber: string) =>
  `${INVOICE_STREAM_PREFIX}credits-${invoiceNumber}`;

/** The order id of an event of an order stream. */
export function orderIdOf(record: { readonly streamId: string }): string {
  if (!isOrderStream(record.streamId)) throw new Error(`${record.streamId} is not an order stream`);
  return record.streamId.slice(ORDER_STREAM_PREFIX.length);
}

/** The client id of an event of a client stream. */
export function clientIdOf(record: { readonly streamId: string }): string {
  if (!isClientStream(record.streamId)) throw new Error(`${record.streamId} is not a client stream`);
  return record.streamId.slice(CLIENT_STREAM_PREFIX.length);
}

/** What every event store gives back for an event (a structural subset of its StoredEvent). */
export interface StoredEventRecord {
  readonly streamId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
  readonly metadata: Readonly<Record<string, unknown>>;
}

export type RecordedOrderEvent = OrderEvent & { readonly metadata: EventMetadata };
export type RecordedClientEvent = ClientEvent & { readonly metadata: EventMetadata };
export type RecordedInvoiceEvent = InvoiceEvent & { readonly metadata: EventMetadata };
export type RecordedCatalogueEvent = CatalogueEvent & { readonly metadata: EventMetadata };
export type RecordedTeamEvent = TeamEvent & { readonly metadata: EventMetadata };
export type RecordedIdentityEvent = IdentityEvent & { readonly metadata: EventMetadata };
/** A numbered document's event, as a series' stream holds it. */
export type RecordedDocumentEvent = Extract<
  RecordedInvoiceEvent,
  { type: 'InvoiceIssued' | 'CreditNoteIssued' }
>;

/** An order stream's event as the current code knows it: upcast to the current version, typed. */
export function readOrderEvent(record: StoredEventRecord): RecordedOrderEvent {
  return read(record, 'order') as RecordedOrderEvent;
}

/** A client stream's event as the current code knows it: upcast to the current version, typed. */
export function readClientEvent(record: StoredEventRecord): RecordedClientEvent {
  return read(record, 'client') as RecordedClientEvent;
}

/** An invoice stream's event (a series' document, or an invoice's credit reservation), typed. */
export function readInvoiceEvent(record: StoredEventRecord): RecordedInvoiceEvent {
  return read(record, 'invoice') as RecordedInvoiceEvent;
}

/** The catalogue stream's event, typed. */
export function readCatalogueEvent(record: StoredEventRecord): RecordedCatalogueEvent {
  return read(record, 'catalogue') as RecordedCatalogueEvent;
}

/** The team stream's event, typed. */
export function readTeamEvent(record: StoredEventRecord): RecordedTeamEvent {
  return read(record, 'team') as RecordedTeamEvent;
}

/** The identity stream's event, typed. */
export function readIdentityEvent(record: StoredEventRecord): RecordedIdentityEvent {
  return read(record, 'identity') as RecordedIdentityEvent;
}

export const isDocumentEvent = (record: { readonly type: string }) =>
  record.type === 'InvoiceIssued' || record.type === 'CreditNoteIssued';

/** A series' event: an invoice or a credit note, typed; anything else there is not ours to read. */
export function readDocumentEvent(record: StoredEventRecord): RecordedDocumentEvent {
  if (!isDocumentEvent(record))
    throw new Error(`${record.streamId}: ${record.type} is not a numbered document`);
  return readInvoiceEvent(record) as RecordedDocumentEvent;
}

const streamKinds: Record<StreamKind, (streamId: string) => boolean> = {
  order: isOrderStream,
  client: isClientStream,
  invoice: isInvoiceStream,
  catalogue: isCatalogueStream,
  team: isTeamStream,
  identity: isIdentityStream,
};

function read(record: StoredEventRecord, kind: StreamKind) {
  const isKind = streamKinds[kind];
  if (!isKind(record.streamId)) throw new Error(`${record.streamId} is not a ${kind} stream`);
  const current = upcast(record);
  // Upcasting brings every known type to a version of the catalogue; anything else is not ours to read.
  if (findEventDefinition(current.type, current.schemaVersion)?.stream !== kind)
    throw new Error(
      `${record.streamId}: ${current.type} v${current.schemaVersion} is not a known ${kind} event`,
    );
  return { type: current.type, data: current.data, metadata: current.metadata };
}

/** Who an erasure erased: a client and its orders' contacts, or the contact of one order that had no client. */
export interface Erasure {
  readonly clientId: string | null;
  readonly orderIds: readonly string[];
}

/** What an event erased, when it is an erasure (a ClientDataErased or an OrderContactErased); null otherwise. */
export function erasureOf(record: StoredEventRecord): Erasure | null {
  if (record.type === 'OrderContactErased' && isOrderStream(record.streamId))
    return { clientId: null, orderIds: [orderIdOf(record)] };
  if (record.type !== 'ClientDataErased' || !isClientStream(record.streamId)) return null;
  const event = readClientEvent(record);
  return event.type === 'ClientDataErased'
    ? { clientId: event.data.clientId, orderIds: event.data.orderIds }
    : null;
}
