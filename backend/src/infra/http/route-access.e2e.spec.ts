import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type StoredEvent } from '@coseso/event-store/event-store';
import { type OpenAPIObject } from '@nestjs/swagger';
import type request from 'supertest';
import { ClientSessionGuard } from '../../accounts/shared/client-session.guard.js';
import { AdminGuard } from '../../auth/admin.guard.js';
import { ADMIN_ENV, signInAdmin } from '../../admin/testing/back-office.js';
import { FILE_STORAGE, type FileStorage } from '../../files/file-storage.js';
import { png } from '../../files/testing/sample-files.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/payment-provider.js';
import { type Input, inputsOf, takesMultipart } from '../../testing/api-inputs.js';
import { type SignedInClient, signedInClientWithOrder } from '../../testing/client-order.js';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { MIN_POSITION_HEADER } from './event-position.js';
import { RateLimit, RateLimitGuard } from './rate-limit.js';
import {
  type RouteAccess,
  accessOf,
  isAnonymousWrite,
  routeAccess,
  unboundedAnonymousWrites,
} from './route-access.js';
import { type Route, routeTable } from './route-table.js';

// Generated from the routes Nest registers and the one declaration of who may call each
// (route-access.ts): every route without credentials, with a credential of another kind, with
// another client's session, and every write from a foreign Origin. A new route is covered without
// a new test, and cannot ship unclassified. (An auditor's token on every write: 403, in
// audit/auditor-read-only.e2e.spec.ts.)

const t: TestApp = await startTestApp(ADMIN_ENV);
const routes = routeTable(t.app);
const document: OpenAPIObject = (await t.http.get('/api/docs.json').expect(200)).body;
afterAll(() => t.close());

const name = (route: Route) => `${route.method} ${route.path}`;
const of = (kind: RouteAccess) => routes.filter((route) => accessOf(route) === kind);
const cases = (list: Route[]) => list.map((route) => [name(route), route] as const);
const isWrite = (route: Route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
const FOREIGN = 'https://evil.example';

/** A value of the input's type that breaks no rule, for the inputs a test does not aim at. */
function sample(input: Input): unknown {
  const { schema } = input;
  if (schema.example !== undefined) return schema.example;
  if (schema.enum) return schema.enum[0];
  if (schema.format === 'uuid') return randomUUID();
  if (schema.type === 'boolean') return true;
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'object') return {};
  return 'x';
}

interface Call {
  /** Values for path parameters and body fields by name; the others get a sample. */
  readonly values?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  readonly query?: Record<string, unknown>;
}

/** The route called as a browser or a script would: its path filled, its required body fields given. */
function call(route: Route, { values = {}, headers = {}, query }: Call = {}): request.Test {
  const inputs = inputsOf(document, route, { multipart: true });
  let path = route.path;
  for (const input of inputs.filter((i) => i.in === 'path'))
    path = path.replace(`{${input.name}}`, encodeURIComponent(String(values[input.name] ?? sample(input))));
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  const pending = t.http[method](path).set(headers);
  if (query) pending.query(query);
  if (!isWrite(route)) return pending;
  const fields = inputs.filter((i) => i.in === 'body' && (i.required || i.name in values));
  if (takesMultipart(document, route)) {
    // A real upload: the form's fields, and an image that passes every content check.
    for (const field of fields)
      if (field.schema.type !== 'array')
        pending.field(field.name, String(values[field.name] ?? sample(field)));
    return pending.attach('images', png, 'logo.png');
  }
  return pending.send(Object.fromEntries(fields.map((f) => [f.name, values[f.name] ?? sample(f)])));
}

/** Every event of the log, read stream by stream (the global log shows a commit only once older ones settle). */
const streamEvents = async (orderIds: string[]): Promise<StoredEvent[]> =>
  (await Promise.all(orderIds.map((id) => t.orderEvents(id)))).flat();

describe('the classification of every route', () => {
  it('names every route the application serves, and only those', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => accessOf(route) === undefined).map(name)).toEqual([]);
    const served = new Set(routes.map(name));
    expect(Object.keys(routeAccess).filter((declared) => !served.has(declared))).toEqual([]);
  });

  it('would notice a route nobody classified', () => {
    const added = { method: 'POST', path: '/api/client/orders/{orderId}/nouvelle-action' };
    expect(accessOf(added)).toBeUndefined();
  });

  it('agrees with the guards: client routes need the session, back-office routes the bearer, no other does', () => {
    const disagreements = routes.flatMap((route) => {
      const kind = accessOf(route);
      const client = route.guards.includes(ClientSessionGuard);
      const admin = route.guards.includes(AdminGuard);
      return client !== (kind === 'client') || admin !== (kind === 'back-office') ? [name(route)] : [];
    });
    expect(disagreements).toEqual([]);
  });

  it('has routes of every kind', () => {
    for (const kind of ['public', 'secret-id', 'client', 'back-office', 'webhook', 'signed-link'] as const)
      expect([kind, of(kind).length > 0]).toEqual([kind, true]);
  });
});

describe('the rate limits of anonymous writes', () => {
  class Unlimited {
    write() {}
  }
  class AddressOnly {
    @RateLimit('login')
    write() {}
  }
  class PerOrder {
    @RateLimit('wizardSave')
    write() {}
  }
  const fake = (controller: Route['controller'], guards: Route['guards'] = [RateLimitGuard]): Route => ({
    method: 'POST',
    path: '/api/orders/{orderId}/progress',
    controller,
    handlerName: 'write',
    guards,
  });

  it('bounds every write open without an account, per address and per order where it names one', () => {
    expect(routes.filter(isAnonymousWrite).length).toBeGreaterThan(15);
    expect(unboundedAnonymousWrites(routes)).toEqual([]);
  });

  it('would notice a write without a limit, a limit without its guard, or an order counted by address only', () => {
    expect(unboundedAnonymousWrites([fake(Unlimited)])).toEqual([
      'POST /api/orders/{orderId}/progress: sans limite',
    ]);
    expect(unboundedAnonymousWrites([fake(PerOrder, [])])).toEqual([
      'POST /api/orders/{orderId}/progress: limite sans RateLimitGuard',
    ]);
    expect(unboundedAnonymousWrites([fake(AddressOnly)])).toEqual([
      'POST /api/orders/{orderId}/progress: pas de limite par commande',
    ]);
    expect(unboundedAnonymousWrites([fake(PerOrder)])).toEqual([]);
    // Reads and the other kinds are not this rule's business.
    expect(unboundedAnonymousWrites([{ ...fake(Unlimited), method: 'GET' }])).toEqual([]);
    expect(
      unboundedAnonymousWrites([{ ...fake(Unlimited), path: '/api/client/orders/{orderId}/review' }]),
    ).toEqual([]);
  });
});

describe('without credentials', () => {
  let seen: string;
  let before: number;
  beforeAll(async () => {
    seen = (await signedInClientWithOrder(t, 'brief_pending')).orderId;
    before = (await t.orderEvents(seen)).length;
  });
  afterAll(async () => expect((await t.orderEvents(seen)).length).toBe(before));

  it.each(cases(of('client')))('%s answers 401, with a French message', async (_, route) => {
    const { status, body } = await call(route, { values: { orderId: seen } });
    expect({ status, body }).toEqual({
      status: 401,
      body: { code: ErrorCode.AUTH_UNAUTHENTICATED, message: 'Non autorisé : vous devez être connecté.' },
    });
  });

  it.each(cases(of('back-office')))('%s answers 401, with a French message', async (_, route) => {
    const { status, body } = await call(route, { values: { orderId: seen } });
    expect({ status, body }).toEqual({
      status: 401,
      body: {
        code: ErrorCode.ADMIN_UNAUTHENTICATED,
        message: 'Accès restreint : connectez-vous au back-office.',
      },
    });
  });

  it.each(cases(of('webhook')))('%s refuses a body without the provider’s signature', async (_, route) => {
    const provider = t.app.get<PaymentProvider>(PAYMENT_PROVIDER).name;
    const forged = JSON.stringify({ type: 'checkout.completed', orderId: seen, amount: 1 });
    const { status, body } = await t.http
      .post(route.path.replace('{provider}', provider))
      .set('content-type', 'application/json')
      .send(forged);
    expect({ status, code: body.code }).toEqual({ status: 400, code: ErrorCode.WEBHOOK_INVALID_SIGNATURE });
  });

  it.each(cases(of('signed-link')))(
    '%s refuses a well-formed link the API did not sign',
    async (_, route) => {
      const query = {
        expires: Math.floor(Date.now() / 1000) + 600,
        name: 'logo.png',
        type: 'image/png',
        signature: 'A'.repeat(43),
      };
      const { status, body } = await call(route, { query });
      expect({ status, body }).toEqual({
        status: 403,
        body: {
          code: ErrorCode.FILE_LINK_INVALID,
          message: 'Ce lien de téléchargement est invalide ou a expiré.',
        },
      });
    },
  );

  it.each(cases(of('secret-id')))('%s gives nothing to whoever does not hold the id', async (_, route) => {
    const guessed = randomUUID();
    const { status } = await call(route, { values: { orderId: guessed } });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    // Nor does it start an order under the id guessed.
    expect(await t.orderEvents(guessed)).toEqual([]);
  });
});

describe('with a credential of another kind', () => {
  let client: SignedInClient;
  let admin: { authorization: string };
  beforeAll(async () => {
    client = await signedInClientWithOrder(t, 'brief_pending');
    admin = (await signInAdmin(t)).auth;
  });

  it.each(cases(of('client')))('%s answers 401 to a back-office token', async (_, route) => {
    const { status } = await call(route, { values: { orderId: client.orderId }, headers: admin });
    expect(status).toBe(401);
  });

  it.each(cases(of('back-office')))('%s answers 401 to a client’s session', async (_, route) => {
    const { status } = await call(route, {
      values: { orderId: client.orderId },
      headers: { cookie: client.cookie },
    });
    expect(status).toBe(401);
  });
});

describe('with another client’s session', () => {
  const VICTIM = { companyName: 'Maison Victime Unique', contactEmail: 'victime.unique@exemple.fr' };
  let victim: SignedInClient;
  let stranger: SignedInClient;
  let storedName: string;
  /** Where the log stood after the victim's upload: the victim's reads wait for their read models to get there. */
  let uploadedAt: string;
  let victimEvents: number;
  beforeAll(async () => {
    victim = await signedInClientWithOrder(t, 'brief_pending', VICTIM);
    stranger = await signedInClientWithOrder(t, 'brief_pending');
    const { body } = await t.http
      .post('/api/client/upload')
      .set('cookie', victim.cookie)
      .field('orderId', victim.orderId)
      .field('category', 'logo')
      .attach('images', png, 'logo-de-la-victime.png')
      .expect(200);
    storedName = body.files[0].filename;
    uploadedAt = String(body.position);
    victimEvents = (await t.orderEvents(victim.orderId)).length;
  });

  /** What of the victim's order must never reach the stranger. */
  const secrets = () => [
    victim.orderId,
    storedName,
    VICTIM.companyName,
    VICTIM.contactEmail,
    'logo-de-la-victime',
  ];

  it('the victim sees its own order, so a leak would be seen', async () => {
    const asVictim = { cookie: victim.cookie, [MIN_POSITION_HEADER]: uploadedAt };
    const { text } = await t.http.get(`/api/client/orders/${victim.orderId}`).set(asVictim).expect(200);
    expect(text).toContain(VICTIM.companyName);
    const files = await t.http.get(`/api/client/files/${victim.orderId}`).set(asVictim).expect(200);
    expect(files.text).toContain(storedName);
  });

  it.each(cases(of('client')))(
    '%s never answers the stranger with the victim’s order, and changes nothing of it',
    async (_, route) => {
      const names = inputsOf(document, route, { multipart: true }).map((input) => input.name);
      const aimsAtVictim = names.includes('orderId') || names.includes('filename');
      const response = await call(route, {
        values: { orderId: victim.orderId, filename: storedName },
        headers: { cookie: stranger.cookie },
      });
      if (aimsAtVictim) {
        expect({ status: response.status, code: response.body.code }).toEqual({
          status: 404,
          code: ErrorCode.ORDER_NOT_FOUND,
        });
      } else expect(response.status).toBeLessThan(500);
      for (const secret of secrets()) expect(response.text).not.toContain(secret);
      expect((await t.orderEvents(victim.orderId)).length).toBe(victimEvents);
      expect(await t.app.get<FileStorage>(FILE_STORAGE).stat(storedName)).not.toBeNull();
    },
  );

  it('every client route that names an order or a file is aimed at the victim above', () => {
    const unaimed = of('client').filter((route) => {
      const names = inputsOf(document, route, { multipart: true }).map((input) => input.name);
      return !names.includes('orderId') && !names.includes('filename');
    });
    // The client's own list: it names no order, and is checked above to show none of the victim's.
    expect(unaimed.map(name)).toEqual(['GET /api/client/orders']);
  });
});

describe('a cookie-carrying write from a foreign Origin', () => {
  let client: SignedInClient;
  let own: string;
  beforeAll(async () => {
    client = await signedInClientWithOrder(t, 'brief_pending');
    own = new URL(t.config.PUBLIC_URL).origin;
  });

  const writes = routes.filter(isWrite);
  const attempt = (route: Route, origin: string, cookie: string) =>
    call(route, { values: { orderId: client.orderId }, headers: { cookie, origin } });

  it('is tried on every write of the API, whatever its kind', () => {
    expect(writes.length).toBeGreaterThan(30);
    expect(new Set(writes.map(accessOf))).toEqual(
      new Set(['public', 'secret-id', 'client', 'back-office', 'webhook']),
    );
  });

  it.each(cases(writes))(
    '%s answers 403 to the client’s session from another site, writing nothing',
    async (_, route) => {
      const before = (await streamEvents([client.orderId])).length;
      const { status, body } = await attempt(route, FOREIGN, client.cookie);
      expect({ status, body }).toEqual({
        status: 403,
        body: { message: 'Origine non autorisée', code: ErrorCode.HTTP_FORBIDDEN_ORIGIN },
      });
      expect((await streamEvents([client.orderId])).length).toBe(before);
    },
  );

  it.each(cases(writes))('%s is not refused for its origin from our own pages', async (_, route) => {
    // A cookie that opens no session: the request reaches the route, which answers by its own rules.
    const { status, body } = await attempt(route, own, 'coseso_session=not-a-session');
    expect([status, body.code]).not.toEqual([403, ErrorCode.HTTP_FORBIDDEN_ORIGIN]);
  });
});
