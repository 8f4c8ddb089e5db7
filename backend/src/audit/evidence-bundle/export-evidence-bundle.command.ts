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
