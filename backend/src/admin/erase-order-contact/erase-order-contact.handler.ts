import { orderStreamId } from '@coseso/domain/events/event-reader';
import { orderDecider } from '@coseso/domain/orders/order-decider';
import { type EventStore } from '@coseso/event-store/event-store';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EmailService } from '../../emails/email-service.js';
import {
  type PersonalData,
  countPlaintextPersonalEvents,
  orderSubject,
  rawEventStore,
} from '../../infra/personal-data/personal-data-event-store.js';
import { EVENT_STORE, PERSONAL_DATA } from '../../infra/tokens.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { EraseOrderContactCommand, type OrderContactErasure } from './erase-order-contact.command.js';

/**
 * The right to be forgotten of a visitor who never became a client, in the order of the client's
 * (EraseClientDataHandler): the decider judges first (an admin, a reason, once, no client, never
 * paid, no payment link open); then the order's key is destroyed and only then is
 * OrderContactErased appended. Then the emails still held for the contact's address about this order go.
 */
@CommandHandler(EraseOrderContactCommand)
export class EraseOrderContactHandler implements ICommandHandler<EraseOrderContactCommand> {
  constructor(
    private readonly orders: OrderCommandRunner,
    private readonly emails: EmailService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PERSONAL_DATA) private readonly personalData: PersonalData,
  ) {}

  async execute({ orderId, reason, context }: EraseOrderContactCommand): Promise<OrderContactErasure> {
    const state = await this.orders.current(orderId);
    const address = state.form.contactEmail?.trim().toLowerCase();
    const raw = rawEventStore(this.store);
    const plaintextEvents = countPlaintextPersonalEvents(await raw.readStream(orderStreamId(orderId)));
    const command = { type: 'EraseOrderContact', reason, plaintextEvents } as const;
    // The same rules the runner applies, judged before anything irreversible is done.
    orderDecider.decide({ ...command, actor: context.actor, now: this.orders.now() }, state);

    await this.personalData.keys.erase([orderSubject(orderId)]);
    const outcome = await this.orders.run(orderId, command, context);

    // The address's emails about this order or none: another order of the same address keeps its own.
    if (address) await this.emails.forgetRecipient(address, { orderId });
    this.orders.forget(orderId);
    return { orderId, plaintextEvents, state: outcome.state, position: outcome.position, at: outcome.at };
  }
}
