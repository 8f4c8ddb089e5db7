import { ConfigError, loadConfig } from './app-config.js';

describe('configuration', () => {
  it('runs on a fresh machine with no configuration at all', () => {
    expect(loadConfig({})).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/coseso',
      DATABASE_SCHEMA: 'coseso',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PROCESS_ROLES: ['api', 'projector', 'worker'],
    });
  });

  it('splits the process roles', () => {
    expect(loadConfig({ PROCESS_ROLES: 'api, worker' }).PROCESS_ROLES).toEqual(['api', 'worker']);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT .*\(got "abc"\)$/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid configuration: DATABASE_URL must be a postgres:// URL (got "mysql://x")',
    ],
    [{ PROCESS_ROLES: 'api,cron' }, /^Invalid configuration: PROCESS_ROLES /],
    [
      { EVENTSTORE_CONNECTION_STRING: 'http://x' },
      /^Invalid configuration: EVENTSTORE_CONNECTION_STRING must be an esdb/,
    ],
    [
      { DATABASE_SCHEMA: 'Drop Table' },
      /^Invalid configuration: DATABASE_SCHEMA must be a lower-case SQL identifier/,
    ],
    [{ SESSION_SECRET: 'short' }, /^Invalid configuration: SESSION_SECRET must be at least 32 characters/],
  ])('stops on %j with one line naming the value', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('refuses to run in production with the development secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'Invalid configuration: SESSION_SECRET must be set to a secret of your own in production',
    );
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).NODE_ENV).toBe(
      'production',
    );
  });
});
