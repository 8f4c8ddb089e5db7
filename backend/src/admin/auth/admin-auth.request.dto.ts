import { clientFormRules } from '@coseso/domain/clients/client-form-rules';
import { EMAIL_MAX_LENGTH } from '@coseso/domain/orders/order-field-rules';

const { adminEmail, adminPassword } = clientFormRules;
import { TextField } from '../../infra/http/request-fields.js';

export class AdminLoginRequestDto {
  @TextField({
    maxLength: EMAIL_MAX_LENGTH,
    minLength: 1,
    trim: true,
    requiredMessage: adminEmail.message,
    minMessage: adminEmail.message,
  })
  email!: string;

  @TextField({
    maxLength: adminPassword.maxLength,
    minLength: 1,
    requiredMessage: adminPassword.message,
    minMessage: adminPassword.message,
    format: 'password',
  })
  password!: string;
}
