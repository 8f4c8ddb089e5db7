import 'reflect-metadata';
import { emailAddressMessages, isValidEmail } from '@coseso/domain/shared/email-address';
import { fieldProblems } from '@coseso/domain/orders/order-field-rules.zod';
import { ForgotPasswordRequestDto } from '../accounts/auth/auth.request.dto.js';
import { ApiError } from '../infra/http/api-errors.js';
import { RequestValidationPipe } from '../infra/http/validation.js';
import { CreateOrderRequestDto } from '../orders/create-order/create-order.request.dto.js';
import { EmailService } from './email-service.js';
import { type EmailQueue } from './email-queue.js';
import { InvalidEmailDataError } from './email-templates.js';
import { type MailTransport } from './mail-transport.js';

// One address rule (the mailer's), asked by the wizard's zod schema, the API's DTOs and the
// mailer: the same table through all three, so none can accept what another refuses.

const { invalid, notAscii } = emailAddressMessages;
const table: [address: string, refusal: string | null][] = [
  ['claire@boulangerie-martin.fr', null],
  ['a.b@c.fr', null],
  ['prenom.nom+devis@sous.domaine.example.com', null],
  ["o'brien@exemple.ie", null],
  ['CONTACT@EXEMPLE.FR', null],
  ['contact@xn--crperie-bretonne-gsb.fr', null], // an IDN domain in its ASCII (punycode) form
  ['contact@exemple.xn--p1ai', null],
  ['contact.x@crêperie-bretonne.fr', notAscii], // accent in the domain (IDN)
  ['crêpe@bretagne.fr', notAscii], // accent in the local part
  ['josé.garcía@exemple.es', notAscii],
  ['info@例え.jp', notAscii],
  ['a..b@x.fr', invalid],
  ['.a@x.fr', invalid],
  ['a.@x.fr', invalid],
  ['a@x.fr.', invalid],
  ['a@.x.fr', invalid],
  ['a@x..fr', invalid],
  ['a@-x.fr', invalid],
  ['a@x-.fr', invalid],
  ['a@x.f', invalid],
  ['a@x.123', invalid],
  ['a@localhost', invalid],
  ['claire@martin', invalid],
  ['claire martin@x.fr', invalid],
  ['a@b@x.fr', invalid],
  ['@x.fr', invalid],
  ['claire@', invalid],
  [`${'a'.repeat(65)}@x.fr`, invalid],
  [`a@${'b'.repeat(64)}.fr`, invalid],
  [
    `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.fr`,
    'Ce champ ne doit pas dépasser 254 caractères',
  ], // over 254, refused by its length first
];

const pipe = new RequestValidationPipe();
async function dtoRefusal(metatype: new () => object, body: object, field: string) {
  try {
    await pipe.transform(structuredClone(body), { type: 'body', metatype });
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error.fields?.[field] ?? null;
    throw error;
  }
}

const enqueued: unknown[] = [];
const queue = { add: async (job: unknown) => void enqueued.push(job) } as unknown as EmailQueue;
const transport: MailTransport = {
  mode: 'dev-mailbox',
  send: async () => ({ messageId: 'unused' }),
  close: async () => {},
};
const mailer = new EmailService(queue, transport, {});
async function mailerRefuses(to: string): Promise<boolean> {
  try {
    await mailer.send('test-email', to, { sentAt: '2026-11-27T10:00:00Z' }, `rule:${to}`);
    return false;
  } catch (error) {
    if (error instanceof InvalidEmailDataError) return true;
    throw error;
  }
}

describe.each(table)('the address %j', (address, refusal) => {
  test('the domain rule', () => {
    expect(isValidEmail(address)).toBe(refusal === null);
  });

  test("the wizard's zod schema (step 2)", () => {
    expect(fieldProblems({ contactEmail: address }, 'completion')['contactEmail'] ?? null).toBe(refusal);
  });

  test("the API's DTOs: the sign-in forms' field and the landing page's", async () => {
    expect(await dtoRefusal(ForgotPasswordRequestDto, { email: address }, 'email')).toBe(refusal);
    expect(await dtoRefusal(CreateOrderRequestDto, { contactEmail: address }, 'contactEmail')).toBe(refusal);
  });

  test("the mailer's check", async () => {
    expect(await mailerRefuses(address)).toBe(refusal !== null);
  });
});

test('the spaces around an address are not part of it: accepted, and sent without them', async () => {
  enqueued.length = 0;
  expect(fieldProblems({ contactEmail: ' claire@martin.fr ' }, 'completion')['contactEmail']).toBeUndefined();
  expect(await mailerRefuses(' claire@martin.fr ')).toBe(false);
  expect(enqueued).toEqual([expect.objectContaining({ to: 'claire@martin.fr' })]);
});

test('the landing page may leave the address empty, not half typed', async () => {
  expect(await dtoRefusal(CreateOrderRequestDto, { contactEmail: '' }, 'contactEmail')).toBeNull();
  expect(await dtoRefusal(CreateOrderRequestDto, {}, 'contactEmail')).toBeNull();
  expect(await dtoRefusal(CreateOrderRequestDto, { contactEmail: 'claire@' }, 'contactEmail')).toBe(invalid);
});
