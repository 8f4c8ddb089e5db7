import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../infra/tokens.js';
import { AgencyIdentityService } from '../identity/agency-identity.service.js';
import { OrderCommandRunner } from '../write-side/order-command-runner.js';
import { ContractDocuments } from './contract-documents.js';
import { CONTRACT_TEMPLATE_VERSION, renderContract } from './contract-template.js';
import { IssueContractCommand, type IssuedContract } from './issue-contract.command.js';

/**
 * The document is kept by its SHA-256 before the order names it, so a signature always finds it. The
 * seller it names is the agency's identity in use now (its latest version): the kept document, not a new rendering, is what is shown
 * and signed afterwards.
 */
@CommandHandler(IssueContractCommand)
export class IssueContractHandler implements ICommandHandler<IssueContractCommand> {
  constructor(
    private readonly documents: ContractDocuments,
    private readonly orders: OrderCommandRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly identity: AgencyIdentityService,
  ) {}

  async execute({ orderId, context }: IssueContractCommand): Promise<IssuedContract> {
    const order = await this.orders.current(orderId);
    if (!order.price) throw new Error(`order ${orderId} has no price to put in a contract`);
    const documentSha256 = await this.documents.store(
      orderId,
      renderContract(order, await this.identity.seller(), new URL('/cgu', this.config.PUBLIC_URL).href),
    );
    const outcome = await this.orders.run(
      orderId,
      { type: 'IssueContract', documentSha256, templateVersion: CONTRACT_TEMPLATE_VERSION },
      context,
    );
    return { documentSha256, position: outcome.position };
  }
}
