import { IntField } from '../../infra/http/request-fields.js';
import { ClientEmail } from '../../accounts/auth/auth.request.dto.js';

export class SendTestEmailRequestDto {
  @ClientEmail()
  email!: string;
}

export class MailboxQueryDto {
  @IntField({
    min: 1,
    max: 200,
    optional: true,
    fromQuery: true,
    default: 50,
    description: 'How many emails, newest first',
  })
  limit: number = 50;
}
