import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../infra/jobs/job-queue.js';
import { type CommandContext } from '../write-side/command-context.js';
import { OrderCommandRunner } from '../write-side/order-command-runner.js';
import { ContractDocuments } from './contract-documents.js';
import { CONTRACT_TEMPLATE_VERSION, renderContract } from './contract-template.js';

export const ISSUE_CONTRACT_JOB = 'issue-contract';

/** Renders the order's contract, keeps the document, and records it as the one to sign. */
@Injectable()
export class ContractIssuer implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly documents: ContractDocuments,
    private readonly orders: OrderCommandRunner,
  ) {}

  onModuleInit(): void {
    this.jobs.register(ISSUE_CONTRACT_JOB, async (data) => {
      const eventId = String(data['eventId']);
      await this.issue(String(data['orderId']), {
        actor: { kind: 'system', id: 'contracts' },
        commandId: `contract:${eventId}`,
        causationId: eventId,
      });
    });
  }

  async issue(
    orderId: string,
    context: CommandContext,
  ): Promise<{ documentSha256: string; position: bigint | null }> {
    const order = await this.orders.current(orderId);
    if (!order.price) throw new Error(`order ${orderId} has no price to put in a contract`);
    const documentSha256 = await this.documents.store(orderId, renderContract(order));
    const outcome = await this.orders.run(
      orderId,
      { type: 'IssueContract', documentSha256, templateVersion: CONTRACT_TEMPLATE_VERSION },
      context,
    );
    return { documentSha256, position: outcome.position };
  }
}
