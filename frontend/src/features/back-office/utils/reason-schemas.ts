import { emailAddressMessage, isValidEmail } from '@coseso/domain/shared/email-address';
import { z } from 'zod/mini';

export const CORRECTION_REASON_MAX_LENGTH = 1000;
export const ERASURE_REASON_MAX_LENGTH = 2000;

/** « Corriger l'email »: an address the mailer sends to (the one address rule, with its French message), and why. */
export const contactEmailCorrectionSchema = z.object({
  email: z.string().check(
    z.trim(),
    z.superRefine((value, context) => {
      if (value === '')
        context.issues.push({ code: 'custom', message: 'Le nouvel email est requis', input: value });
      else if (!isValidEmail(value))
        context.issues.push({ code: 'custom', message: emailAddressMessage(value), input: value });
    }),
  ),
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Le motif de la correction est requis'),
      z.maxLength(CORRECTION_REASON_MAX_LENGTH),
    ),
  /** The emails already sent to send again to the new address, by the event each told. */
  resend: z.array(z.string()),
});

export type ContactEmailCorrection = z.output<typeof contactEmailCorrectionSchema>;

/** An erasure is final: its reason, and the box ticked to confirm it. */
export const erasureSchema = z.object({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'La raison de l’effacement est requise'),
      z.maxLength(ERASURE_REASON_MAX_LENGTH),
    ),
  confirmed: z.boolean().check(z.refine((confirmed) => confirmed, 'Confirmez l’effacement définitif')),
});
export type ErasureAnswers = z.output<typeof erasureSchema>;
