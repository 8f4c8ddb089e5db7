import { allProjectors } from '@coseso/projections/all-projectors';
import { ChoiceField, IntField, TextField, UuidField } from '../../infra/http/request-fields.js';
import { JOB_QUEUES, type JobQueueName } from './failed-jobs.js';

export class StartRebuildRequestDto {
  @ChoiceField(allProjectors.map((p) => p.name), {
    optional: true,
    description: 'The read model to rebuild; every one when absent',
  })
  projection?: string;
}

export class RebuildIdParams {
  @UuidField({ description: "The rebuild's id, as its start answered it" })
  id!: string;
}

export class FailedJobsQueryDto {
  @IntField({
    min: 1,
    max: 500,
    optional: true,
    fromQuery: true,
    default: 100,
    description: 'How many failed jobs, newest failure first',
  })
  limit: number = 100;
}

export class FailedJobParams {
  @ChoiceField(JOB_QUEUES, { description: 'The queue holding the job' })
  queue!: JobQueueName;

  @TextField({ maxLength: 300, minLength: 1, description: "The job's id (reactors key jobs by event id)" })
  id!: string;
}
