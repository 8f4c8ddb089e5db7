import { z } from 'zod/mini';

// The server's rules and messages for a signature.
export const signContractSchema = z.object({
  signerName: z
    .string()
    .check(
      z.trim(),
      z.minLength(2, 'Indiquez vos nom et prénom'),
      z.maxLength(200, 'Indiquez vos nom et prénom (200 caractères au plus)'),
    ),
  accepted: z
    .boolean()
    .check(z.refine((accepted) => accepted, 'Vous devez accepter le contrat pour le signer')),
});
export type SignContractValues = z.input<typeof signContractSchema>;
