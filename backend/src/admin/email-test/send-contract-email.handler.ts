import { randomUUID } from 'node:crypto';
import { DomainError } from '@coseso/domain/shared/domain-error';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { ERASED } from '@coseso/event-schemas/personal-fields';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EmailService } from '../../emails/email-service.js';
import { orderNotFound } from '../../orders/shared/order-errors.js';
import { OrderCommandRunner } from '../../write-side/order-command-runner.js';
import { type ContractEmailResult, SendContractEmailCommand } from './send-contract-email.command.js';

@CommandHandler(SendContractEmailCommand)
export class SendContractEmailHandler implements ICommandHandler<SendContractEmailCommand> {
  constructor(
    private readonly orders: OrderCommandRunner,
    private readonly emails: EmailService,
  ) {}

  async execute({ orderId }: SendContractEmailCommand): Promise<ContractEmailResult> {
    const order = await this.orders.current(orderId);
    if (!order.exists) throw orderNotFound();
    if (!order.contract.issuedSha256)
      throw new DomainError(
        ErrorCode.CONTRACT_NOT_ISSUED,
        "Le contrat de cette commande n'existe pas encore : il est établi après le premier paiement.",
        'conflict',
      );
    const to = order.form.contactEmail;
    if (to === ERASED)
      return {
        success: false,
        message: 'Les données de ce client ont été effacées : il n’y a plus personne à qui écrire.',
        order: { id: orderId },
      };
    if (!to)
      return {
        success: false,
        message: "Cette commande n'a pas d'email de contact.",
        order: { id: orderId },
      };
    await this.emails.send(
      'contract-to-sign',
      to,
      {
        orderNumber: order.orderNumber,
        companyName: order.form.companyName || `Commande #${order.orderNumber}`,
        firstName: order.form.contactFirstName,
        contractUrl: `/contract/${orderId}`,
      },
      `test-contract:${randomUUID()}`,
      { orderId },
    );
    return { success: true, message: `Email de contrat envoyé à ${to}`, order: { id: orderId } };
  }
}
