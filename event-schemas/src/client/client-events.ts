import { z } from 'zod';

// The client account's stream (`client-<clientId>`). Secrets never appear here: no password, no
// password hash, no token; only the fact that they were set.

export const clientEventDefinitions = {
  ClientAccountCreated: {
    schemaVersion: 1,
    emittedBy: 'system (after the first payment of an order)',
    meaning: 'A client account exists for this email; a one-time link to set the password was sent.',
    data: z.strictObject({
      clientId: z.uuid(),
      email: z.string().max(254).meta({ description: 'Lower-cased; unique across accounts' }),
      firstName: z.string().max(100),
      lastName: z.string().max(100),
      firstOrderId: z.uuid().meta({ description: 'The order whose payment created the account' }),
    }),
  },
  ClientPasswordSet: {
    schemaVersion: 1,
    emittedBy: 'client (set-password or reset link)',
    meaning:
      'The client chose a password, through the one-time link of the account email or of a reset. The password itself is stored hashed, outside the log.',
    data: z.strictObject({ purpose: z.enum(['initial', 'reset']) }),
  },
} as const;

type Definitions = typeof clientEventDefinitions;
export type ClientEventType = keyof Definitions;
export type ClientEventData<T extends ClientEventType> = z.infer<Definitions[T]['data']>;
export type ClientEvent = {
  [T in ClientEventType]: { readonly type: T; readonly data: ClientEventData<T> };
}[ClientEventType];
