import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type FailedJob, FailedJobs } from './failed-jobs.js';
import { ListFailedJobsQuery } from './list-failed-jobs.query.js';

@QueryHandler(ListFailedJobsQuery)
export class ListFailedJobsHandler implements IQueryHandler<ListFailedJobsQuery> {
  constructor(private readonly jobs: FailedJobs) {}

  execute({ limit }: ListFailedJobsQuery): Promise<FailedJob[]> {
    return this.jobs.list(limit);
  }
}
