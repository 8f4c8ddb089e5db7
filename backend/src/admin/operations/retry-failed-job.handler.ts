import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type FailedJob, FailedJobs } from './failed-jobs.js';
import { RetryFailedJobCommand } from './retry-failed-job.command.js';

@CommandHandler(RetryFailedJobCommand)
export class RetryFailedJobHandler implements ICommandHandler<RetryFailedJobCommand> {
  constructor(private readonly jobs: FailedJobs) {}

  execute({ queue, id }: RetryFailedJobCommand): Promise<FailedJob> {
    return this.jobs.retry(queue, id);
  }
}
