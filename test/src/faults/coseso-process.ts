// The built product (`npm run build`) as real processes on the fault servers: an API, a projector,
// a worker, each with the roles `docker-compose.yml` gives them, so that one can be killed alone.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../support/app-server.js';
import { type FaultServers, databaseUrlOf, freePort, redisUrlOf, say } from './fault-servers.js';

export type Role = 'api' | 'projector' | 'worker';

export interface CosesoProcess {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  /** SIGKILL: no shutdown hook, no flush, as a crash or the OOM killer would. */
  kill(): Promise<void>;
  /** SIGTERM, and waits for the process to end. */
  stop(): Promise<void>;
}

export interface Instance {
  readonly schema: string;
  /** Shared by the processes: the sandbox's webhook secret is derived from it. */
  readonly sessionSecret: string;
  /** Shared by the processes: each reads the personal fields the others encrypted. */
  readonly personalDataKey: string;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

/** Starts `node backend/dist/main.js` with these roles and waits until it says it runs. */
export async function startCoseso(
  servers: FaultServers,
  instance: Instance,
  name: string,
  roles: readonly Role[],
  /** More of its environment (an SMTP server, say). */
  env: Readonly<Record<string, string>> = {},
): Promise<CosesoProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(join(servers.dir, `${instance.schema}-${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PROCESS_ROLES: roles.join(','),
      PAYMENT_PROVIDER: 'sandbox',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrlOf(servers),
      DATABASE_SCHEMA: instance.schema,
      DATABASE_POOL_SIZE: '10',
      REDIS_URL: redisUrlOf(servers),
      SESSION_SECRET: instance.sessionSecret,
      PERSONAL_DATA_KEY: instance.personalDataKey,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      RATE_LIMIT_MULTIPLIER: '1000',
      UPLOAD_DIR: join(servers.dir, `${instance.schema}-uploads`),
      ...env,
    },
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      output = (output + chunk.toString()).slice(-20_000);
      if (/Coseso is (listening|running)/.test(output)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`${name} exited (${code ?? signal}) before it was ready:\n${output}`)),
    );
  });
  const timeout = setTimeout(() => child.kill('SIGKILL'), 120_000);
  try {
    await ready;
  } finally {
    clearTimeout(timeout);
  }
  say(
    `started ${name} (pid ${child.pid}, roles ${roles.join(',')}${roles.includes('api') ? `, ${url}` : ''})`,
  );
  return {
    name,
    url,
    pid: child.pid!,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
      say(`killed ${name} (pid ${child.pid}) with SIGKILL`);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited(child);
      clearTimeout(timer);
      say(`stopped ${name} (pid ${child.pid})`);
    },
  };
}
