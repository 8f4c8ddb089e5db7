import { identityDecider } from '@coseso/domain/identity/identity-decider';
import { IDENTITY_STREAM, readIdentityEvent } from '@coseso/domain/events/event-reader';
import { Injectable } from '@nestjs/common';
import { InjectedCommandRunner } from '../write-side/injected-command-runner.js';

/** Commands on the one `identity` stream, decided by the identity's rules. */
@Injectable()
export class IdentityCommandRunner extends InjectedCommandRunner({
  decider: identityDecider,
  streamId: () => IDENTITY_STREAM,
  read: readIdentityEvent,
}) {}
