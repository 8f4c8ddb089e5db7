import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../write-side/command-context.js';

export interface IssuedContract {
  readonly documentSha256: string;
  readonly position: bigint | null;
}

/** Renders the order's contract as it stands now and records it as the document to sign. */
export class IssueContractCommand extends Command<IssuedContract> {
  constructor(
    readonly orderId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
