import { clientFormRules } from '@coseso/domain/clients/client-form-rules';
import { z } from 'zod/mini';

// The server's rules and messages for a signature, read from the same table.
const { signerName, contractAccepted } = clientFormRules;
export const signContractSchema = z.object({
  signerName: z
    .string()
    .check(
      z.trim(),
      z.minLength(signerName.minLength, signerName.message),
      z.maxLength(signerName.maxLength, `${signerName.message} (${signerName.maxLength} caractères au plus)`),
    ),
  accepted: z.boolean().check(z.refine((accepted) => accepted, contractAccepted.message)),
});
export type SignContractValues = z.input<typeof signContractSchema>;
