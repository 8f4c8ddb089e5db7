import { isTeamStream } from '@coseso/domain/events/event-reader';
import { type Reactor } from '../../reactors/reactor.js';

export const FOLLOW_TEAM_CHANGE_JOB = 'follow-team-change';

/** A team change makes the accounts table say the same, and tells its member: finished by a job if its command could not. */
export const teamAccountsReactor: Reactor = {
  name: 'team-accounts',
  react(event) {
    if (!isTeamStream(event.streamId)) return [];
    return [
      {
        name: FOLLOW_TEAM_CHANGE_JOB,
        jobId: `team-change:${event.eventId}`,
        data: { eventId: event.eventId },
      },
    ];
  },
};
