import { type RecordedTeamEvent, TEAM_STREAM, readTeamEvent } from '@coseso/domain/events/event-reader';
import { type EventStore } from '@coseso/event-store/event-store';
import { teamDecider } from '@coseso/domain/team/team-decider';
import { Injectable } from '@nestjs/common';
import { InjectedCommandRunner } from '../../write-side/injected-command-runner.js';

/** Commands on the one `team` stream, decided by the team's rules (the app's and `npm run create-admin`'s). */
@Injectable()
export class TeamCommandRunner extends InjectedCommandRunner({
  decider: teamDecider,
  streamId: () => TEAM_STREAM,
  read: readTeamEvent,
}) {}

/** The team events one command appended, each with its place in the log: what follows them is keyed by it. */
export async function teamEventsOfCommand(
  store: EventStore,
  commandId: string,
): Promise<{ event: RecordedTeamEvent; position: bigint }[]> {
  return (await store.readStream(TEAM_STREAM))
    .filter((stored) => stored.metadata['commandId'] === commandId)
    .map((stored) => ({ event: readTeamEvent(stored), position: stored.position }));
}
