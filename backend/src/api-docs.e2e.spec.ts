import { type OpenAPIObject, type ParameterObject, type ResponseObject } from '@nestjs/swagger';
import { operationOf, undocumentedRoutes } from './api-docs.js';
import { ClientSessionGuard } from './accounts/shared/client-session.guard.js';
import { AdminGuard } from './auth/admin.guard.js';
import { type Route, routeTable } from './infra/http/route-table.js';
import { completeForm } from './testing/order-journey.js';
import { type TestApp, startTestApp } from './testing/test-app.js';

let t: TestApp;
let document: OpenAPIObject;
let routes: Route[];
beforeAll(async () => {
  t = await startTestApp();
  document = (await t.http.get('/api/docs.json').expect(200).expect('content-type', /json/)).body;
  routes = routeTable(t.app);
});
afterAll(() => t.close());

const name = (route: Route) => `${route.method} ${route.path}`;

describe('GET /api/docs.json', () => {
  it('is an OpenAPI document', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Coseso API');
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual([
      'back-office',
      'client-session',
    ]);
  });

  it('describes every route Nest registers, and nothing else', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(undocumentedRoutes(document, routes)).toEqual([]);
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(routes.map(name).sort());
  });

  it('would notice a route missing from the document', () => {
    const [first] = routes;
    const { [first!.path]: _dropped, ...paths } = document.paths;
    expect(undocumentedRoutes({ ...document, paths }, routes)).toContain(name(first!));
  });

  it('gives every route its path parameters, a success answer with a body schema, and its refusals', () => {
    const problems: string[] = [];
    for (const route of routes) {
      const operation = operationOf(document, route)!;
      const declared = ((operation.parameters ?? []) as ParameterObject[])
        .filter((p) => p.in === 'path')
        .map((p) => p.name);
      const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      if (declared.sort().join() !== inPath.sort().join()) problems.push(`${name(route)}: path parameters`);
      const success = Object.entries(operation.responses).find(([status]) => /^2/.test(status));
      // JSON mostly; a download (a brief file, the event log's exports, a server-sent event stream) says its own media type.
      const content = (success?.[1] as ResponseObject | undefined)?.content ?? {};
      if (!(content['application/json'] ?? Object.values(content)[0])?.schema)
        problems.push(`${name(route)}: no success schema`);
      if (!operation.responses['500']) problems.push(`${name(route)}: no 500`);
      const takesInput = (operation.parameters?.length ?? 0) > 0 || operation.requestBody;
      if (takesInput && !operation.responses['400']) problems.push(`${name(route)}: no 400`);
    }
    expect(problems).toEqual([]);
  });

  it('says which routes need the client session cookie or a back-office bearer token', () => {
    for (const route of routes) {
      const security = operationOf(document, route)!.security;
      if (route.guards.includes(ClientSessionGuard))
        expect([name(route), security]).toEqual([name(route), [{ 'client-session': [] }]]);
      else if (route.guards.includes(AdminGuard))
        expect([name(route), security]).toEqual([name(route), [{ 'back-office': [] }]]);
    }
    const login = operationOf(
      document,
      routes.find((r) => r.path === '/api/auth/login')!,
    )!;
    expect(login.security).toBeUndefined();
  });

  it('documents what the amounts mean: HT without suffix, TTC with WithVat', () => {
    const schemas = document.components!.schemas as Record<string, { description?: string }>;
    expect(schemas['Price']!.description).toMatch(
      /totalAmount.*exclude VAT \(HT\).*WithVat include it \(TTC\)/s,
    );
    expect(document.info.description).toMatch(/without a suffix excludes VAT \(HT\).*`WithVat` \(TTC\)/s);
  });

  it('describes every field of the order the API answers (a new field must be documented)', async () => {
    const schemas = document.components!.schemas as Record<string, { properties?: object; allOf?: object[] }>;
    const documented = new Set([
      ...Object.keys(schemas['OrderForm']!.properties!),
      ...schemas['Order']!.allOf!.flatMap((part) =>
        Object.keys((part as { properties?: object }).properties ?? {}),
      ),
    ]);
    const { body: created } = await t.http.post('/api/create-order').send({}).expect(201);
    const completed = await t.http
      .post(`/api/orders/${created.orderId}/complete`)
      .send(completeForm())
      .expect(200);
    const undocumented = Object.keys(completed.body.order).filter((key) => !documented.has(key));
    expect(undocumented).toEqual([]);
    const priceFields = Object.keys(completed.body.order.price);
    expect(priceFields.filter((key) => !(key in (schemas['Price']!.properties as object)))).toEqual([]);
  });

  it('documents the wizard rules on the request bodies (lengths, choices, required fields)', () => {
    const completed = document.components!.schemas!['CompleteOrderRequestDto'] as {
      required: string[];
      properties: Record<string, { type?: string; maxLength?: number; enum?: string[] }>;
    };
    expect(completed.required).toEqual(
      expect.arrayContaining([
        'companyName',
        'companySector',
        'contactFirstName',
        'contactLastName',
        'contactEmail',
      ]),
    );
    expect(completed.properties['companyName']).toMatchObject({ type: 'string', maxLength: 200 });
    expect(completed.properties['selectedTemplate']!.enum).toEqual([
      'onepage',
      'portfolio',
      'business',
      'ecommerce',
    ]);
  });
});

describe('GET /api/docs', () => {
  it('serves Swagger UI from our own origin only, under a content security policy', async () => {
    const page = await t.http.get('/api/docs').redirects(1).expect(200).expect('content-type', /html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const urls = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).not.toMatch(/^(https?:)?\/\//);
    for (const url of urls.filter((u) => u.endsWith('.js') || u.endsWith('.css'))) {
      await t.http.get(new URL(url, 'http://app/api/docs/').pathname).expect(200);
    }
  });
});
