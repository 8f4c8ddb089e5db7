import { createHash, randomUUID } from 'node:crypto';
import { orderIn } from '@coseso/domain/orders/testing/order-test-kit';
import { currentDefinition } from '@coseso/event-schemas/catalog';
import { type LogCheckpoint, type StoredEvent } from '@coseso/event-store/event-store';
import { hashEvent } from '@coseso/event-store/hash-chain';
import { type BundleFolder, bundleFolder } from './testing/bundle-folder.js';
import { evidenceBundle } from './evidence-bundle.js';

// verify.mjs carries its own copy of the chain's canonical JSON (it must run where none of our code
// is): these tests hold it to hash-chain.ts on the values where JSON writers usually disagree, and
// show what it reports when a bundle was tampered with.

const CONTRACT =
  '<!doctype html><html lang="fr"><body><h1>Contrat de prestation</h1><p>Signé « en ligne » — 1 177,20 €</p></body></html>';
const contractSha = createHash('sha256').update(CONTRACT, 'utf8').digest('hex');

/** Values JSON writers disagree on: key order by UTF-16 code units (a surrogate pair sorts before U+FF5A), escapes, numbers, nesting, undefined. */
const awkward = {
  ｚ: 'fullwidth z',
  '😀': 'emoji key',
  Z: 'upper case first',
  a: [1, 'x', null, true, { z: 0.1, y: -0, x: 1e21, w: 5e-7, v: 9007199254740991, u: undefined }, [[]]],
  é: 'é (NFC) et e\u0301 (NFD)',
  escapes: '"\\/\b\f\n\r\t\u0000\u001f\u2028\u2029 </script>',
  lone: '\ud800 lone surrogate',
  empty: {},
  nested: { b: { d: 1, c: [{ f: 2, e: 3 }] } },
};

function storedStream(): StoredEvent[] {
  const { history } = orderIn('delivered');
  const orderId = (history[0]!.data as { orderId: string }).orderId;
  let previous = '';
  return history.map((event, i) => {
    const data = JSON.parse(JSON.stringify(event.data).replaceAll('a'.repeat(64), contractSha)) as unknown;
    const metadata = {
      ...event.metadata,
      commandId: `cmd-${i}`,
      correlationId: `cmd-${i}`,
      causationId: `cmd-${i}`,
      ...(i === 3 ? { ip: '203.0.113.7', awkward } : {}),
    };
    const content = {
      type: event.type,
      schemaVersion: currentDefinition(event.type).schemaVersion,
      data,
      metadata,
    };
    const hash = hashEvent(previous, content);
    previous = hash;
    return {
      streamId: `order-${orderId}`,
      streamRevision: BigInt(i),
      position: BigInt(1_000 + i * 3),
      checkpoint: String(i) as LogCheckpoint,
      eventId: randomUUID(),
      ...content,
      recordedAt: new Date(Date.parse(event.metadata.occurredAt) + 5),
      hash,
    };
  });
}

const events = storedStream();
const orderId = events[0]!.streamId.slice('order-'.length);
const bundle = evidenceBundle({
  orderId,
  events,
  readableEvents: events,
  generatedAt: new Date('2026-11-25T10:00:00.000Z'),
  generatedBy: { kind: 'auditor', id: 'auditor-1', name: 'audit@agence.fr' },
  nameOf: (actor) => ({ kind: actor?.kind ?? 'system', id: actor?.id ?? '', name: actor?.kind ?? 'system' }),
  contractDocument: CONTRACT,
});

let folder: BundleFolder;
beforeEach(async () => {
  folder = await bundleFolder(Object.fromEntries(bundle.files.map((f) => [f.name, f.bytes])));
});
afterEach(() => folder.remove());

const lines = async () => (await folder.text('events.ndjson')).trimEnd().split('\n');

describe('verify.mjs', () => {
  it('recomputes the same chain as the server, awkward values included, and says OK', async () => {
    const written = (await lines()).map((line) => JSON.parse(line) as { hash: string });
    expect(written.map((e) => e.hash)).toEqual(events.map((e) => e.hash));
    expect(JSON.stringify(events[3]!.metadata)).toContain('fullwidth z');

    const run = await folder.verify();
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('OK');
    expect(run.stdout).toContain(`${events.length} événements (n° 0 à ${events.length - 1})`);
    expect(run.stdout).toContain('Contrat : contrat.html a l’empreinte enregistrée par l’événement n°');
    expect(run.stdout).toContain(`Empreinte SHA-256 de manifest.json : ${bundle.manifestSha256}`);
  });

  it('names the first broken link when a line was altered, and the file the manifest no longer matches', async () => {
    const all = await lines();
    all[3] = all[3]!.replace('fullwidth z', 'fullwidth Z');
    await folder.write('events.ndjson', `${all.join('\n')}\n`);

    const run = await folder.verify();
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n')[0]).toBe('ÉCHEC');
    expect(run.stdout).toContain('events.ndjson : son empreinte SHA-256 n’est pas celle du manifeste');
    expect(run.stdout).toMatch(
      new RegExp(
        `Maillon rompu : événement n° 3 \\(ligne 4 de events.ndjson, ${events[3]!.type}\\) : l’empreinte recalculée est [0-9a-f]{64}, le dossier indique ${events[3]!.hash}`,
      ),
    );
  });

  it('names the gap when an event was taken out', async () => {
    const all = await lines();
    all.splice(5, 1);
    await folder.write('events.ndjson', `${all.join('\n')}\n`);
    const run = await folder.verify();
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'Maillon rompu : la ligne 6 de events.ndjson porte l’événement n° 6 à la place du n° 5',
    );
  });

  it('catches a contract swapped for another, even with the manifest rewritten to match', async () => {
    const forged = CONTRACT.replace('1 177,20 €', '2 177,20 €');
    await folder.write('contrat.html', forged);
    const manifest = JSON.parse(await folder.text('manifest.json')) as {
      files: { name: string; sha256: string }[];
    };
    const forgedSha = createHash('sha256').update(forged, 'utf8').digest('hex');
    manifest.files.find((f) => f.name === 'contrat.html')!.sha256 = forgedSha;
    await folder.write('manifest.json', JSON.stringify(manifest));

    const run = await folder.verify();
    expect(run.code).toBe(1);
    const signed = events.findIndex((e) => e.type === 'ContractSigned');
    expect(run.stdout).toContain(
      `Contrat : contrat.html a l’empreinte ${forgedSha}, l’événement n° ${signed} (ContractSigned) a enregistré ${contractSha}.`,
    );
  });
});
