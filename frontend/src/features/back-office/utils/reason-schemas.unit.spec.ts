import { describe, expect, it } from '@jest/globals';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactEmailCorrectionSchema, erasureSchema } from './reason-schemas.js';

// Through the resolver the dialogs use: what reaches each field is what the person reads under it.
const options = { fields: {}, shouldUseNativeValidation: false };
const messages = async (result: { errors: object } | Promise<{ errors: object }>) =>
  Object.fromEntries(
    Object.entries((await result).errors).map(([field, error]) => [
      field,
      (error as { message: string }).message,
    ]),
  );

describe('contactEmailCorrectionSchema', () => {
  const resolve = zodResolver(contactEmailCorrectionSchema);

  it('gives the address and the reason trimmed', async () => {
    expect(
      await resolve(
        { email: ' claire@exemple.fr ', reason: ' Faute de frappe ', resend: ['e1'] },
        undefined,
        options,
      ),
    ).toEqual({
      values: { email: 'claire@exemple.fr', reason: 'Faute de frappe', resend: ['e1'] },
      errors: {},
    });
  });

  it('says, in French, why an address is refused, as the API would', async () => {
    expect(
      await messages(
        resolve({ email: 'hélène@exemple.fr', reason: 'Faute', resend: [] }, undefined, options),
      ),
    ).toEqual({
      email: expect.stringMatching(/^Email invalide : les adresses avec des accents/),
    });
    expect(await messages(resolve({ email: 'claire', reason: ' ', resend: [] }, undefined, options))).toEqual(
      {
        email: 'Email invalide',
        reason: 'Le motif de la correction est requis',
      },
    );
  });

  it('says an empty form’s two missing answers, each under its field', async () => {
    expect(await messages(resolve({ email: ' ', reason: '', resend: [] }, undefined, options))).toEqual({
      email: 'Le nouvel email est requis',
      reason: 'Le motif de la correction est requis',
    });
  });
});

describe('erasureSchema', () => {
  const resolve = zodResolver(erasureSchema);

  it('needs a reason and the confirmation', async () => {
    expect(await messages(resolve({ reason: '', confirmed: false }, undefined, options))).toEqual({
      reason: 'La raison de l’effacement est requise',
      confirmed: 'Confirmez l’effacement définitif',
    });
  });

  it('gives the reason trimmed once both are given', async () => {
    expect(await resolve({ reason: ' Demande écrite ', confirmed: true }, undefined, options)).toEqual({
      values: { reason: 'Demande écrite', confirmed: true },
      errors: {},
    });
  });
});
