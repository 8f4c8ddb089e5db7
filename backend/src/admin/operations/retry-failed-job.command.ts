import { Command } from '@nestjs/cqrs';
import { type FailedJob, type JobQueueName } from './failed-jobs.js';

/** Puts one failed job back on its queue (same id: its effect still happens once). */
export class RetryFailedJobCommand extends Command<FailedJob> {
  constructor(
    readonly queue: JobQueueName,
    readonly id: string,
  ) {
    super();
  }
}
