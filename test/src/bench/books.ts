// The accountant's page at scale (docs/architecture.md §9): a year of 100,000 invoices and credit
// notes in the invoices read model; the period's totals and its first page, p95, against a
// primary-key read of the same table, through the read side's own code; the year's CSV and FEC
// exports through the routes' own streaming, with the memory they take. Part of `npm run bench`
// (`BENCH_ONLY=books`).
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { InvoiceReadModel } from '@coseso/backend/invoices/reading/invoice-read-model';
import { streamCsv } from '@coseso/backend/invoices/reading/stream-csv';
import { documentsOfEveryKind } from '@coseso/backend/invoices/testing/invoice-fixtures';
import { allMigrations } from '@coseso/backend/infra/database/all-migrations';
import { migrateDatabase } from '@coseso/database/migration-runner';
import { bookedAmountsOf, ledgerCsvHeader, ledgerCsvLines } from '@coseso/domain/invoices/invoice-ledger';
import { systemClock } from '@coseso/domain/shared/clock';
import { invoicesProjector } from '@coseso/projections/read-models/invoices/invoices.projection';
import { InvoiceRow } from '@coseso/projections/read-models/invoices/invoice.entity';
import { openReadModelDataSource } from '@coseso/projections/read-model-data-source';
import { fmt } from './bench-kit.js';
import { watchPeakRss } from './cpu-cost.js';

const INVOICES = Number(process.env['BENCH_INVOICES'] ?? 100_000);
const SAMPLES = Number(process.env['BENCH_BOOKS_SAMPLES'] ?? 500);
const YEAR = { from: '2026-01-01', to: '2026-12-31' };
const HALF_YEAR = { from: '2026-01-01', to: '2026-06-30' };

const p95 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length * 0.95)]!;

export interface BooksResult {
  readonly invoices: number;
  readonly totalsP95: number;
  readonly monthTotalsP95: number;
  readonly firstPageP95: number;
  readonly primaryKeyP95: number;
  /** The CSV of the year and of half of it: seconds, lines, bytes, and the peak RSS over the RSS before, MB. */
  readonly exports: readonly {
    period: string;
    seconds: number;
    lines: number;
    bytes: number;
    growthMb: number;
  }[];
}

/**
 * Every kind of document the product issues, repeated over the year's days: the rows the invoices
 * projector writes for them, and the day totals it keeps beside them (the same `bookedAmountsOf`).
 */
async function seed(query: (sql: string, params?: unknown[]) => Promise<unknown>, schema: string) {
  const kinds = Object.values(documentsOfEveryKind);
  const templates = kinds.map((doc, i) => {
    const booked = bookedAmountsOf(doc);
    return { i, doc, booked };
  });
  await query(
    `insert into ${schema}.invoice (number, kind, order_id, order_number, issue_date, position, purpose,
       total_amount, vat_amount, total_with_vat, corrects, pdf_sha256, document)
     select (case when t.kind = 'credit_note' then 'A' else 'F' end) || '-2026-' || lpad(n::text, 6, '0'),
       t.kind, gen_random_uuid(), 1000 + n, date '2026-01-01' + (n % 365), n, t.purpose,
       t.total_amount, t.vat_amount, t.total_with_vat, t.corrects, 'bench', t.document
     from generate_series(1, $1::int) as n
     join json_to_recordset($2::json) as t(i int, kind text, purpose text, total_amount int, vat_amount int,
       total_with_vat int, corrects text, document json) on t.i = n % $3::int`,
    [
      INVOICES,
      JSON.stringify(
        templates.map(({ i, doc }) => ({
          i,
          kind: doc.kind,
          purpose: doc.purpose,
          total_amount: doc.totalAmount,
          vat_amount: doc.vatAmount,
          total_with_vat: doc.totalWithVat,
          corrects: doc.corrects?.number ?? null,
          document: doc,
        })),
      ),
      templates.length,
    ],
  );
  await query(
    `insert into ${schema}.invoice_day_totals (issue_date, kind, documents, total_amount, vat_amount, total_with_vat)
     select i.issue_date, i.kind, count(*), sum(b.total_amount), sum(b.vat_amount), sum(b.total_with_vat)
     from ${schema}.invoice i
     join json_to_recordset($1::json) as b(i int, total_amount int, vat_amount int, total_with_vat int)
       on b.i = i.position % $2::int
     group by i.issue_date, i.kind`,
    [
      JSON.stringify(
        templates.map(({ i, booked }) => ({
          i,
          total_amount: booked.totalAmount,
          vat_amount: booked.vatAmount,
          total_with_vat: booked.totalWithVat,
        })),
      ),
      templates.length,
    ],
  );
  await query(`analyze ${schema}.invoice`);
  await query(`analyze ${schema}.invoice_day_totals`);
}

/** A client that takes what it is sent as fast as it comes, counting it. */
function discardingResponse() {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      done();
    },
  });
  return Object.assign(sink, { setHeader: () => sink, bytes: () => bytes });
}

export async function benchBooks(url: string): Promise<BooksResult> {
  const schema = `bench_books_${randomBytes(4).toString('hex')}`;
  await migrateDatabase({ url, schema, migrations: allMigrations });
  const dataSource = await openReadModelDataSource({ url, schema, entities: invoicesProjector.entities });
  try {
    await seed((sql, params) => dataSource.query(sql, params), schema);
    const invoices = new InvoiceReadModel(dataSource, systemClock);
    const rows = dataSource.getRepository(InvoiceRow);
    const numbers = (await rows.find({ select: { number: true } })).map((r) => r.number);

    const totals: number[] = [];
    const monthTotals: number[] = [];
    const firstPage: number[] = [];
    const byKey: number[] = [];
    const time = async (samples: number[], run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      samples.push(performance.now() - started);
    };
    const month = (i: number) => {
      const m = String(1 + (i % 12)).padStart(2, '0');
      return { from: `2026-${m}-01`, to: `2026-${m}-28` };
    };
    for (let i = 0; i < 50; i++) {
      await invoices.totalsOf(YEAR);
      await invoices.pageInPeriod(month(i), null, 200);
    }
    // Interleaved, so that drift on the machine weighs on each alike.
    for (let i = 0; i < SAMPLES; i++) {
      await time(totals, () => invoices.totalsOf(YEAR));
      await time(monthTotals, () => invoices.totalsOf(month(i)));
      await time(firstPage, () => invoices.pageInPeriod(month(i), null, 200));
      await time(byKey, () => rows.findOne({ where: { number: numbers[(i * 7919) % numbers.length]! } }));
    }

    const exports: BooksResult['exports'][number][] = [];
    for (const [label, period] of [
      ['half a year', HALF_YEAR],
      ['the year', YEAR],
    ] as const) {
      global.gc?.();
      const response = discardingResponse();
      const rss = watchPeakRss();
      const started = performance.now();
      let lines = 0;
      await streamCsv(
        response,
        'factures.csv',
        (async function* () {
          yield [ledgerCsvHeader()];
          for await (const batch of invoices.eachInPeriod(period)) {
            const csv = batch.flatMap((invoice) => ledgerCsvLines(invoice.document));
            lines += csv.length;
            yield csv;
          }
        })(),
      );
      rss.stop();
      exports.push({
        period: label,
        seconds: (performance.now() - started) / 1_000,
        lines,
        bytes: response.bytes(),
        growthMb: Math.max(0, rss.peak - rss.before) / 1_048_576,
      });
    }
    return {
      invoices: numbers.length,
      totalsP95: p95(totals),
      monthTotalsP95: p95(monthTotals),
      firstPageP95: p95(firstPage),
      primaryKeyP95: p95(byKey),
      exports,
    };
  } finally {
    await dataSource.query(`drop schema if exists ${schema} cascade`).catch(() => {});
    await dataSource.destroy();
  }
}

export const booksRows = (r: BooksResult) => [
  {
    measure: `/admin/invoices period totals, ${fmt(r.invoices)} invoices in the year, p95`,
    result: `year ${r.totalsP95.toFixed(2)} ms; a month ${r.monthTotalsP95.toFixed(2)} ms; a month's first page of 200 ${r.firstPageP95.toFixed(2)} ms`,
    baseline: `primary-key read p95 ${r.primaryKeyP95.toFixed(2)} ms`,
    ratio: `${(r.totalsP95 / r.primaryKeyP95).toFixed(1)}× (a month ${(r.monthTotalsP95 / r.primaryKeyP95).toFixed(1)}×, first page ${(r.firstPageP95 / r.primaryKeyP95).toFixed(1)}×)`,
    target: 'totals ≤ 5× a primary-key read',
  },
  {
    measure: "CSV export of a period, streamed (the route's own code into a client that reads at once)",
    result: r.exports
      .map(
        (e) =>
          `${e.period}: ${fmt(e.lines)} lines, ${fmt(e.bytes / 1_048_576)} MB in ${e.seconds.toFixed(1)} s`,
      )
      .join('; '),
    baseline: '',
    ratio: r.exports.map((e) => `${e.period}: peak RSS +${fmt(e.growthMb)} MB`).join('; '),
    target: 'memory flat (the year no more than the half year)',
  },
];
