import { EMAIL_MAX_LENGTH, isValidEmail } from '@coseso/domain/orders/order-field-rules';
import { applyDecorators } from '@nestjs/common';
import { ValidateBy } from 'class-validator';
import { TextField } from '../../infra/http/request-fields.js';

const EMAIL_INVALID = 'Email invalide';

/** A client's email address, trimmed, held to the wizard's address rule. */
export const ClientEmail = () =>
  applyDecorators(
    TextField({ maxLength: EMAIL_MAX_LENGTH, trim: true, format: 'email', requiredMessage: EMAIL_INVALID }),
    ValidateBy({
      name: 'email',
      validator: {
        validate: (value) => typeof value === 'string' && isValidEmail(value),
        defaultMessage: () => EMAIL_INVALID,
      },
    }),
  );

export class LoginRequestDto {
  @ClientEmail()
  email!: string;

  @TextField({
    minLength: 6,
    maxLength: 200,
    minMessage: 'Le mot de passe doit contenir au moins 6 caractères',
    format: 'password',
  })
  password!: string;
}

export class ForgotPasswordRequestDto {
  @ClientEmail()
  email!: string;
}

export class SetPasswordRequestDto {
  @TextField({ minLength: 20, maxLength: 200, description: 'The one-time token of the emailed link' })
  token!: string;

  @TextField({
    minLength: 8,
    maxLength: 200,
    minMessage: 'Le mot de passe doit contenir au moins 8 caractères',
    format: 'password',
  })
  password!: string;
}
