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
  ClientDataErased: {
    schemaVersion: 1,
    emittedBy: 'admin (right to be forgotten, behind a confirmation and a reason)',
    meaning:
      'The client\'s personal data was erased: the keys of the client and of its orders\' contacts were destroyed, so the personal fields of their events read "données effacées" from now on (amounts, statuses and dates stay). The account can no longer sign in. Final.',
    data: z.strictObject({
      clientId: z.uuid(),
      orderIds: z
        .array(z.uuid())
        .max(1000)
        .meta({ description: "The client's orders whose contact key was destroyed too" }),
      reason: z.string().min(1).max(2000),
      plaintextEvents: z.int().min(0).meta({
        description:
          'Events of these streams written before encryption existed: the log keeps their personal fields as written (it is never rewritten), though every reader shows them erased',
      }),
    }),
  },
  ClientEmailChanged: {
    schemaVersion: 1,
    emittedBy: 'admin (correcting the contact email of one of the client’s orders)',
    meaning:
      'The account signs in with this address from now on; its password, if any, is unchanged. The order whose correction moved it carries the reason (ContactEmailCorrected).',
    data: z.strictObject({
      email: z.string().max(254).meta({ description: 'Lower-cased; unique across accounts' }),
      orderId: z.uuid().meta({ description: 'The order whose contact email was corrected' }),
    }),
  },
} as const;

type Definitions = typeof clientEventDefinitions;
export type ClientEventType = keyof Definitions;
export type ClientEventData<T extends ClientEventType> = z.infer<Definitions[T]['data']>;
export type ClientEvent = {
  [T in ClientEventType]: { readonly type: T; readonly data: ClientEventData<T> };
}[ClientEventType];
