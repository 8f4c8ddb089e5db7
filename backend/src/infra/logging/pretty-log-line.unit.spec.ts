import { loadConfig } from '../../config/app-config.js';
import { logFormatOf } from './pino-logger.js';
import { prettyLogLine } from './pretty-log-line.js';

const at = new Date(2026, 10, 24, 14, 3, 7).getTime();
const line = (entry: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: at, pid: 4242, hostname: 'vm', ...entry });

describe('a pretty log line', () => {
  it('is the time, the level, the context, the message and the other fields', () => {
    expect(
      prettyLogLine(
        line({ context: 'Projections', projector: 'order-views', events: 0, msg: 'read model rebuilt' }),
        { colours: false },
      ),
    ).toBe('14:03:07 INFO  [Projections] read model rebuilt projector=order-views events=0');
  });

  it('says a request in one line, without its request and response objects', () => {
    expect(
      prettyLogLine(
        line({
          level: 40,
          req: { id: 7, method: 'GET', url: '/api/orders/abc' },
          res: { statusCode: 404 },
          responseTime: 3.2,
          msg: 'GET /api/orders/abc 404 3 ms',
        }),
        { colours: false },
      ),
    ).toBe('14:03:07 WARN  GET /api/orders/abc 404 3 ms');
  });

  it('quotes values with spaces, and puts an error stack on the lines after', () => {
    const pretty = prettyLogLine(
      line({ level: 50, reason: 'deux mots', err: { message: 'boom', stack: 'Error: boom\n    at here' } }),
      { colours: false },
    );
    expect(pretty.split('\n')).toEqual([
      '14:03:07 ERROR boom reason="deux mots"',
      '    Error: boom',
      '        at here',
    ]);
  });

  it('passes on a line that is not JSON as it came', () => {
    expect(prettyLogLine('pas du JSON\n', { colours: false })).toBe('pas du JSON');
  });

  it('colours the level only when asked', () => {
    expect(prettyLogLine(line({ msg: 'ok' }), { colours: true })).toContain('\u001b[32mINFO \u001b[39m');
  });
});

describe('the log format', () => {
  const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'development', ...env });

  it('is pretty on a developer terminal, JSON in production or through a pipe', () => {
    expect(logFormatOf(config({}), true)).toBe('pretty');
    expect(logFormatOf(config({}), false)).toBe('json');
    expect(
      logFormatOf(
        config({
          NODE_ENV: 'production',
          SESSION_SECRET: 'x'.repeat(40),
          PERSONAL_DATA_KEY: 'k'.repeat(40),
          PAYMENT_PROVIDER: 'sandbox',
        }),
        true,
      ),
    ).toBe('json');
  });

  it('is what LOG_FORMAT says when it is set', () => {
    expect(logFormatOf(config({ LOG_FORMAT: 'json' }), true)).toBe('json');
    expect(logFormatOf(config({ LOG_FORMAT: 'pretty' }), false)).toBe('pretty');
  });
});
