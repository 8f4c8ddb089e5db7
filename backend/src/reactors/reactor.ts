import { type StoredEvent } from '@coseso/event-store/event-store';
import { type JobRequest } from '../infra/jobs/job-payloads.js';

/**
 * Decides which side effects an event calls for. Pure: the jobs do the work. The event is as stored:
 * a reactor reads what it needs through the domain's event reader.
 */
export interface Reactor {
  readonly name: string;
  react(event: StoredEvent): JobRequest[];
}
