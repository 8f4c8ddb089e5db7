import { isValidEmail } from '@coseso/domain/orders/order-form-rules';
import { z } from 'zod/mini';

// The server's rules and messages for /api/auth (spec §5), so a form refused here would be there too.
const email = z.string().check(
  z.trim(),
  z.refine((value) => isValidEmail(value), 'Email invalide'),
);

export const loginSchema = z.object({
  email,
  password: z.string().check(z.minLength(6, 'Le mot de passe doit contenir au moins 6 caractères')),
});
export type LoginValues = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;

export const NEW_PASSWORD_MIN_LENGTH = 8;

export const setPasswordSchema = z
  .object({
    password: z
      .string()
      .check(
        z.minLength(
          NEW_PASSWORD_MIN_LENGTH,
          `Le mot de passe doit contenir au moins ${NEW_PASSWORD_MIN_LENGTH} caractères`,
        ),
      ),
    confirmation: z.string(),
  })
  .check(
    z.refine((values) => values.password === values.confirmation, {
      message: 'Les mots de passe ne correspondent pas',
      path: ['confirmation'],
    }),
  );
export type SetPasswordValues = z.input<typeof setPasswordSchema>;
