import { clientFormRules } from '@coseso/domain/clients/client-form-rules';
import { isValidEmail } from '@coseso/domain/orders/order-form-rules';
import { z } from 'zod/mini';

export const adminLoginSchema = z.object({
  email: z.string().check(
    z.trim(),
    z.refine((value) => isValidEmail(value), clientFormRules.email.message),
  ),
  password: z.string().check(z.minLength(1, clientFormRules.adminPassword.message)),
});
export type AdminLoginValues = z.input<typeof adminLoginSchema>;

// The server checks the recipient with the clients' email rule: the same one here.
export const testEmailSchema = z.object({
  email: z.string().check(
    z.trim(),
    z.refine((value) => isValidEmail(value), clientFormRules.email.message),
  ),
});
export type TestEmailValues = z.input<typeof testEmailSchema>;
