#!/usr/bin/env node
// An order's whole history: each event, who did it and when, and the order's state after it.
import { replayOrder } from '@coseso/backend/orders/replay-order/replay-order';
import { adminStatusLabels } from '@coseso/domain/orders/order-status';
import { Command } from 'commander';
import { openCliContext, runCli } from './cli-context.js';

const program = new Command('replay-order')
  .description(
    "Replay an order's events from its stream, printing who did what, when, and the state after each event.",
  )
  .argument('<orderId>', "the order's id (the UUID in its wizard link)")
  .option('--json', 'print one JSON object per event, with the full state after it (NDJSON)')
  .action((orderId: string, options: { json?: boolean }) =>
    runCli(async () => {
      const ctx = await openCliContext();
      try {
        const steps = await replayOrder(ctx.store, orderId);
        if (steps.length === 0) throw new Error(`no order ${orderId} in the event log`);
        for (const step of steps) {
          if (options.json) {
            console.log(JSON.stringify(step));
            continue;
          }
          const { state } = step;
          const flags = [
            state.formCompleted && 'formulaire finalisé',
            state.depositPaid && '1er paiement reçu',
            state.contract.signed && 'contrat signé',
            state.brief.validated && 'brief validé',
            state.review.round > 0 && `révision ${state.review.round} (${state.review.status})`,
            state.finalPaid && 'paiement final reçu',
            state.subscription.status !== 'none' && `abonnement ${state.subscription.status}`,
          ].filter(Boolean);
          console.log(
            `#${String(step.revision).padStart(3)}  ${step.occurredAt}  ${`${step.actor.kind}:${step.actor.id}`.padEnd(24)}  ${step.type}\n` +
              `      ${step.description}\n` +
              `      → ${adminStatusLabels[state.status]} (${state.status})${flags.length ? ` · ${flags.join(' · ')}` : ''}`,
          );
        }
      } finally {
        await ctx.close();
      }
    }),
  );

await program.parseAsync();
