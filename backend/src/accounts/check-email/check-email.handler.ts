import { emailAddressMessage, isValidEmail } from '@coseso/domain/shared/email-address';
import { ClientAccountRow } from '@coseso/projections/read-models/client-accounts/client-account.entity';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { READ_MODELS } from '../../infra/tokens.js';
import { CheckEmailQuery, type EmailCheck } from './check-email.query.js';

/** The domain's one address rule first; the client accounts' read model only for a valid address. */
@QueryHandler(CheckEmailQuery)
export class CheckEmailHandler implements IQueryHandler<CheckEmailQuery> {
  constructor(@Inject(READ_MODELS) private readonly readModels: DataSource) {}

  async execute({ email }: CheckEmailQuery): Promise<EmailCheck> {
    if (!isValidEmail(email)) return { exists: false, valid: false, message: emailAddressMessage(email) };
    const exists = await this.readModels
      .getRepository(ClientAccountRow)
      .exists({ where: { email: email.toLowerCase() } });
    return {
      exists,
      valid: true,
      message: exists ? 'Un compte client existe déjà avec cette adresse email' : 'Adresse email disponible',
    };
  }
}
