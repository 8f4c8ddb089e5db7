import { randomUUID } from 'node:crypto';
import { type OrderCommandInput } from '@coseso/domain/orders/order-commands';
import { AccountStore } from '../accounts/shared/account-store.js';
import { SESSION_COOKIE } from '../accounts/shared/session-cookie.js';
import { runOrderCommands } from '../write-side/testing/order-commands.js';
import { completedOrder } from './order-journey.js';
import { type TestApp } from './test-app.js';

export const TEST_ADMIN = { kind: 'admin', id: 'admin-test' } as const;

/** The admin's steps (through the write side until the back-office routes exist) to each stage. */
const stages = {
  contract_signed: [{ type: 'CorrectStatus', to: 'contract_signed', reason: 'Contrat signé sur papier' }],
  brief_pending: [{ type: 'OpenBrief' }],
  en_revision: [
    { type: 'SubmitBrief', nothingToSend: true },
    { type: 'ValidateBrief', notes: 'Complet' },
    { type: 'StartProduction' },
    { type: 'SendReviewLink', reviewUrl: 'preview.coseso.fr/martin' },
  ],
} satisfies Record<string, OrderCommandInput[]>;
export type ClientOrderStage = keyof typeof stages;
const order: ClientOrderStage[] = ['contract_signed', 'brief_pending', 'en_revision'];

export interface SignedInClient {
  readonly clientId: string;
  readonly orderId: string;
  /** The `cookie` header of the client's session. */
  readonly cookie: string;
}

/**
 * A client with a session and an order of its own brought to `stage` (a completed order linked to
 * the client, then the admin's steps). Quicker than the payment journey, for the routes after it.
 * `form` overrides fields of the wizard's answers.
 */
export async function signedInClientWithOrder(
  t: TestApp,
  stage: ClientOrderStage,
  form: Record<string, unknown> = {},
): Promise<SignedInClient> {
  const orderId = await completedOrder(t, form);
  const clientId = randomUUID();
  await runOrderCommands(
    t.app,
    orderId,
    { kind: 'system', id: 'test' },
    { type: 'LinkOrderToClient', clientId },
  );
  for (const step of order.slice(0, order.indexOf(stage) + 1))
    await runOrderCommands(t.app, orderId, TEST_ADMIN, ...(stages[step] as OrderCommandInput[]));
  const cookie = `${SESSION_COOKIE}=${await t.app.get(AccountStore).openSession(clientId)}`;
  return { clientId, orderId, cookie };
}
