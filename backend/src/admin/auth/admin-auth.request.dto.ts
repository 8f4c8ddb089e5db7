import { clientFormRules } from '@coseso/domain/clients/client-form-rules';
import { EmailField, TextField, UuidField } from '../../infra/http/request-fields.js';

const { adminEmail, adminPassword } = clientFormRules;

export class AdminLoginRequestDto {
  @EmailField({ requiredMessage: adminEmail.message })
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

export class AdminForgotPasswordRequestDto {
  @EmailField({ requiredMessage: adminEmail.message })
  email!: string;
}

export class AdminAccountParams {
  @UuidField({ description: "The back-office account's id" })
  accountId!: string;
}
