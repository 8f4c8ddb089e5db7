import { createHash } from 'node:crypto';
import { type RecordedOrderEvent, orderStreamId, readOrderEvent } from '@coseso/domain/events/event-reader';
import { describeOrderEvent } from '@coseso/domain/orders/order-event-description';
import { type OrderState, initialOrderState } from '@coseso/domain/orders/order-state';
import { evolve } from '@coseso/domain/orders/order-evolve';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { type PaymentPurpose, type PaymentRef } from '@coseso/event-schemas/order/order-values';
import { canonicalJson } from '@coseso/event-store/hash-chain';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { type Actor, type NamedActor } from '../../auth/actor-names.js';
import { ndjsonRecord } from '../event-log/event-log-export.js';
import { verifyGuide } from './verify-guide.js';
import { VERIFY_SCRIPT } from './verify-script.js';

/** One file of the bundle, as it goes into the zip. */
export interface BundleFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** Where an event of the chain stands: what a piece of the bundle points at, and verify.mjs checks. */
interface ChainRef {
  readonly revision: number;
  readonly eventHash: string | null;
  readonly eventId: string;
  readonly type: string;
}

/** The contract as the stream records it: the hash signed (or, unsigned, the hash issued) and its event. */
export interface ContractRecord {
  readonly status: 'signed' | 'issued';
  readonly documentSha256: string;
  readonly recordedBy: ChainRef;
  readonly signedAt: string | null;
  readonly signerName: string | null;
  readonly issuedSha256: string | null;
}

export interface EvidenceSources {
  readonly orderId: string;
  /** The order's stream as stored (personal fields encrypted), from its first event, in order: what the chain covers. */
  readonly events: readonly StoredEvent[];
  /** The same events made readable (personal fields decrypted, or erased): what the receipts and payments say. */
  readonly readableEvents: readonly StoredEvent[];
  readonly generatedAt: Date;
  readonly generatedBy: NamedActor;
  readonly nameOf: (actor: Actor | undefined) => NamedActor;
  /** The document of `contractOf(events).documentSha256`, as the store keeps it; null if it has none. */
  readonly contractDocument: string | null;
  /**
   * The order's invoices and credit notes: what each one's event records (its PDF's SHA-256
   * among it) and the PDF drawn again from it, which the manifest's SHA-256 then matches.
   */
  readonly invoices?: readonly EvidenceInvoice[];
}

export interface EvidenceInvoice {
  readonly number: string;
  readonly kind: string;
  readonly issueDate: string;
  /** HT, TVA and TTC, cents. */
  readonly totalAmount: number;
  readonly vatAmount: number;
  readonly totalWithVat: number;
  readonly corrects: string | null;
  readonly pdfSha256: string;
  readonly pdf: Uint8Array;
}

export interface EvidenceBundle {
  readonly fileName: string;
  /** manifest.json first, then the files it lists. */
  readonly files: readonly BundleFile[];
  readonly manifestSha256: string;
  readonly lastRevision: number;
  readonly lastEventHash: string | null;
}

export const EVENTS_FILE = 'events.ndjson';
export const CONTRACT_FILE = 'contrat.html';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const json = (value: unknown) => utf8(`${JSON.stringify(value, null, 2)}\n`);

const refOf = (stored: StoredEvent): ChainRef => ({
  revision: Number(stored.streamRevision),
  eventHash: stored.hash ?? null,
  eventId: stored.eventId,
  type: stored.type,
});

/**
 * The contract the stream vouches for: the last document signed, else the last one issued; null
 * when none was issued (an order signed on paper is a correction in the events, with no document).
 */
export function contractOf(events: readonly StoredEvent[]): ContractRecord | null {
  let state = initialOrderState();
  let signed: StoredEvent | null = null;
  let issued: StoredEvent | null = null;
  for (const stored of events) {
    const event = readOrderEvent(stored);
    state = evolve(state, event);
    if (event.type === 'ContractSigned') signed = stored;
    if (event.type === 'ContractIssued') issued = stored;
  }
  const { contract } = state;
  if (signed && contract.documentSha256)
    return {
      status: 'signed',
      documentSha256: contract.documentSha256,
      recordedBy: refOf(signed),
      signedAt: contract.signedAt,
      signerName: contract.signerName,
      issuedSha256: contract.issuedSha256,
    };
  if (issued && contract.issuedSha256)
    return {
      status: 'issued',
      documentSha256: contract.issuedSha256,
      recordedBy: refOf(issued),
      signedAt: null,
      signerName: null,
      issuedSha256: contract.issuedSha256,
    };
  return null;
}

const paidPurposes = {
  DepositPaid: 'deposit',
  SetupFeePaid: 'setup_fee',
  BalancePaid: 'balance',
  FirstMonthlyPaymentPaid: 'first_month',
  AccountManagerAdded: 'account_manager',
} as const satisfies Record<string, PaymentPurpose>;

const money = (amount: number) => ({ amountCents: amount, amountText: formatEuros(amount) });
const providerIds = (payment: PaymentRef) => ({
  provider: payment.provider,
  paymentId: payment.paymentId,
  providerEventId: payment.providerEventId ?? null,
});

/** Every money event of the order, with the amounts and the provider's ids as the events hold them. */
function paymentFacts(event: RecordedOrderEvent): Record<string, unknown> | null {
  switch (event.type) {
    case 'CheckoutStarted': {
      const { purpose, amount, provider, paymentId, url, expiresAt } = event.data;
      return { purpose, ...money(amount), provider, paymentId, checkoutUrl: url, expiresAt };
    }
    case 'CheckoutClosed':
      return { purpose: event.data.purpose, paymentId: event.data.paymentId, outcome: event.data.outcome };
    case 'DepositPaid':
    case 'SetupFeePaid':
    case 'BalancePaid':
    case 'FirstMonthlyPaymentPaid':
    case 'AccountManagerAdded':
      return {
        purpose: paidPurposes[event.type],
        ...money(event.data.amount),
        ...providerIds(event.data.payment),
      };
    case 'SubscriptionStarted':
      return {
        ...money(event.data.monthlyAmount),
        provider: event.data.provider,
        subscriptionId: event.data.subscriptionId,
        currentPeriodEnd: event.data.currentPeriodEnd,
      };
    case 'SubscriptionRenewed':
      return {
        ...money(event.data.amount),
        ...providerIds(event.data.payment),
        subscriptionId: event.data.subscriptionId,
        currentPeriodEnd: event.data.currentPeriodEnd,
      };
    case 'SubscriptionPaymentFailed':
      return { subscriptionId: event.data.subscriptionId, reason: event.data.reason };
    case 'SubscriptionCancelled':
      return {
        subscriptionId: event.data.subscriptionId,
        reason: event.data.reason,
        expiresAt: event.data.expiresAt,
        endedWithOrder: event.data.endedWithOrder ?? false,
      };
    default:
      return null;
  }
}

/**
 * The evidence bundle of one order: its events exactly as stored (the chain can be recomputed from
 * them), the contract document the stream names, the approval receipts and the payments read from
 * the same events, a guide and a verifier, and a manifest with every file's SHA-256. Pure: the
 * caller reads the stream and the document, and records the export.
 */
export function evidenceBundle(sources: EvidenceSources): EvidenceBundle {
  const { orderId, events, readableEvents, generatedAt, generatedBy, nameOf } = sources;
  const streamId = orderStreamId(orderId);
  let state: OrderState = initialOrderState();
  const receipts: Record<string, unknown>[] = [];
  const payments: Record<string, unknown>[] = [];
  for (const stored of readableEvents) {
    const event = readOrderEvent(stored);
    state = evolve(state, event);
    const common = {
      ...refOf(stored),
      occurredAt: event.metadata.occurredAt,
      recordedAt: stored.recordedAt.toISOString(),
      actor: nameOf(event.metadata.actor),
    };
    if (event.type === 'ReviewApproved' && state.review.approval) {
      const { round, reviewUrl, sessionRef, approvedAt } = state.review.approval;
      receipts.push({ ...common, round, reviewUrl, sessionRef, approvedAt });
    }
    const facts = paymentFacts(event);
    if (facts) payments.push({ ...common, description: describeOrderEvent(event), ...facts });
  }
  const last = events[events.length - 1];
  const lastRevision = last ? Number(last.streamRevision) : -1;
  const lastEventHash = last?.hash ?? null;

  const contract = contractOf(readableEvents);
  const files: BundleFile[] = [
    {
      name: EVENTS_FILE,
      bytes: utf8(events.map((e) => `${canonicalJson(ndjsonRecord(e))}\n`).join('')),
    },
  ];
  if (contract && sources.contractDocument !== null)
    files.push({ name: CONTRACT_FILE, bytes: utf8(sources.contractDocument) });
  files.push({ name: 'approval-receipts.json', bytes: json(receipts) });
  files.push({ name: 'payments.json', bytes: json(payments) });
  const invoices = sources.invoices ?? [];
  if (invoices.length > 0) {
    files.push({
      name: 'invoices.json',
      bytes: json(invoices.map(({ pdf: _pdf, ...recorded }) => recorded)),
    });
    for (const invoice of invoices) files.push({ name: `${invoice.number}.pdf`, bytes: invoice.pdf });
  }
  const guide = {
    orderNumber: state.orderNumber,
    orderId,
    generatedAt: generatedAt.toISOString(),
    generatedBy: generatedBy.name,
    eventCount: events.length,
    lastRevision,
    contract: contract
      ? {
          status: contract.status,
          included: sources.contractDocument !== null,
          revision: contract.recordedBy.revision,
        }
      : null,
  };
  files.push({ name: 'VERIFY.md', bytes: utf8(verifyGuide(guide)) });
  files.push({ name: 'verify.mjs', bytes: utf8(VERIFY_SCRIPT) });

  const manifest = {
    format: 'coseso-evidence-bundle',
    version: 1,
    order: { id: orderId, number: state.orderNumber, streamId },
    generatedAt: generatedAt.toISOString(),
    generatedBy,
    hashChain:
      'sha256(empreinte précédente ‖ JSON canonique de {type, schemaVersion, data, metadata}) : voir VERIFY.md',
    events: {
      file: EVENTS_FILE,
      count: events.length,
      firstRevision: 0,
      lastRevision,
      lastEventHash,
      note: "L'export de ce dossier est lui-même enregistré par l'événement suivant (EvidenceBundleExported), qui n'est donc pas dans ce fichier.",
    },
    contract: contract && {
      status: contract.status,
      file: sources.contractDocument !== null ? CONTRACT_FILE : null,
      sha256: sources.contractDocument !== null ? sha256(utf8(sources.contractDocument)) : null,
      recordedSha256: contract.documentSha256,
      recordedBy: contract.recordedBy,
      signedAt: contract.signedAt,
      signerName: contract.signerName,
      issuedSha256: contract.issuedSha256,
    },
    files: files.map((file) => ({ name: file.name, bytes: file.bytes.length, sha256: sha256(file.bytes) })),
  };
  const manifestBytes = json(manifest);
  const stamp = generatedAt.toISOString().slice(0, 19).replaceAll(':', '-');
  return {
    fileName: `dossier-preuves-commande-${state.orderNumber}-${stamp}.zip`,
    files: [{ name: 'manifest.json', bytes: manifestBytes }, ...files],
    manifestSha256: sha256(manifestBytes),
    lastRevision,
    lastEventHash,
  };
}
