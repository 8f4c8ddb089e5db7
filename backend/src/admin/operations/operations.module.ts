import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth/auth.module.js';
import { FailedJobs } from './failed-jobs.js';
import { GetProjectionStatusHandler } from './get-projection-status.handler.js';
import { ListFailedJobsHandler } from './list-failed-jobs.handler.js';
import { OperationsHttpController } from './operations.http.controller.js';
import { Rebuilds } from './rebuilds.js';
import { RetryFailedJobHandler } from './retry-failed-job.handler.js';
import { StartRebuildHandler } from './start-rebuild.handler.js';

/** The operators' screen: projection status and rebuilds, failed jobs and their retry. */
@Module({
  imports: [AuthModule],
  controllers: [OperationsHttpController],
  providers: [
    Rebuilds,
    FailedJobs,
    GetProjectionStatusHandler,
    StartRebuildHandler,
    ListFailedJobsHandler,
    RetryFailedJobHandler,
  ],
})
export class OperationsModule {}
