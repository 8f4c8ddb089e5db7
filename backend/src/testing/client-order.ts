import { randomUUID } from 'node:crypto';
import { type OrderCommandInput } from '@coseso/domain/orders/order-commands';
import request from 'supertest';
import { AccountStore } from '../accounts/shared/account-store.js';
import { SESSION_COOKIE } from '../accounts/shared/session-cookie.js';
import { EmailService } from '../emails/email-service.js';
import { runOrderCommands } from '../write-side/testing/order-commands.js';
import { completedOrder, eventually } from './order-journey.js';
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

const checkoutIdOf = (url: string) => url.split('/').pop()!;

/**
 * The real first steps of an order: completed, its deposit (or setup fee) paid in the sandbox, and its
 * client signed in with the link of the account email (the contract is then issued in the
 * background). The agent keeps the client's session cookie.
 */
export async function paidOrderWithSignedInClient(
  t: TestApp,
  email: string,
  billingPeriod: 'yearly' | 'monthly' = 'yearly',
) {
  const orderId = await completedOrder(t, { contactEmail: email, billingPeriod });
  const firstPayment = billingPeriod === 'monthly' ? 'payment-monthly' : 'payment-annual';
  const { body } = await t.http.post(`/api/orders/${orderId}/${firstPayment}`).expect(200);
  await t.http.post(`/api/sandbox/checkout/${checkoutIdOf(body.paymentUrl)}/pay`).expect(200);
  const accountEmail = await eventually(async () =>
    (await t.app.get(EmailService).mailbox(200)).find(
      (e) => e.to === email && e.template === 'account-created',
    ),
  );
  const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(accountEmail.text)![1]!);
  const agent = request.agent(t.app.getHttpServer());
  await agent.post('/api/auth/set-password').send({ token, password: 'un mot de passe solide' }).expect(200);
  return { orderId, agent };
}

/** Signs the order's contract as its client would: the document issued, read, then signed by its hash. */
export async function signContract(agent: ReturnType<typeof request.agent>, orderId: string) {
  const contract = await eventually(async () => {
    const response = await agent.get(`/api/client/orders/${orderId}/contract`);
    return response.status === 200 ? (response.body as { documentSha256: string; html: string }) : null;
  });
  await agent
    .post(`/api/client/orders/${orderId}/contract/sign`)
    .send({ signerName: 'Claire Martin', accepted: true, documentSha256: contract.documentSha256 })
    .expect(200);
  return contract;
}
