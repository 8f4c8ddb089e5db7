import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../../infra/jobs/job-queue.js';
import { FollowTeamChange } from './follow-team-change.js';
import { FOLLOW_TEAM_CHANGE_JOB } from './team-accounts.reactor.js';

/** The follow-up of one team change, read back from the team stream (the job holds no address). */
@Injectable()
export class FollowTeamChangeJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly follow: FollowTeamChange,
  ) {}

  onModuleInit(): void {
    this.jobs.register(FOLLOW_TEAM_CHANGE_JOB, ({ eventId }) => this.follow.followEvent(eventId));
  }
}
