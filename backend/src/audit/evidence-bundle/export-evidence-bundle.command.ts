import { type Actor } from '@coseso/event-schemas/envelope';
import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../../write-side/command-context.js';
import { type EvidenceBundle } from './evidence-bundle.js';

export interface ExportedEvidenceBundle extends EvidenceBundle {
  /** Where the export's own event (EvidenceBundleExported) stands in the log. */
  readonly position: bigint | null;
}

/** An order's evidence bundle, made for a staff member (the context's actor) and recorded in its stream. */
export class ExportEvidenceBundleCommand extends Command<ExportedEvidenceBundle> {
  constructor(
    readonly orderId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * The command id of an export: one per staff member, per order (ids are per stream), per UTC day.
 * The first download of the day appends EvidenceBundleExported; the others that day find the id
 * already applied and append nothing (the write side's idempotency), so however often a bundle is
 * downloaded, the order's stream grows by one event per person and day at most (decision 44).
 */
export const dailyExportCommandId = (actor: Actor, at: Date): string =>
  `evidence-export:${actor.kind}:${actor.id}:${at.toISOString().slice(0, 10)}`;
