import { existsSync } from 'node:fs';
import { clientFormRules, isBlankPassword } from '@coseso/domain/clients/client-form-rules';
import { z } from 'zod';
import { frenchVatNumber, isValidIban, isValidSiret } from '@coseso/domain/invoices/siren';
import { isValidEmail } from '@coseso/domain/shared/email-address';

export const processRoles = ['api', 'projector', 'worker'] as const;
export type ProcessRole = (typeof processRoles)[number];

const DEV_SECRET = 'dev-only-secret-change-me-please-0000';
const DEV_PERSONAL_DATA_KEY = 'dev-only-personal-data-key-change-me-0000';
/** The shortest back-office password, from ADMIN_PASSWORD or `npm run create-admin`. */
export const ADMIN_PASSWORD_MIN_LENGTH = clientFormRules.adminNewPassword.minLength;

/** A wildcard or loopback bind address is reached in the browser as localhost. */
const LOCAL_HOSTS = new Set(['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost']);

function localUrl(host: string, port: number): string {
  const name = LOCAL_HOSTS.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** An account number of the French chart of accounts (PCG): digits, a letter or two for auxiliaries. */
const accountNumber = z
  .string()
  .trim()
  .regex(/^\d[0-9A-Z]{0,19}$/, 'must be an account number of the chart (digits, 20 characters at most)');

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    /** Where users reach the app (links in emails, payment returns); without it, this process's HOST and PORT. */
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .default('postgres://postgres@127.0.0.1:5432/coseso'),
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,40}$/, 'must be a lower-case SQL identifier')
      .default('coseso'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .default('redis://127.0.0.1:6379'),
    EVENTSTORE_CONNECTION_STRING: z
      .string()
      .regex(/^(esdb|kurrentdb)(\+discover)?:\/\//, 'must be an esdb:// connection string')
      .optional(),
    PROCESS_ROLES: z
      .string()
      .default(processRoles.join(','))
      .transform((value) => value.split(',').map((role) => role.trim()))
      .pipe(z.array(z.enum(processRoles)).min(1, 'needs at least one of api, projector, worker')),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Unset: pretty on a terminal outside production, JSON otherwise. */
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_SECRET),
    /** Wraps the data subjects' keys (crypto-shredding of personal fields in events). */
    PERSONAL_DATA_KEY: z.string().min(32, 'must be at least 32 characters').default(DEV_PERSONAL_DATA_KEY),
    SPA_DIST: z.string().optional(),
    TRUST_PROXY: z.string().default('loopback'),
    RATE_LIMIT_MULTIPLIER: z.coerce.number().min(1).max(100_000).default(1),
    DOMAIN_CHECK: z.enum(['offline', 'rdap']).default('offline'),
    /**
     * How long a read naming a position (X-Min-Position) waits for the read models before it answers
     * anyway, flagged X-Projection-Behind. Tests raise it: on a loaded machine the projector's lag
     * must make a test slower, not its read stale.
     */
    READ_YOUR_WRITES_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(2_000),
    /**
     * The race hunt (`npm run test:races`): the projectors and reactors see each batch of the log
     * this much later than they read it, so that a test reading a read model before its write is
     * projected fails every time. The browser journeys' apps run the production build: the
     * start warns instead of refusing it.
     */
    LOG_READ_LAG_MS: z.coerce.number().int().min(0).max(10_000).default(0),
    /** Other origins allowed to send state-changing requests with the session cookie; the app's own always are. */
    ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Coseso <contact@coseso.fr>'),
    /**
     * How the team hears that a client acted (a brief sent, changes asked, a review approved, a
     * payment failed, an email given up on): `each`, one email per event; `digest`, one email per
     * TEAM_ALERTS_DIGEST_MINUTES telling them all. To TEAM_ALERTS_TO, the team's shared address.
     */
    TEAM_ALERTS: z.enum(['each', 'digest']).default('each'),
    TEAM_ALERTS_DIGEST_MINUTES: z.coerce.number().int().min(1).max(1_440).default(60),
    TEAM_ALERTS_TO: z
      .string()
      .refine(isValidEmail, 'must be an email address (ASCII only)')
      .default('support@coseso.fr'),
    ADMIN_EMAIL: z.string().refine(isValidEmail, 'must be an email address (ASCII only)').optional(),
    ADMIN_PASSWORD: z
      .string()
      .min(ADMIN_PASSWORD_MIN_LENGTH, `must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`)
      .refine((password) => !isBlankPassword(password), 'must not be only spaces')
      .optional(),
    /** Who takes card payments; without it, Stripe when STRIPE_SECRET_KEY is set, else the sandbox. */
    PAYMENT_PROVIDER: z.enum(['stripe', 'sandbox']).optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    /** Only to point the Stripe SDK at a local server in tests. */
    STRIPE_API_URL: z.url().optional(),
    /**
     * How often the sandbox renews a subscription, in ms, for tests; unset, every calendar month as
     * Stripe does.
     */
    SANDBOX_RENEWAL_INTERVAL_MS: z.coerce.number().int().min(1_000).optional(),
    RDAP_BASE_URL: z.url().default('https://rdap.org'),
    /** Brief files without S3: this folder of the server (created if missing). */
    UPLOAD_DIR: z.string().min(1).default('.data/uploads'),
    /** Set to keep brief files in this S3 bucket instead of UPLOAD_DIR. */
    S3_BUCKET: z.string().min(3).optional(),
    S3_REGION: z.string().min(1).default('eu-west-3'),
    /** An S3-compatible server (MinIO…); unset for AWS. */
    S3_ENDPOINT: z.url().optional(),
    /** Unset: the AWS SDK's own credential chain (environment, instance role…). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** How long a brief file's download link works, in seconds. */
    FILE_LINK_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
    // The seller on every invoice (Code de commerce L441-9). The defaults are a fictitious company,
    // valid in form, for development: a real deployment sets its own.
    SELLER_NAME: z.string().trim().min(1).max(200).default('Coseso'),
    SELLER_LEGAL_FORM: z.string().trim().min(1).max(100).default('SAS'),
    SELLER_STREET: z.string().trim().min(1).max(200).default('12 rue des Artisans'),
    SELLER_POSTCODE: z
      .string()
      .regex(/^\d{5}$/, 'must be a French postcode (5 digits)')
      .default('69002'),
    SELLER_CITY: z.string().trim().min(1).max(100).default('Lyon'),
    /** The head office's SIRET; the SIREN is its first 9 digits. */
    SELLER_SIRET: z
      .string()
      .transform((value) => value.replace(/\s/g, ''))
      .pipe(z.string().refine(isValidSiret, 'must be a SIRET: 14 digits passing the Luhn check'))
      .default('84215370200019'),
    /** The town of the trade and companies register (RCS) the company is registered at. */
    SELLER_RCS_CITY: z.string().trim().min(1).max(100).default('Lyon'),
    /** Unset: the French VAT number of the SIRET's SIREN. */
    SELLER_VAT_NUMBER: z
      .string()
      .regex(/^FR[0-9A-Z]{2}\d{9}$/, 'must be a French VAT number (FR, 2 characters, the SIREN)')
      .optional(),
    /** Share capital in whole euros; 0 for a legal form without one (EI). */
    SELLER_SHARE_CAPITAL: z.coerce.number().int().min(0).max(1_000_000_000).default(10_000),
    SELLER_EMAIL: z.email('must be an email address').default('facturation@coseso.fr'),
    /** The account transfers are paid to (BT-84, needed by a transfer's payment means 58); spaces allowed. */
    SELLER_IBAN: z
      .string()
      .transform((value) => value.replace(/\s/g, '').toUpperCase())
      .pipe(
        z.string().refine(isValidIban, 'must be an IBAN (country, check digits, account) passing its check'),
      )
      .default('FR7630006000011234567890189'),
    // The accountant's sales journal (FEC layout): the accounts of the chart it posts to.
    ACCOUNTING_JOURNAL_CODE: z.string().trim().min(1).max(10).default('VE'),
    ACCOUNTING_SALES_ACCOUNT: accountNumber.default('706'),
    ACCOUNTING_VAT_COLLECTED_ACCOUNT: accountNumber.default('44571'),
    ACCOUNTING_CLIENTS_ACCOUNT: accountNumber.default('411'),
    ACCOUNTING_DEPOSITS_ACCOUNT: accountNumber.default('4191'),
    // The legal notice (LCEN art. 6): who hosts the site. Unset, the seller itself, as in the
    // embedded default where the app runs on the seller's own machine.
    LEGAL_HOST_NAME: z.string().trim().min(1).max(200).optional(),
    LEGAL_HOST_ADDRESS: z.string().trim().min(1).max(300).optional(),
    /** Where people exercise their data rights (GDPR); unset, SELLER_EMAIL. */
    LEGAL_PRIVACY_EMAIL: z.email('must be an email address').optional(),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_PROVIDER === 'stripe' && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'is required with PAYMENT_PROVIDER=stripe',
      });
    }
    // A forgotten Stripe key must not turn a production site into one that takes pretend payments.
    if (env.NODE_ENV === 'production' && !env.PAYMENT_PROVIDER && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'must be set in production: stripe (with STRIPE_SECRET_KEY), or sandbox for a demonstration',
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required with STRIPE_SECRET_KEY',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'goes with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'goes with ADMIN_EMAIL and ADMIN_PASSWORD together',
      });
    }
    if (env.SELLER_VAT_NUMBER && env.SELLER_VAT_NUMBER !== frenchVatNumber(env.SELLER_SIRET.slice(0, 9))) {
      ctx.addIssue({
        code: 'custom',
        path: ['SELLER_VAT_NUMBER'],
        message: `is not the VAT number of SELLER_SIRET's SIREN (${frenchVatNumber(env.SELLER_SIRET.slice(0, 9))})`,
      });
    }
    if (env.NODE_ENV === 'production' && env.SESSION_SECRET === DEV_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'must be set to a secret of your own in production',
      });
    }
    if (env.NODE_ENV === 'production' && env.PERSONAL_DATA_KEY === DEV_PERSONAL_DATA_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['PERSONAL_DATA_KEY'],
        message: 'must be set to a secret of your own in production',
      });
    }
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? localUrl(env.HOST, env.PORT),
    PAYMENT_PROVIDER:
      env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY ? ('stripe' as const) : ('sandbox' as const)),
    SELLER_VAT_NUMBER: env.SELLER_VAT_NUMBER ?? frenchVatNumber(env.SELLER_SIRET.slice(0, 9)),
  }));

export type AppConfig = z.output<typeof schema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration from the environment; a bad or missing value throws one line naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // Operators read these: English whatever the locale the HTTP layer sets for users.
  // `NAME=` in an .env file means "not set", as if the line were absent.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(given, { error: z.locales.en().localeError });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? 'configuration');
  // Secrets are never repeated into logs, even wrong ones.
  const value = /SECRET|PASSWORD|_KEY/.test(name) ? undefined : given[name];
  throw new ConfigError(
    `Invalid configuration: ${name} ${issue.message}${value === undefined ? '' : ` (got "${value}")`}`,
  );
}

export const hasRole = (config: AppConfig, role: ProcessRole) => config.PROCESS_ROLES.includes(role);

/** Reads `.env` from the working directory when there is one; variables already set win. */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
