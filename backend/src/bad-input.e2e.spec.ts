import { randomUUID } from 'node:crypto';
import { type OpenAPIObject } from '@nestjs/swagger';
import { AccountStore } from './accounts/shared/account-store.js';
import { SESSION_COOKIE } from './accounts/shared/session-cookie.js';
import { ClientOrderGuard } from './accounts/shared/client-order.guard.js';
import { ClientSessionGuard } from './accounts/shared/client-session.guard.js';
import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import { runOrderCommands } from './write-side/testing/order-commands.js';
import { AdminGuard } from './auth/admin.guard.js';
import { type Route, routeTable } from './infra/http/route-table.js';
import { NUL_CHARACTER_MESSAGE } from './infra/http/validation.js';
import { type Input, inputsOf as inputsOfRoute } from './testing/api-inputs.js';
import { type TestApp, startTestApp } from './testing/test-app.js';
import { BACKGROUND_WAIT_MS } from './testing/waits.js';

// Generated from the routes Nest registers and what the API document says of their inputs: every
// route is sent a wrong type, a missing required field, an unknown choice and a text holding a NUL
// character, and must answer 400 with a French message for that field, never a 500. A new route is
// covered without a new test.

const ADMIN = { ADMIN_EMAIL: 'admin@coseso.test', ADMIN_PASSWORD: 'un-secret-de-test' };

let adminToken: string;
let sessionCookie: string;
/** The signed-in client's own order: a client's order routes answer 404 for any other. */
let clientOrderId: string;

// The app is needed to list the routes and read their inputs, so both are known before the tests
// are declared.
const t: TestApp = await startTestApp(ADMIN);
const routes = routeTable(t.app);
const document: OpenAPIObject = (await t.http.get('/api/docs.json').expect(200)).body;
afterAll(() => t.close());
beforeAll(async () => {
  adminToken = (
    await t.http
      .post('/api/admin/login')
      .send({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD })
      .expect(200)
  ).body.token;
  const clientId = randomUUID();
  sessionCookie = `${SESSION_COOKIE}=${await t.app.get(AccountStore).openSession(clientId)}`;
  clientOrderId = (await t.http.post('/api/create-order').send({}).expect(201)).body.orderId;
  await runOrderCommands(
    t.app,
    clientOrderId,
    { kind: 'system', id: 'test' },
    { type: 'LinkOrderToClient', clientId },
  );
  await t.app.get(ProjectionWaiter).waitForCatchUp('order-views', BACKGROUND_WAIT_MS);
});

const inputsOf = (route: Route): Input[] => inputsOfRoute(document, route);

const UNKNOWN = 'valeur-inconnue';

/** A value of the input's type that breaks nothing, for the inputs a case does not aim at (path parameters). */
function validSample(input: Input, route: Route): string {
  if (input.name === 'orderId' && route.guards.includes(ClientOrderGuard)) return clientOrderId;
  if (input.schema.example !== undefined) return String(input.schema.example);
  if (input.schema.enum) return String(input.schema.enum[0]);
  if (input.schema.format === 'uuid') return randomUUID();
  return 'x';
}

/** A value of another type than the input's, or null when a value of that place cannot have another type. */
function wrongType(input: Input): unknown {
  const type = input.schema.type;
  if (input.in === 'body')
    return type === 'string' ? 12345 : type === 'object' ? 'pas un objet' : 'pas un nombre ni un booléen';
  if (type === 'integer' || type === 'number') return 'abc';
  // In a path, everything is text: a value that is neither an id, nor a choice, nor a pattern's.
  if (input.in === 'path' && (input.schema.format === 'uuid' || input.schema.enum || input.schema.pattern))
    return '~';
  return null;
}

const kinds = ['a wrong type', 'a missing required field', 'an unknown choice', 'a NUL character'] as const;
type CaseKind = (typeof kinds)[number];
interface Case {
  readonly input: Input;
  readonly value: unknown;
}

/** The input a case aims at, and what it sends; null when the route has no such input. */
function caseOf(route: Route, kind: CaseKind): Case | null {
  const inputs = inputsOf(route);
  const pick = (found: (input: Input) => unknown) => {
    // Body first, then query, then path: the deepest check is the most telling.
    for (const place of ['body', 'query', 'path'] as const)
      for (const input of inputs.filter((i) => i.in === place)) {
        const value = found(input);
        if (value !== null && value !== undefined)
          return { input, value: value === MISSING ? undefined : value };
      }
    return null;
  };
  if (kind === 'a wrong type') return pick(wrongType);
  if (kind === 'an unknown choice') return pick((input) => (input.schema.enum ? UNKNOWN : null));
  // PostgreSQL refuses NUL in text and JSON: a text holding one must be refused before it gets there.
  if (kind === 'a NUL character')
    return pick((input) =>
      input.in !== 'path' && input.schema.type === 'string' && !input.schema.enum ? 'avant\u0000après' : null,
    );
  return pick((input) => (input.required && input.in !== 'path' ? MISSING : null));
}
const MISSING = Symbol('missing');

async function send(route: Route, { input, value }: Case) {
  let path = route.path;
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  for (const other of inputsOf(route).filter((i) => i.in === 'path')) {
    const sent = input.in === 'path' && other.name === input.name ? String(value) : validSample(other, route);
    path = path.replace(`{${other.name}}`, encodeURIComponent(sent));
  }
  if (input.in === 'query' && value !== undefined) query[input.name] = value;
  if (input.in === 'body' && value !== undefined) body[input.name] = value;
  const request = t.http[route.method.toLowerCase() as 'get' | 'post'](path).query(query);
  if (route.guards.includes(ClientSessionGuard)) request.set('cookie', sessionCookie);
  if (route.guards.includes(AdminGuard)) request.set('authorization', `Bearer ${adminToken}`);
  return route.method === 'GET' ? request : request.send(body);
}

const ENGLISH = /\b(must|should|expected|invalid input|is not|property)\b/i;

const cases = routes.flatMap((route) =>
  kinds.flatMap((kind) => {
    const aimed = caseOf(route, kind);
    return aimed ? [[`${route.method} ${route.path}`, kind, route, aimed] as const] : [];
  }),
);

test.each(cases)('%s answers 400 in French for %s, never 500', async (_, kind, route, aimed) => {
  const response = await send(route, aimed);
  expect({ status: response.status, code: response.body.code }).toEqual({
    status: 400,
    code: 'REQUEST.INVALID',
  });
  const message = response.body.fields?.[aimed.input.name];
  expect(typeof message).toBe('string');
  if (kind === 'a NUL character') expect(message).toBe(NUL_CHARACTER_MESSAGE);
  expect(message).not.toMatch(ENGLISH);
  expect(response.body.message).not.toMatch(ENGLISH);
});

test('every route that takes input gets at least one case, and each kind is sent somewhere', () => {
  expect(routes.length).toBeGreaterThan(40);
  const withoutCase = routes.filter((route) => !cases.some(([, , covered]) => covered === route));
  for (const route of withoutCase)
    expect([`${route.method} ${route.path}`, inputsOf(route)]).toEqual([`${route.method} ${route.path}`, []]);
  for (const kind of kinds) expect(cases.filter(([, k]) => k === kind).length).toBeGreaterThan(3);
});
