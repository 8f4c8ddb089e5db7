import { isValidEmail } from '@coseso/domain/orders/order-form-rules';
import { z } from 'zod/mini';

export const adminLoginSchema = z.object({
  email: z.string().check(
    z.trim(),
    z.refine((value) => isValidEmail(value), 'Email invalide'),
  ),
  password: z.string().check(z.minLength(1, 'Le mot de passe est requis')),
});
export type AdminLoginValues = z.input<typeof adminLoginSchema>;

// The server checks the recipient with zod's email rule: the same one here.
export const testEmailSchema = z.object({
  email: z.string().check(z.trim(), z.email('Email invalide')),
});
export type TestEmailValues = z.input<typeof testEmailSchema>;
