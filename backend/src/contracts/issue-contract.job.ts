import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { JobQueue } from '../infra/jobs/job-queue.js';
import { IssueContractCommand } from './issue-contract.command.js';

export const ISSUE_CONTRACT_JOB = 'issue-contract';

/** The contract job: issues the order's contract once its first payment is in. */
@Injectable()
export class IssueContractJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.jobs.register(ISSUE_CONTRACT_JOB, async ({ orderId, eventId }) => {
      await this.commands.execute(
        new IssueContractCommand(orderId, {
          actor: { kind: 'system', id: 'contracts' },
          commandId: `contract:${eventId}`,
          causationId: eventId,
        }),
      );
    });
  }
}
