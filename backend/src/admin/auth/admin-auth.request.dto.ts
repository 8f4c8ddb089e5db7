import { EMAIL_MAX_LENGTH } from '@coseso/domain/orders/order-field-rules';
import { TextField } from '../../infra/http/request-fields.js';

export class AdminLoginRequestDto {
  @TextField({
    maxLength: EMAIL_MAX_LENGTH,
    minLength: 1,
    trim: true,
    requiredMessage: "L'email est requis",
    minMessage: "L'email est requis",
  })
  email!: string;

  @TextField({
    maxLength: 200,
    minLength: 1,
    requiredMessage: 'Le mot de passe est requis',
    minMessage: 'Le mot de passe est requis',
    format: 'password',
  })
  password!: string;
}
