import { clientFormRules, isBlankPassword } from '@coseso/domain/clients/client-form-rules';
import { ValidateBy } from 'class-validator';
import { EmailField, TextField } from '../../infra/http/request-fields.js';

const EMAIL_INVALID = clientFormRules.email.message;
const { loginPassword, newPassword } = clientFormRules;

/** A client's email address, trimmed, held to the one address rule (the mailer's). */
export const ClientEmail = () => EmailField({ requiredMessage: EMAIL_INVALID });

export class LoginRequestDto {
  @ClientEmail()
  email!: string;

  @TextField({
    minLength: loginPassword.minLength,
    maxLength: loginPassword.maxLength,
    minMessage: loginPassword.message,
    format: 'password',
  })
  password!: string;
}

export class ForgotPasswordRequestDto {
  @ClientEmail()
  email!: string;
}

export class CheckTokenRequestDto {
  @TextField({ minLength: 20, maxLength: 200, description: 'The one-time token of the emailed link' })
  token!: string;
}

export class SetPasswordRequestDto {
  @TextField({ minLength: 20, maxLength: 200, description: 'The one-time token of the emailed link' })
  token!: string;

  @TextField({
    minLength: newPassword.minLength,
    maxLength: newPassword.maxLength,
    minMessage: newPassword.message,
    format: 'password',
  })
  @ValidateBy({
    name: 'notBlank',
    validator: {
      validate: (value) => typeof value === 'string' && !isBlankPassword(value),
      defaultMessage: () => newPassword.blankMessage,
    },
  })
  password!: string;
}
