import { eventCatalog, findEventDefinition } from './catalog.js';
import { gridAdditionsOfVersionThree, gridAdditionsOfVersionTwo } from './catalogue/grid-additions.js';

/** Turns the data of (type, version) into the data of version + 1. Pure; old events are never rewritten. */
export type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;
export type UpcasterRegistry = ReadonlyMap<string, Upcaster>;

export const upcasterKey = (type: string, fromVersion: number) => `${type}@${fromVersion}`;

// A breaking change adds `[upcasterKey('X', 1), (v1) => v2]` here, keeps the v1 definition (its
// schema file) among the superseded ones, and adds an old-shape fixture test.
export const upcasters: UpcasterRegistry = new Map([
  // v2 is the approval receipt; a v1 approval did not record the URL or the session.
  [upcasterKey('ReviewApproved', 1), (v1) => ({ reviewUrl: null, sessionRef: null, ...v1 })],
  // v2 may name a renewal among the purposes; every v1 refund reads as it was written.
  [upcasterKey('PaymentRefunded', 1), (v1) => v1],
  // v2 says what the guarantee gives back; a v1 cancellation had no choice (credit notes, no refund).
  [upcasterKey('OrderCancelled', 1), (v1) => ({ ...v1, guaranteeRefund: 'legacy' })],
  // v2 says why the team reactivated; a v1 reactivation asked no reason.
  [upcasterKey('OrderReactivated', 1), (v1) => ({ reason: null, ...v1 })],
  // v3 says where the order resumes and what it owes again; v1 and v2 resumed at the brief, owing nothing again.
  [
    upcasterKey('OrderReactivated', 2),
    (v2) => ({ ...v2, status: 'brief_pending', firstPaymentOwed: false, finalPaymentOwed: false }),
  ],
  // v2 carries the emails chosen to go again to the new address; a v1 correction re-sent none by itself.
  [upcasterKey('ContactEmailCorrected', 1), (v1) => ({ ...v1, resend: [] })],
  // v2 names the period's start; v1 held its end only.
  [upcasterKey('SubscriptionRenewed', 1), (v1) => ({ currentPeriodStart: null, ...v1 })],
  // v2's grid holds the account manager, the « Solution Express » and the external host's prices,
  // which no v1 version could change: each v1 version sold them at the first grid's.
  [
    upcasterKey('CatalogueVersionPublished', 1),
    (v1) => ({
      ...v1,
      grid: {
        ...(v1['grid'] as Record<string, unknown>),
        ...gridAdditionsOfVersionTwo,
        accountManager: { ...gridAdditionsOfVersionTwo.accountManager },
      },
    }),
  ],
  // v3's grid holds the launch offers: no v1 or v2 version had one.
  [
    upcasterKey('CatalogueVersionPublished', 2),
    (v2) => ({
      ...v2,
      grid: {
        ...(v2['grid'] as Record<string, unknown>),
        launchOffers: [...gridAdditionsOfVersionThree.launchOffers],
      },
    }),
  ],
]);

const currentVersions = new Map(eventCatalog.map((d) => [d.type, d.schemaVersion]));

/** Brings a stored event to the current version of its type, one version at a time. */
export function upcast<E extends { type: string; schemaVersion: number; data: unknown }>(
  event: E,
  registry: UpcasterRegistry = upcasters,
  current: ReadonlyMap<string, number> = currentVersions,
): E {
  const target = current.get(event.type) ?? event.schemaVersion;
  let { schemaVersion, data } = event;
  while (schemaVersion < target) {
    const step = registry.get(upcasterKey(event.type, schemaVersion));
    if (!step) throw new Error(`no upcaster for ${event.type} v${schemaVersion}`);
    data = step(data as Record<string, unknown>);
    schemaVersion += 1;
  }
  if (schemaVersion === event.schemaVersion) return event;
  // An upcaster is code written long after the events it reads: what it makes is checked against
  // the current schema every time, as an appended event is in the tests.
  const checked = findEventDefinition(event.type, schemaVersion)?.data.safeParse(data);
  if (checked && !checked.success)
    throw new Error(
      `${event.type} upcast to v${schemaVersion} does not conform to its schema: ${checked.error.issues
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  return { ...event, schemaVersion, data };
}
