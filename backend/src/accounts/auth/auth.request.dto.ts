import { clientFormRules, isBlankPassword } from '@coseso/domain/clients/client-form-rules';
import { applyDecorators } from '@nestjs/common';
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

/** A new password, not blank, at least `rule.minLength` long (a client's, or a team member's). */
const NewPassword = (rule: { minLength: number; maxLength: number; message: string }) =>
  applyDecorators(
    TextField({
      minLength: rule.minLength,
      maxLength: rule.maxLength,
      minMessage: rule.message,
      format: 'password',
    }),
    ValidateBy({
      name: 'notBlank',
      validator: {
        validate: (value) => typeof value === 'string' && !isBlankPassword(value),
        defaultMessage: () => newPassword.blankMessage,
      },
    }),
  );

export class SetPasswordRequestDto {
  @TextField({ minLength: 20, maxLength: 200, description: 'The one-time token of the emailed link' })
  token!: string;

  @NewPassword(newPassword)
  password!: string;
}

/** A back-office reset link's new password: as long as the ones `npm run create-admin` accepts. */
export class AdminSetPasswordRequestDto {
  @TextField({ minLength: 20, maxLength: 200, description: 'The one-time token of the emailed link' })
  token!: string;

  @NewPassword(clientFormRules.adminNewPassword)
  password!: string;
}
