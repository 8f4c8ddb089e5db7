import { Inject, Injectable } from '@nestjs/common';
import { AccountStore } from '../../accounts/shared/account-store.js';
import { EmailService } from '../../emails/email-service.js';
import {
  type PersonalData,
  clientSubject,
  orderSubject,
} from '../../infra/personal-data/personal-data-event-store.js';
import { PERSONAL_DATA } from '../../infra/tokens.js';
import { ClientCommandRunner } from '../../write-side/client-command-runner.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';

/** One ClientDataErased, as what follows it needs it. */
export interface ClientErasure {
  readonly clientId: string;
  readonly orderIds: readonly string[];
  /** The addresses whose held emails go: read before the erasure, while they could still be read. */
  readonly addresses: Iterable<string>;
}

/**
 * What follows a ClientDataErased already in the log: what is kept outside the log goes (the
 * emails still held for the addresses, credentials, sessions, links), and last the keys, so that
 * nothing here needs to read personal data the keys no longer open. Run by the command right after
 * the append, and again by the job the event calls for (`clientErasureReactor`): every step is
 * idempotent, so a process that dies in between leaves the job to finish it, and the second run
 * changes nothing. Every reader stops showing the client's data as soon as it reads the event; the
 * destroyed keys make it so for the bytes at rest.
 */
@Injectable()
export class FinishClientErasure {
  constructor(
    private readonly clients: ClientCommandRunner,
    private readonly orders: OrderCommandRunner,
    private readonly accounts: AccountStore,
    private readonly emails: EmailService,
    @Inject(PERSONAL_DATA) private readonly personalData: PersonalData,
  ) {}

  async finish({ clientId, orderIds, addresses }: ClientErasure): Promise<void> {
    for (const address of addresses) await this.emails.forgetRecipient(address);
    await this.accounts.forgetClient(clientId);
    await this.personalData.keys.erase([clientSubject(clientId), ...orderIds.map(orderSubject)]);
    this.clients.forget(clientId);
    for (const orderId of orderIds) this.orders.forget(orderId);
  }
}
