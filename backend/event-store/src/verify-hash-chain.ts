import { setTimeout as sleep } from 'node:timers/promises';
import { type EventStore, type LogCheckpoint, type StreamHead } from './event-store.js';
import { hashEvent } from './hash-chain.js';

export type BrokenLinkKind =
  /** The event's content, or its hash, is not what was appended. */
  | 'altered'
  /** Events are missing before this one (deleted): its hash no longer follows the one before. */
  | 'missing-events'
  /** The stream's last events are missing: the index of streams says it went further. */
  | 'missing-tail'
  /** The event has no hash at all: it was put in the store by other means than the append. */
  | 'unhashed';

export interface BrokenLink {
  readonly streamId: string;
  /** The first revision where the chain breaks. */
  readonly revision: bigint;
  readonly kind: BrokenLinkKind;
  /** The hash this link should have, recomputed from the event before it and its own content. */
  readonly expected: string | null;
  /** The hash the store holds for it (null: none, or no event there any more). */
  readonly found: string | null;
  /** In French, for the auditors' screen. */
  readonly description: string;
}

export interface ChainReport {
  readonly ok: boolean;
  readonly streams: number;
  readonly events: number;
  /** The first broken link of each broken stream, in log order (at most `maxBroken`). */
  readonly broken: readonly BrokenLink[];
  readonly checkedAt: Date;
}

export interface VerifyOptions {
  readonly batchSize?: number;
  readonly maxBroken?: number;
  readonly onProgress?: (events: number) => void;
}

interface Link {
  readonly revision: bigint;
  readonly hash: string;
}

const describe = (kind: BrokenLinkKind, revision: bigint, missingFrom?: bigint): string => {
  switch (kind) {
    case 'altered':
      return `L’événement n° ${revision} a été modifié après son enregistrement : son empreinte ne correspond plus.`;
    case 'missing-events':
      return missingFrom === revision - 1n
        ? `L’événement n° ${missingFrom} a été supprimé : l’événement n° ${revision} ne suit plus la chaîne.`
        : `Les événements n° ${missingFrom} à ${revision - 1n} ont été supprimés : l’événement n° ${revision} ne suit plus la chaîne.`;
    case 'missing-tail':
      return `Les derniers événements du flux, à partir du n° ${revision}, ont été supprimés.`;
    case 'unhashed':
      return `L’événement n° ${revision} n’a pas d’empreinte : il n’a pas été écrit par l’application.`;
    default: {
      const exhaustive: never = kind;
      return exhaustive;
    }
  }
};

/**
 * Recomputes every stream's hash chain from the global log, and names the first broken link of
 * each broken stream: an event altered, deleted (its successor's hash no longer follows), or
 * missing from a stream's end (where the store keeps an index of streams). Works on any adapter,
 * in one pass, with memory for one link per stream.
 */
export async function verifyHashChain(store: EventStore, options: VerifyOptions = {}): Promise<ChainReport> {
  const { batchSize = 5_000, maxBroken = 100, onProgress } = options;
  // Read before the log: every stream it lists was committed with its events, which the log then shows.
  const heads: Map<string, StreamHead> | null = store.streamHeads ? await store.streamHeads() : null;
  const links = new Map<string, Link | 'broken'>();
  const broken: BrokenLink[] = [];
  const report = (link: Omit<BrokenLink, 'description'>, missingFrom?: bigint) => {
    links.set(link.streamId, 'broken');
    if (broken.length < maxBroken)
      broken.push({ ...link, description: describe(link.kind, link.revision, missingFrom) });
  };
  let events = 0;
  let after: LogCheckpoint | null = null;
  for (;;) {
    const batch = await store.readAll({ after, limit: batchSize });
    for (const event of batch.events) {
      events++;
      const previous = links.get(event.streamId) ?? { revision: -1n, hash: '' };
      if (previous === 'broken') continue;
      const expected = hashEvent(previous.hash, event);
      const found = event.hash ?? null;
      const base = { streamId: event.streamId, revision: event.streamRevision, expected, found };
      if (event.streamRevision !== previous.revision + 1n)
        report({ ...base, kind: 'missing-events' }, previous.revision + 1n);
      else if (found === null) report({ ...base, kind: 'unhashed' });
      else if (found !== expected) report({ ...base, kind: 'altered' });
      else links.set(event.streamId, { revision: event.streamRevision, hash: found });
    }
    if (batch.events.length > 0) {
      after = batch.events[batch.events.length - 1]!.checkpoint;
      onProgress?.(events);
    }
    if (batch.caughtUp) break;
    // A transaction older than the ones read is still running: its events come soon.
    if (batch.events.length === 0) await sleep(20);
  }
  for (const [streamId, head] of heads ?? []) {
    const link = links.get(streamId);
    if (link === 'broken') continue;
    if (!link || link.revision < head.revision)
      report({
        streamId,
        revision: link ? link.revision + 1n : 0n,
        kind: 'missing-tail',
        expected: head.hash,
        found: null,
      });
    else if (link.revision === head.revision && head.hash !== null && head.hash !== link.hash)
      report({ streamId, revision: link.revision, kind: 'altered', expected: head.hash, found: link.hash });
  }
  return { ok: broken.length === 0, streams: links.size, events, broken, checkedAt: new Date() };
}
