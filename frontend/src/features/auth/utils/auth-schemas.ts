import { clientFormRules, isBlankPassword } from '@coseso/domain/clients/client-form-rules';
import { isValidEmail } from '@coseso/domain/orders/order-form-rules';
import { z } from 'zod/mini';

// The server's rules and messages for /api/auth (spec §5), read from the same table, so a form
// refused here would be there too.
const { loginPassword, newPassword } = clientFormRules;
const email = z.string().check(
  z.trim(),
  z.refine((value) => isValidEmail(value), clientFormRules.email.message),
);

export const loginSchema = z.object({
  email,
  password: z.string().check(z.minLength(loginPassword.minLength, loginPassword.message)),
});
export type LoginValues = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;

/** A new password and its confirmation, at least `minLength` long (a client's 8, a team member's 10). */
export function newPasswordSchema({
  minLength,
  message,
}: { minLength: number; message: string } = newPassword) {
  return z
    .object({
      password: z.string().check(
        z.minLength(minLength, message),
        z.refine((value) => !isBlankPassword(value), newPassword.blankMessage),
      ),
      confirmation: z.string(),
    })
    .check(
      z.refine((values) => values.password === values.confirmation, {
        message: 'Les mots de passe ne correspondent pas',
        path: ['confirmation'],
      }),
    );
}

export const setPasswordSchema = newPasswordSchema();
export type SetPasswordValues = z.input<typeof setPasswordSchema>;

/** A back-office account's new password: the server's rule for team members. */
export const adminSetPasswordSchema = newPasswordSchema(clientFormRules.adminNewPassword);
