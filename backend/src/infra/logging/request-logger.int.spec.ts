import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { requestLogger } from './pino-logger.js';

/** The request log line: one per answer, written when the answer is done, never for health probes. */
describe('the request log', () => {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const app = express()
    .use(requestLogger(logger))
    .get('/api/health', (_req, res) => res.send('ok'))
    .get('/api/orders/:id', (req, res) => res.status(req.params.id === 'missing' ? 404 : 200).send('{}'))
    .get('/api/boom', (_req, res) => res.status(500).send('no'));
  const logged = async (count: number) => {
    for (let i = 0; i < 100 && lines.length < count; i++) await new Promise((r) => setImmediate(r));
    return lines.splice(0);
  };

  it('writes one line per answer with the request, the status and the time, at a level by status', async () => {
    await request(app).get('/api/orders/1?x=2').expect(200);
    const [ok] = await logged(1);
    expect(ok).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/api/orders/1?x=2' },
      res: { statusCode: 200 },
      msg: expect.stringMatching(/^GET \/api\/orders\/1\?x=2 200 \d+ ms$/),
    });
    expect(typeof ok!['responseTime']).toBe('number');
    await request(app).get('/api/orders/missing').expect(404);
    await request(app).get('/api/boom').expect(500);
    const [missing, boom] = await logged(2);
    expect(missing).toMatchObject({ level: 40, res: { statusCode: 404 } });
    expect(boom).toMatchObject({ level: 50, res: { statusCode: 500 } });
    expect((boom!['req'] as { id: number }).id).toBeGreaterThan((ok!['req'] as { id: number }).id);
  });

  it('says nothing of health probes, and never logs a header', async () => {
    await request(app).get('/api/health').expect(200);
    await request(app).get('/api/orders/2').set('cookie', 'session=secret').expect(200);
    const written = await logged(1);
    expect(written).toHaveLength(1);
    expect(JSON.stringify(written)).not.toContain('secret');
  });
});
