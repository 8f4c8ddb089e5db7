import { jest } from '@jest/globals';

/** The tab's sessionStorage, as a reload finds it. */
const storage = new Map<string, string>();
const sent: Headers[] = [];
let answerHeaders: Record<string, string> = {};

beforeAll(() => {
  Object.assign(globalThis, {
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
    fetch: async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return new Response('{}', { status: 200, headers: answerHeaders });
    },
  });
});
afterAll(() => {
  Reflect.deleteProperty(globalThis, 'sessionStorage');
});
beforeEach(() => {
  storage.clear();
  sent.length = 0;
  answerHeaders = {};
});

/** The API client as a freshly loaded page has it (a reload): nothing but the tab's storage kept. */
const freshPage = () =>
  jest.isolateModulesAsync(async () => {
    const { api } = await import('./api');
    loaded = api;
  });
let loaded: typeof import('./api').api;

describe('read-your-writes across a reload', () => {
  it('reads, after a reload, at the position of the last save made before it', async () => {
    await freshPage();
    answerHeaders = { 'X-Event-Position': '42' };
    await loaded.post('/api/orders/x/save-progress', {});
    answerHeaders = {};
    await freshPage();
    await loaded.get('/api/orders/x');
    expect(sent.at(-1)!.get('X-Min-Position')).toBe('42');
  });

  it('keeps the highest position, and sends none on a write', async () => {
    await freshPage();
    answerHeaders = { 'X-Event-Position': '42' };
    await loaded.post('/a', {});
    answerHeaders = { 'X-Event-Position': '7' };
    await loaded.post('/b', {});
    expect(sent.at(-1)!.get('X-Min-Position')).toBeNull();
    answerHeaders = {};
    await loaded.get('/c');
    expect(sent.at(-1)!.get('X-Min-Position')).toBe('42');
  });

  it('forgets a position the read models did not reach in time, so reads stop waiting for it', async () => {
    storage.set('coseso:min-position', '999999');
    await freshPage();
    answerHeaders = { 'X-Projection-Behind': 'true' };
    await loaded.get('/api/orders/x');
    expect(sent.at(-1)!.get('X-Min-Position')).toBe('999999');
    answerHeaders = {};
    await loaded.get('/api/orders/x');
    expect(sent.at(-1)!.get('X-Min-Position')).toBeNull();
    await freshPage();
    await loaded.get('/api/orders/x');
    expect(sent.at(-1)!.get('X-Min-Position')).toBeNull();
  });

  it('ignores a stored value that is not a position', async () => {
    storage.set('coseso:min-position', 'soon');
    await freshPage();
    await loaded.get('/api/orders/x');
    expect(sent.at(-1)!.get('X-Min-Position')).toBeNull();
  });
});
