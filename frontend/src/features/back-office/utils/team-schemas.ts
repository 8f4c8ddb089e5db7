import { emailAddressMessage, isValidEmail } from '@coseso/domain/shared/email-address';
import { z } from 'zod/mini';

export const TEAM_NAME_MAX_LENGTH = 100;
export const TEAM_REASON_MAX_LENGTH = 2000;

const reason = z
  .string()
  .check(z.trim(), z.minLength(1, 'Indiquez la raison du changement'), z.maxLength(TEAM_REASON_MAX_LENGTH));
const role = z.enum(['admin', 'auditor'], 'Choisissez un rôle : administrateur ou auditeur');

/** « Ajouter un membre »: a name, an address the mailer sends to, a role, and why. */
export const addMemberSchema = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Indiquez le nom du membre'), z.maxLength(TEAM_NAME_MAX_LENGTH)),
  email: z.string().check(
    z.trim(),
    z.superRefine((value, context) => {
      if (value === '')
        context.issues.push({ code: 'custom', message: "Indiquez l'adresse email du membre", input: value });
      else if (!isValidEmail(value))
        context.issues.push({ code: 'custom', message: emailAddressMessage(value), input: value });
    }),
  ),
  role,
  reason,
});
export type AddMemberAnswers = z.output<typeof addMemberSchema>;

export const changeRoleSchema = z.object({ role, reason });
export type ChangeRoleAnswers = z.output<typeof changeRoleSchema>;

export const deactivateSchema = z.object({ reason });
export type DeactivateAnswers = z.output<typeof deactivateSchema>;
