import { type StoredEvent } from '@coseso/event-store/event-store';
import { CSV_BOM } from '@coseso/domain/shared/csv';
import { CSV_COLUMNS, csvHead, csvLine } from './event-log-export.js';

const event = (actorId: string, occurredAt: string, streamId = 'order-1'): StoredEvent => ({
  streamId,
  streamRevision: 3n,
  position: 42n,
  checkpoint: '42' as unknown as StoredEvent['checkpoint'],
  eventId: 'e-1',
  type: 'OrderFormCompleted',
  schemaVersion: 1,
  data: { companyName: '=HYPERLINK("http://evil.example")' },
  metadata: { actor: { kind: 'admin', id: actorId }, occurredAt },
  recordedAt: new Date('2026-03-01T10:00:00.000Z'),
  hash: 'ab'.repeat(32),
});

describe("the event log's CSV export", () => {
  it('names its columns in French, and says each type in French beside its stored name', () => {
    expect(csvHead).toContain(
      "Position;Flux;Révision du flux;Identifiant de l'événement;Enregistré le;Survenu le;Type;Libellé;",
    );
    expect(csvHead).toContain(';Données;Métadonnées;Empreinte\r\n');
  });

  it('has the one convention of the product: a BOM, `;`, CRLF', () => {
    expect(csvHead).toBe(`${CSV_BOM}${CSV_COLUMNS.join(';')}\r\n`);
    expect(csvLine(event('a', ''))).toMatch(
      /^42;order-1;3;e-1;2026-03-01T10:00:00\.000Z;;OrderFormCompleted;Formulaire finalisé;1;admin;a;/,
    );
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+33', "'+33"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
  ])('neutralises every text cell a spreadsheet would run: %j', (value, cell) => {
    const cells = csvLine(event(value, value, value)).split(';');
    expect(cells[1]).toBe(cell);
    expect(cells[5]).toBe(cell);
    expect(cells[10]).toBe(cell);
  });

  it('writes data and metadata as JSON, quoted, never a formula', () => {
    const line = csvLine(event('a', ''));
    expect(line).toContain('"{""companyName"":""=HYPERLINK(\\""http://evil.example\\"")""}"');
  });
});
