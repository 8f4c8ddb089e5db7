import { Command } from '@nestjs/cqrs';
import { type CommandContext } from '../../write-side/command-context.js';
import { type CommandOutcome } from '../../write-side/order-command-runner.js';

export type ReviewAnswer =
  | { readonly reviewStatus: 'approved' }
  | { readonly reviewStatus: 'changes_requested'; readonly reviewFeedback: string };

/**
 * The client's answer to the preview: approve it, or ask for changes. `sessionRef` names the
 * session it came from (a digest, never the session itself), for the approval receipt.
 */
export class ReviewOrderCommand extends Command<CommandOutcome> {
  constructor(
    readonly orderId: string,
    readonly answer: ReviewAnswer,
    readonly sessionRef: string | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}
