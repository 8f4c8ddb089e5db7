import { describe, expect, it } from '@jest/globals';
import { forgotPasswordSchema, loginSchema, setPasswordSchema } from './auth-schemas.js';

const messages = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('loginSchema', () => {
  it('accepts a valid email and a 6-character password, trimming the email', () => {
    expect(loginSchema.parse({ email: ' claire@exemple.fr ', password: 'secret' })).toEqual({
      email: 'claire@exemple.fr',
      password: 'secret',
    });
  });

  it('says what is wrong, in French', () => {
    expect(messages(loginSchema.safeParse({ email: 'claire', password: '12345' }))).toEqual({
      email: 'Email invalide',
      password: 'Le mot de passe doit contenir au moins 6 caractères',
    });
  });
});

describe('forgotPasswordSchema', () => {
  it('needs a valid email', () => {
    expect(messages(forgotPasswordSchema.safeParse({ email: '' }))).toEqual({ email: 'Email invalide' });
  });
});

describe('setPasswordSchema', () => {
  it('needs 8 characters', () => {
    expect(messages(setPasswordSchema.safeParse({ password: '1234567', confirmation: '1234567' }))).toEqual({
      password: 'Le mot de passe doit contenir au moins 8 caractères',
    });
  });

  it('needs the confirmation to match', () => {
    expect(messages(setPasswordSchema.safeParse({ password: '12345678', confirmation: '12345679' }))).toEqual(
      {
        confirmation: 'Les mots de passe ne correspondent pas',
      },
    );
  });

  it('refuses a password made only of spaces, with the API’s message', () => {
    expect(messages(setPasswordSchema.safeParse({ password: '        ', confirmation: '        ' }))).toEqual(
      {
        password: 'Le mot de passe ne peut pas être composé uniquement d’espaces',
      },
    );
  });

  it('accepts a matching password', () => {
    expect(
      setPasswordSchema.safeParse({ password: 'un long secret', confirmation: 'un long secret' }).success,
    ).toBe(true);
  });
});
