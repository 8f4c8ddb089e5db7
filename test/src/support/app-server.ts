import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDatabaseUrl } from '@coseso/database/testing/postgres-test-schema';
import { deleteRedisKeys } from '@coseso/backend/testing/redis-keys';
import pg from 'pg';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface AppServer {
  readonly url: string;
  readonly schema: string;
  /** Its PERSONAL_DATA_KEY: another process on its database needs the same to read personal fields. */
  readonly personalDataKey: string;
  /** A pool on the same database, to look at the log and the read models as an auditor would. */
  readonly db: pg.Pool;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** The built product (`npm run build`), started as `npm start` starts it: production mode, API and SPA on one port. */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const schema = `web_${randomBytes(6).toString('hex')}`;
  const personalDataKey = env['PERSONAL_DATA_KEY'] ?? randomBytes(32).toString('hex');
  const child: ChildProcess = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      PORT: String(port),
      HOST: '127.0.0.1',
      // Links in emails and the origin check both use it: the address the browser will use.
      PUBLIC_URL: url,
      DATABASE_URL: testDatabaseUrl(),
      DATABASE_SCHEMA: schema,
      DATABASE_POOL_SIZE: '8',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '100',
      // A read naming a position waits for the projector however loaded the machine is.
      READ_YOUR_WRITES_WAIT_MS: '60000',
      // The test process's own (the workspace's TypeScript sources, playwright.config.ts): the app
      // runs its build, as `npm start` does.
      NODE_OPTIONS: '',
      ...env,
      PERSONAL_DATA_KEY: personalDataKey,
    },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A cold start on a loaded two-core machine (migrations, Nest's boot) has taken more than 30 s.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}: ${stderr}`);
    // A request the booting app has accepted but not yet answered must not outlast the deadline.
    const healthy = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`the app did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const db = new pg.Pool({ connectionString: testDatabaseUrl(), max: 2 });
  return {
    url,
    schema,
    personalDataKey,
    db,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      await db.query(`drop schema if exists "${schema}" cascade`).catch(() => {});
      await db.end();
      await deleteRedisKeys(`coseso:${schema}:*`);
    },
  };
}
