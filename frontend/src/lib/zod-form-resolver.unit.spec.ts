import { describe, expect, it } from '@jest/globals';
import { z } from 'zod/mini';
import { zodFormResolver } from './zod-form-resolver.js';

const schema = z
  .object({
    email: z.string().check(z.trim(), z.email('Email invalide')),
    password: z.string().check(z.minLength(8, 'Trop court'), z.regex(/\d/, 'Un chiffre au moins')),
    confirmation: z.string(),
  })
  .check(
    z.refine((values) => values.password === values.confirmation, {
      message: 'Différents',
      path: ['confirmation'],
    }),
  );

const options = { fields: {}, shouldUseNativeValidation: false };

describe('zodFormResolver', () => {
  const resolve = zodFormResolver(schema);

  it('gives the parsed values when the form is valid', async () => {
    expect(
      await resolve(
        { email: ' a@b.fr ', password: 'secret12', confirmation: 'secret12' },
        undefined,
        options,
      ),
    ).toEqual({
      values: { email: 'a@b.fr', password: 'secret12', confirmation: 'secret12' },
      errors: {},
    });
  });

  it("gives each field's first message", async () => {
    expect(await resolve({ email: 'a', password: 'abc', confirmation: 'abc' }, undefined, options)).toEqual({
      values: {},
      errors: {
        email: { type: 'invalid_format', message: 'Email invalide' },
        password: { type: 'too_small', message: 'Trop court' },
      },
    });
  });

  it('puts a whole-form rule on the field its path names', async () => {
    const result = await resolve(
      { email: 'a@b.fr', password: 'secret12', confirmation: 'secret13' },
      undefined,
      options,
    );
    expect(result.errors).toEqual({ confirmation: { type: 'custom', message: 'Différents' } });
  });
});
