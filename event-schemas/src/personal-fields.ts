import { type CatalogueEventType } from './catalogue/catalogue-events.js';
import { type ClientEventType } from './client/client-events.js';
import { type InvoiceEventType } from './invoice/invoice-events.js';
import { type OrderEventType } from './order/order-events.js';
import { type TeamEventType } from './team/team-events.js';
import { type IdentityEventType } from './identity/identity-events.js';

/**
 * What a reader finds where a personal field was once its data subject's key is destroyed (the
 * right to be forgotten): the same text in every read model, screen, email, export and replay.
 */
export const ERASED = 'données effacées';

/**
 * The wizard's fields that name or describe a person, or that the person wrote freely. The sector,
 * the template, colours, pages and options are not personal: they stay after an erasure.
 */
export const personalFormFields = [
  'companyName',
  'companyAddress',
  'companyId',
  'companyDescription',
  'contactFirstName',
  'contactLastName',
  'contactPosition',
  'contactEmail',
  'contactPhone',
  'socialMedia',
  'customInspiration',
  'clientRemarks',
] as const;

const form = (prefix: string) => personalFormFields.map((field) => `${prefix}.${field}`);

/**
 * The one declaration of personal data in events: for each event type, the dot paths (from the
 * event's `data`) of its personal fields, each a string (or null). The paths hold for every
 * version of the type: a new version that moves a personal field changes its entry here, and the
 * unit test checks each path against each version's schema. A type with none says so with [].
 * Texts the team writes about an order (brief notes, cancellation reasons, corrections) are not
 * the person's own words and stay.
 */
export const personalFields = {
  OrderDraftCreated: form('form'),
  WizardStepSaved: form('changes'),
  OrderFormCompleted: [],
  OrderFormReopened: [],
  DepositPaid: [],
  SetupFeePaid: [],
  ContractSigned: ['signerName', 'ip'],
  BriefOpened: [],
  BriefFileUploaded: ['originalName'],
  BriefFileDeleted: [],
  BriefSubmitted: [],
  BriefValidated: [],
  MoreElementsRequested: [],
  ProductionStarted: [],
  ReviewRequested: [],
  ChangesRequested: ['feedback'],
  ChangesCompleted: [],
  ReviewApproved: [],
  FinalPaymentRequested: [],
  PaymentLinkResent: [],
  BalancePaid: [],
  FirstMonthlyPaymentPaid: [],
  MarkedReadyForDelivery: [],
  Delivered: [],
  OrderCancelled: [],
  OrderReactivated: [],
  StatusCorrected: [],
  CheckoutStarted: [],
  OrderPlaced: [],
  CheckoutClosed: [],
  PaymentRefunded: [],
  RefundRequested: [],
  PaymentRefused: [],
  RefundFailed: [],
  ContractIssued: [],
  OrderLinkedToClient: [],
  AccountManagerAdded: [],
  SubscriptionStarted: [],
  SubscriptionRenewed: [],
  SubscriptionPaymentFailed: [],
  SubscriptionCancelled: ['reason'],
  ClientAccountCreated: ['email', 'firstName', 'lastName'],
  ClientPasswordSet: [],
  ClientDataErased: [],
  EvidenceBundleExported: [],
  OrderContactErased: [],
  // The mail server's error usually repeats the address.
  OrderEmailFailed: ['recipient', 'error'],
  UnopenedCheckoutPaid: [],
  // The team's reason often repeats the address it corrects.
  ContactEmailCorrected: ['email', 'reason'],
  ClientEmailChanged: ['email'],
  // Both sides' words: the team's answers quote the client, and an erasure leaves no half conversation.
  MessagePosted: ['text', 'attachmentNames'],
  MessagesRead: [],
  // An invoice must be kept ten years whole (Code de commerce L123-22): its buyer is
  // stored in clear, outside the shredding, and an erasure leaves it as issued.
  InvoiceIssued: [],
  CreditNoteIssued: [],
  InvoiceCreditReserved: [],
  // The catalogue names offers and prices, never a person.
  CatalogueVersionPublished: [],
  // A member's name and work address are theirs (GDPR: an employee is a data subject too): sealed
  // under a key per member (`member:<id>`) in the one team stream. Those written before are in clear
  // and stay so (the log is never rewritten). The team's reasons are its words about a change: they stay.
  TeamMemberAdded: ['name', 'email'],
  TeamMemberRoleChanged: [],
  TeamMemberDeactivated: [],
  TeamMemberUnlocked: [],
  // The agency's identity names the company, not a client.
  AgencyIdentityChanged: [],
} as const satisfies Record<
  | OrderEventType
  | ClientEventType
  | InvoiceEventType
  | CatalogueEventType
  | TeamEventType
  | IdentityEventType,
  readonly string[]
>;

/** Every event type of the log, in alphabetical order (the keys above: the one list without zod). */
export const eventTypes: readonly string[] = Object.keys(personalFields).sort();
const eventTypeByLowerCase = new Map(eventTypes.map((type) => [type.toLowerCase(), type]));

/** The event type `value` names whatever its case (« depositpaid » is DepositPaid); undefined if none. */
export const knownEventType = (value: string): string | undefined =>
  eventTypeByLowerCase.get(value.trim().toLowerCase());

/** Personal fields of every event's metadata: the IP address a command came from. */
export const personalMetadataFields = ['ip'] as const;

/** The personal fields of `type`'s data; undefined for a type this code does not know. */
export function personalDataPaths(type: string): readonly string[] | undefined {
  return (personalFields as Record<string, readonly string[]>)[type];
}

type Json = Record<string, unknown>;

/**
 * `record` with the value at each path replaced by `replace(value, path)`; absent and null fields
 * are left as they are (nothing to hide). Copies only what it changes.
 */
export function mapPaths(
  record: unknown,
  paths: readonly string[],
  replace: (value: unknown, path: string) => unknown,
): unknown {
  if (paths.length === 0 || record === null || typeof record !== 'object') return record;
  let out = record as Json;
  for (const path of paths) out = mapPath(out, segmentsOf(path), 0, path, replace);
  return out;
}

/** Each path split once: this runs for every field of every event read or written. */
const splitPaths = new Map<string, readonly string[]>();
function segmentsOf(path: string): readonly string[] {
  let segments = splitPaths.get(path);
  if (!segments) splitPaths.set(path, (segments = path.split('.')));
  return segments;
}

function mapPath(
  record: Json,
  segments: readonly string[],
  depth: number,
  path: string,
  replace: (value: unknown, path: string) => unknown,
): Json {
  const head = segments[depth]!;
  const value = record[head];
  if (value === undefined || value === null) return record;
  if (depth < segments.length - 1) {
    if (typeof value !== 'object') return record;
    const inner = mapPath(value as Json, segments, depth + 1, path, replace);
    return inner === value ? record : { ...record, [head]: inner };
  }
  const next = replace(value, path);
  return next === value ? record : { ...record, [head]: next };
}

/** The event as a reader sees it once its subject is erased: each personal string is ERASED. */
export function erasePersonalFields<E extends { type: string; data: unknown; metadata: unknown }>(
  event: E,
): E {
  const erase = (value: unknown) => (typeof value === 'string' ? ERASED : value);
  return {
    ...event,
    data: mapPaths(event.data, personalDataPaths(event.type) ?? [], erase),
    metadata: mapPaths(event.metadata, personalMetadataFields, erase),
  };
}
