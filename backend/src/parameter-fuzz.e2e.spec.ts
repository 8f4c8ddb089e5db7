import { randomUUID } from 'node:crypto';
import { type OpenAPIObject } from '@nestjs/swagger';
import { AccountStore } from './accounts/shared/account-store.js';
import { SESSION_COOKIE } from './accounts/shared/session-cookie.js';
import { ClientSessionGuard } from './accounts/shared/client-session.guard.js';
import { AdminGuard } from './auth/admin.guard.js';
import { ADMIN_ENV, signInAdmin } from './admin/testing/back-office.js';
import { type Route, routeTable } from './infra/http/route-table.js';
import { type Input, inputsOf } from './testing/api-inputs.js';
import { type TestApp, startTestApp } from './testing/test-app.js';

// Issue 41, item 6: no 500 from a parameter. Generated from the routes Nest registers and what the
// API document says of their inputs: every path, query and body parameter of every route is sent,
// alone, each malformed value below, with the credentials the route wants. An answer may be a 2xx
// (a free text takes an emoji) or a 4xx with a French message; never a 5xx. A new route or
// parameter is covered without a new test. (bad-input.e2e.spec.ts checks the exact 400 and field
// message of four kinds of bad input.)

const t: TestApp = await startTestApp(ADMIN_ENV);
const routes = routeTable(t.app);
const document: OpenAPIObject = (await t.http.get('/api/docs.json').expect(200)).body;
afterAll(() => t.close());

let admin: { authorization: string };
let cookie: string;
beforeAll(async () => {
  admin = (await signInAdmin(t)).auth;
  cookie = `${SESSION_COOKIE}=${await t.app.get(AccountStore).openSession(randomUUID())}`;
});

/** Malformed values, by name; each sent to every parameter (a path's as text). */
const MALFORMED: Record<string, unknown> = {
  'an impossible date': '2026-13-45',
  'a day zero': '2026-00-00',
  'a negative number': -1,
  'a number out of range': 1e308,
  'a too long integer': '99999999999999999999999',
  'a non-UUID': 'pas-un-uuid',
  'a huge string': 'x'.repeat(5_000),
  'an array for a scalar': ['a', 'b'],
  'a NUL character': 'avant\u0000après',
  'bidi controls': 'facture\u202Egnp.exe\u2066',
  'an emoji': '🦄🔥',
  'an object': { $ne: null },
};

const ENGLISH = /\b(must|should|expected|invalid input|is not|property|cannot|undefined|null)\b/i;

/** A value that breaks no rule, for the parameters a case does not aim at. */
function sample(input: Input): string {
  if (input.schema.example !== undefined) return String(input.schema.example);
  if (input.schema.enum) return String(input.schema.enum[0]);
  if (input.schema.format === 'uuid') return randomUUID();
  return 'x';
}

async function send(route: Route, aimed: Input, value: unknown) {
  const inputs = inputsOf(document, route);
  let path = route.path;
  for (const input of inputs.filter((i) => i.in === 'path')) {
    const sent =
      input === aimed ? (typeof value === 'string' ? value : JSON.stringify(value)) : sample(input);
    path = path.replace(`{${input.name}}`, encodeURIComponent(sent));
  }
  const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete' | 'put';
  const request = t.http[method](path);
  if (aimed.in === 'query') request.query({ [aimed.name]: value as string });
  if (route.guards.includes(ClientSessionGuard)) request.set('cookie', cookie);
  if (route.guards.includes(AdminGuard)) request.set(admin);
  return route.method === 'GET' ? request : request.send(aimed.in === 'body' ? { [aimed.name]: value } : {});
}

const cases = routes.flatMap((route) =>
  inputsOf(document, route).map(
    (input) => [`${route.method} ${route.path}`, input.in, input.name, route, input] as const,
  ),
);

test.each(cases)(
  '%s, %s parameter %s: malformed values get a 2xx or a French 4xx, never a 5xx',
  async (...args) => {
    const [, , , route, input] = args;
    const failures: string[] = [];
    for (const [name, value] of Object.entries(MALFORMED)) {
      const response = await send(route, input, value);
      if (response.status >= 500)
        failures.push(`${name}: ${response.status} ${JSON.stringify(response.body)}`);
      else if (response.status >= 400) {
        const message = (response.body as { message?: unknown }).message;
        if (typeof message !== 'string' || ENGLISH.test(message))
          failures.push(
            `${name}: ${response.status} without a French message: ${JSON.stringify(response.body)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  },
);

test('covers every route that takes a parameter, GET /api/admin/invoices?from=2026-13-45 among them', () => {
  expect(cases.length).toBeGreaterThan(100);
  expect(cases.map(([name, place, input]) => `${name} ${place} ${input}`)).toEqual(
    expect.arrayContaining(['GET /api/admin/invoices query from', 'GET /api/admin/invoices query to']),
  );
});
