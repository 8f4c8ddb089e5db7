import { type ClientState, clientDecider } from '@coseso/domain/clients/client-decider';
import { clientStreamId, readClientEvent } from '@coseso/domain/events/event-reader';
import { type ClientEvent } from '@coseso/event-schemas/client/client-events';
import { Injectable } from '@nestjs/common';
import { InjectedCommandRunner } from './injected-command-runner.js';
import { type StreamCommandOutcome } from './stream-command-runner.js';

export type ClientCommandOutcome = StreamCommandOutcome<ClientState, ClientEvent>;

/** Commands on `client-<id>` streams, decided by the client account's rules. */
@Injectable()
export class ClientCommandRunner extends InjectedCommandRunner(
  { decider: clientDecider, streamId: clientStreamId, read: readClientEvent },
  ({ clientId }) => (clientId ? [clientId] : []),
) {}
