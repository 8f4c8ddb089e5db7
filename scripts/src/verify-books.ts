#!/usr/bin/env node
// Checks the books over the whole log: for every order, month and VAT rate, invoiced − credited =
// received − refunded; every payment invoiced once, every refund credited once, no invoice credited
// beyond what it collected; every series numbered without gap. Exit code 1 when any breaks.
import { verifyBooks } from '@coseso/backend/invoices/books/verify-books';
import { Command } from 'commander';
import { openCliContext, runCli } from './cli-context.js';

const program = new Command('verify-books')
  .description(
    'Check that the books balance: read the whole event log, and for every order, month and VAT rate check invoiced − credited = received − refunded, every payment invoiced once, every refund credited once, no invoice credited beyond what it collected, and every invoice series numbered without gap. Names each order that breaks, and why.',
  )
  .option('--json', 'print the report as one JSON object')
  .addHelpText(
    'after',
    '\nRun it once the invoices’ jobs have caught up (a payment of the last seconds may not be invoiced yet).\nExit code: 0 when the books balance, 1 when an order breaks them (or on error).',
  )
  .action((options: { json?: boolean }) =>
    runCli(async () => {
      const ctx = await openCliContext();
      try {
        const report = await verifyBooks(ctx.store, {
          onProgress: (events) => {
            if (process.stderr.isTTY) process.stderr.write(`\r${events} events read`);
          },
        });
        if (process.stderr.isTTY) process.stderr.write('\n');
        if (options.json) {
          console.log(JSON.stringify(report));
          return report.ok ? 0 : 1;
        }
        const counted = `${report.events} events, ${report.orders} orders, ${report.documents} documents`;
        if (report.ok) {
          console.log(`OK: the books balance (${counted}).`);
          return 0;
        }
        const orders = new Map<string, typeof report.breaks>();
        for (const b of report.breaks) orders.set(b.orderId, [...(orders.get(b.orderId) ?? []), b]);
        console.log(`BROKEN: ${orders.size} order(s) break the books (${counted}).`);
        for (const [orderId, breaks] of orders) {
          console.log(`Commande n° ${breaks[0]!.orderNumber} (${orderId})`);
          for (const b of breaks) console.log(`  [${b.rule}] ${b.why}`);
        }
        for (const problem of report.numbering) console.log(`Numérotation : ${problem}`);
        return 1;
      } finally {
        await ctx.close();
      }
    }),
  );

await program.parseAsync();
