import { EMAIL_MAX_LENGTH } from '@coseso/domain/orders/order-field-rules';
import { TextField } from '../../infra/http/request-fields.js';

/** Any text: an address that is not one is answered `valid: false`, not refused. */
export class CheckEmailQueryDto {
  @TextField({ maxLength: EMAIL_MAX_LENGTH, trim: true, description: 'The address typed in the wizard' })
  email!: string;
}
