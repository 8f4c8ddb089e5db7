import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { RdapDomainAvailability } from './domain-availability.js';

// A local RDAP server answering as registries do: 200 with a domain object when registered, 404 when not.
let server: Server;
let baseUrl: string;
const requests: string[] = [];
/** The answers of a server that never answers in time: held open until the tests end, ended then. */
const unanswered: { end(): void }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(`${request.url} ${request.headers.accept}`);
    const domain = decodeURIComponent(request.url!.replace(/^\/rdap\/domain\//, ''));
    if (domain === 'pris.fr') {
      response.writeHead(200, { 'content-type': 'application/rdap+json' });
      response.end(JSON.stringify({ objectClassName: 'domain', ldhName: 'pris.fr', status: ['active'] }));
    } else if (domain === 'lent.fr') {
      unanswered.push(response); // the adapter gives up on its own time limit, not ours
    } else if (domain === 'panne.fr') {
      response.writeHead(503).end();
    } else {
      response.writeHead(404, { 'content-type': 'application/rdap+json' });
      response.end(JSON.stringify({ errorCode: 404, title: 'Not Found' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rdap`;
});
afterAll(() => {
  for (const response of unanswered) response.end();
  return new Promise((resolve) => server.close(resolve));
});

describe('the RDAP domain availability adapter', () => {
  it('says a registered domain is taken and an unknown one is free, asking for RDAP JSON', async () => {
    const rdap = new RdapDomainAvailability(baseUrl);
    expect(await rdap.check('pris.fr')).toEqual({ available: false, error: null });
    expect(await rdap.check('libre.fr')).toEqual({ available: true, error: null });
    expect(requests).toContain('/rdap/domain/pris.fr application/rdap+json, application/json');
  });

  it('cannot tell when the server fails, is too slow or is away', async () => {
    expect(await new RdapDomainAvailability(baseUrl).check('panne.fr')).toEqual({
      available: null,
      error: 'RDAP a répondu 503',
    });
    expect(await new RdapDomainAvailability(baseUrl, 200).check('lent.fr')).toEqual({
      available: null,
      error: 'RDAP ne répond pas',
    });
    expect(await new RdapDomainAvailability('http://127.0.0.1:9/rdap').check('libre.fr')).toEqual({
      available: null,
      error: 'RDAP injoignable',
    });
  });
});
