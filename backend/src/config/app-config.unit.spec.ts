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

  it('is reached at its own port unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4000' }).PUBLIC_URL).toBe('http://localhost:4000');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '4000' }).PUBLIC_URL).toBe('http://localhost:4000');
    expect(loadConfig({ HOST: 'coseso.lan', PORT: '8080' }).PUBLIC_URL).toBe('http://coseso.lan:8080');
    expect(loadConfig({ HOST: 'fd00::7', PORT: '8080' }).PUBLIC_URL).toBe('http://[fd00::7]:8080');
    expect(loadConfig({ PORT: '4000', PUBLIC_URL: 'https://app.coseso.fr' }).PUBLIC_URL).toBe(
      'https://app.coseso.fr',
    );
    expect(loadConfig({ PORT: '4000', PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://localhost:4000');
  });

  it('keeps brief files in a local folder unless an S3 bucket is named, with both of its keys or neither', () => {
    expect(loadConfig({})).toMatchObject({ UPLOAD_DIR: '.data/uploads', FILE_LINK_TTL_SECONDS: 600 });
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'coseso-files', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toMatchObject({
      S3_BUCKET: 'coseso-files',
      S3_REGION: 'eu-west-3',
    });
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      'Invalid configuration: S3_SECRET_ACCESS_KEY goes with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
    );
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
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      'Invalid configuration: SESSION_SECRET must be set to a secret of your own in production',
    );
    const own = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PAYMENT_PROVIDER: 'sandbox' };
    expect(() => loadConfig(own)).toThrow(
      'Invalid configuration: PERSONAL_DATA_KEY must be set to a secret of your own in production',
    );
    expect(loadConfig({ ...own, PERSONAL_DATA_KEY: 'k'.repeat(40) }).NODE_ENV).toBe('production');
  });

  it('takes card payments with Stripe when its key is set, with the sandbox otherwise', () => {
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('sandbox');
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).PAYMENT_PROVIDER,
    ).toBe('stripe');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      'Invalid configuration: STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY',
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      'Invalid configuration: STRIPE_SECRET_KEY is required with PAYMENT_PROVIDER=stripe',
    );
  });

  it('will not take pretend payments in production unless told to', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) })).toThrow(
      'Invalid configuration: PAYMENT_PROVIDER must be set in production',
    );
  });

  it('reads NAME= as not set, and never repeats a secret in its message', () => {
    expect(loadConfig({ SMTP_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }).SMTP_URL).toBeUndefined();
    expect(() => loadConfig({ SESSION_SECRET: 'trop-court' })).toThrow(
      /^Invalid configuration: SESSION_SECRET must be at least 32 characters$/,
    );
  });

  it('wants the first admin email and password together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'admin@coseso.fr' })).toThrow(
      'Invalid configuration: ADMIN_PASSWORD goes with ADMIN_EMAIL and ADMIN_PASSWORD together',
    );
  });

  it('names a seller on invoices: a fictitious, valid company by default, the operator’s own otherwise', () => {
    expect(loadConfig({})).toMatchObject({
      SELLER_NAME: 'Coseso',
      SELLER_LEGAL_FORM: 'SAS',
      SELLER_SIRET: '84215370200019',
      SELLER_VAT_NUMBER: 'FR88842153702',
      SELLER_RCS_CITY: 'Lyon',
      SELLER_SHARE_CAPITAL: 10_000,
    });
    const own = loadConfig({ SELLER_SIRET: '512 349 879 00001', SELLER_SHARE_CAPITAL: '0' });
    expect(own).toMatchObject({ SELLER_SIRET: '51234987900001', SELLER_VAT_NUMBER: 'FR65512349879' });
    expect(own.SELLER_SHARE_CAPITAL).toBe(0);
  });

  it.each([
    [
      { SELLER_SIRET: '84215370200018' },
      'Invalid configuration: SELLER_SIRET must be a SIRET: 14 digits passing the Luhn check (got "84215370200018")',
    ],
    [{ SELLER_SIRET: '842153702' }, /^Invalid configuration: SELLER_SIRET must be a SIRET/],
    [
      { SELLER_POSTCODE: '6900' },
      'Invalid configuration: SELLER_POSTCODE must be a French postcode (5 digits) (got "6900")',
    ],
    [
      { SELLER_VAT_NUMBER: 'FR00842153702' },
      'Invalid configuration: SELLER_VAT_NUMBER is not the VAT number of SELLER_SIRET\'s SIREN (FR88842153702) (got "FR00842153702")',
    ],
    [{ SELLER_EMAIL: 'facturation' }, /^Invalid configuration: SELLER_EMAIL must be an email address/],
  ])('stops on a bad seller identity %j with one line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('refuses a first admin password made only of spaces', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'admin@coseso.fr', ADMIN_PASSWORD: ' '.repeat(12) })).toThrow(
      /^Invalid configuration: ADMIN_PASSWORD must not be only spaces$/,
    );
  });
});
