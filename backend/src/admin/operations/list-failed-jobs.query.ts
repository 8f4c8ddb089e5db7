import { Query } from '@nestjs/cqrs';
import { type FailedJob } from './failed-jobs.js';

/** The failed side effects of every queue, newest failure first. */
export class ListFailedJobsQuery extends Query<FailedJob[]> {
  constructor(readonly limit: number) {
    super();
  }
}
