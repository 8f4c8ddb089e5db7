#!/usr/bin/env node
// One entry point for a newcomer on a fresh machine: `npm start`, `npm test`, `npm run dev`.
// Plain JavaScript on purpose: it runs before anything is installed or built.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newEnvFile, upgradeEnvFile } from './env-file.mjs';
import { SERVER_NODE_FLAGS } from './node-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const command = process.argv[2];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function installIfNeeded() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const stale =
    !existsSync(marker) || statSync(join(root, 'package-lock.json')).mtimeMs > statSync(marker).mtimeMs;
  if (stale) {
    // `npm install`, not `npm ci`: it installs the lockfile's versions too, but tolerates optional
    // platform binaries (other OSes' builds of swc, rollup…) that a registry mirror may not carry,
    // which `npm ci` refuses.
    console.log('Installing dependencies…');
    run(npm, ['install', '--no-audit', '--no-fund']);
  }
}

/** A .env of one's own, from .env.example, with a generated session secret. */
function ensureEnvFile() {
  const env = join(root, '.env');
  const example = readFileSync(join(root, '.env.example'), 'utf8');
  const password = () => randomBytes(12).toString('base64url');
  if (!existsSync(env)) {
    const adminPassword = password();
    writeFileSync(
      env,
      newEnvFile(example, { sessionSecret: randomBytes(32).toString('hex'), adminPassword }),
    );
    console.log(
      'Created .env from .env.example (with a generated SESSION_SECRET, PERSONAL_DATA_KEY and ADMIN_PASSWORD).',
    );
    console.log(`Back-office: ${/^ADMIN_EMAIL=(.*)$/m.exec(example)?.[1]} / ${adminPassword} (kept in .env)`);
    return;
  }
  const { text, added, retired } = upgradeEnvFile(readFileSync(env, 'utf8'), example, password);
  if (added.length === 0 && retired.length === 0) return;
  writeFileSync(env, text);
  if (added.length > 0) console.log(`Added to .env: ${added.join(', ')}`);
  if (retired.length > 0)
    console.log(`Commented out in .env: ${retired.join(', ')} (the app follows HOST and PORT without it)`);
}

function readEnv() {
  const values = {};
  for (const line of readFileSync(join(root, '.env'), 'utf8').split('\n')) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match) values[match[1]] = match[2];
  }
  return { ...values, ...process.env };
}

/** Tells the newcomer plainly when Postgres or Redis is not there, rather than a stack trace later. */
async function checkService(name, url, fallback, hint) {
  const { hostname, port } = new URL(url ?? fallback);
  const reachable = await new Promise((resolve) => {
    const socket = createConnection(
      { host: hostname, port: Number(port) },
      () => (socket.end(), resolve(true)),
    );
    socket.on('error', () => resolve(false));
    socket.setTimeout(2_000, () => (socket.destroy(), resolve(false)));
  });
  if (!reachable) {
    console.error(`${name} is not reachable at ${hostname}:${port}. ${hint}`);
    process.exit(1);
  }
}

async function checkServices(env) {
  await checkService(
    'PostgreSQL',
    env.DATABASE_URL,
    'postgres://127.0.0.1:5432',
    'Start it (e.g. `pg_ctlcluster 15 main start`) or set DATABASE_URL.',
  );
  await checkService(
    'Redis',
    env.REDIS_URL,
    'redis://127.0.0.1:6379',
    'Start it (e.g. `redis-server --daemonize yes`) or set REDIS_URL.',
  );
}

const jest = [
  '--experimental-vm-modules',
  '--no-warnings=ExperimentalWarning',
  join(root, 'node_modules/jest/bin/jest.js'),
];

switch (command) {
  case 'start': {
    installIfNeeded();
    ensureEnvFile();
    const env = readEnv();
    await checkServices(env);
    run(npm, ['run', 'build']);
    // Two processes, as docker-compose.yml runs them: the API's event loop only answers requests,
    // while the projector folds the log and the worker sends emails and makes invoices on another
    // (in one process their work delayed the answers: read-your-writes p99 2.02× the plain read's
    // in one process, 1.29× apart, test/src/bench/README.md). START_ONE_PROCESS=1 runs every role
    // in one process, as before.
    const layouts = env.START_ONE_PROCESS === '1' ? ['api,projector,worker'] : ['api', 'projector,worker'];
    const servers = layouts.map((roles) =>
      spawn(process.execPath, [...SERVER_NODE_FLAGS, 'backend/dist/main.js'], {
        cwd: root,
        stdio: 'inherit',
        env: { NODE_ENV: 'production', ...process.env, PROCESS_ROLES: roles },
      }),
    );
    const stopAll = (signal) => servers.forEach((server) => server.exitCode === null && server.kill(signal));
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
    // One process ending ends the product: the other is stopped, and its exit code is the product's.
    let exitCode = null;
    for (const server of servers)
      server.on('exit', (code) => {
        exitCode ??= code ?? 0;
        stopAll('SIGTERM');
        if (servers.every((s) => s.exitCode !== null || s.signalCode !== null)) process.exit(exitCode);
      });
    break;
  }
  case 'dev': {
    installIfNeeded();
    const env = { ...process.env, NODE_ENV: 'development', SWC_NODE_PROJECT: 'tsconfig.base.json' };
    await checkServices(env);
    const api = spawn(
      process.execPath,
      [
        '--watch',
        '--conditions=source',
        '--import',
        '@swc-node/register/esm-register',
        'backend/src/main.ts',
      ],
      { cwd: root, stdio: 'inherit', env },
    );
    const web = spawn(npm, ['run', 'dev', '-w', '@coseso/frontend'], { cwd: root, stdio: 'inherit', env });
    const stop = () => (api.kill('SIGTERM'), web.kill('SIGTERM'));
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
    api.on('exit', stop);
    web.on('exit', stop);
    break;
  }
  case 'test': {
    installIfNeeded();
    await checkServices(process.env);
    if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
      console.error(
        'Chromium is missing: the browser journeys need it (apt-get install chromium), or set CHROMIUM_PATH.',
      );
      process.exit(1);
    }
    run(npm, ['run', 'build']);
    if (!process.env.EVENTSTORE_CONNECTION_STRING)
      console.log(
        'The EventStoreDB contract tests will be skipped: set EVENTSTORE_CONNECTION_STRING (esdb://…) to run them against a server.',
      );
    // Jest's tiers, then the browser journeys on Playwright's runner (playwright.config.ts), on the
    // build just made. Arguments naming browser specs go to Playwright, the others to Jest; with
    // arguments, a runner none of them is for is left out. Both run, and either failing fails.
    const args = process.argv.slice(3);
    const isBrowserSpec = (arg) => arg.endsWith('.browser.spec.ts');
    const jestArgs = args.filter((arg) => !isBrowserSpec(arg));
    const browserSpecs = args.filter(isBrowserSpec);
    const failures = [];
    const runTier = (name, cmd, cmdArgs) => {
      const { status } = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit' });
      if (status !== 0) failures.push(name);
    };
    if (args.length === 0 || jestArgs.length > 0) runTier('Jest', process.execPath, [...jest, ...jestArgs]);
    if (args.length === 0 || browserSpecs.length > 0)
      runTier('Playwright', process.execPath, [
        join(root, 'node_modules/@playwright/test/cli.js'),
        'test',
        ...browserSpecs,
      ]);
    if (failures.length > 0) {
      console.error(`Failed: ${failures.join(' and ')}.`);
      process.exit(1);
    }
    break;
  }
  case 'faults': {
    // Needs no shared server: it starts PostgreSQL and Redis of its own (test/src/faults/run.ts).
    installIfNeeded();
    run(npm, ['run', 'build']);
    run(
      process.execPath,
      [
        '--conditions=source',
        '--import',
        '@swc-node/register/esm-register',
        'test/src/faults/run.ts',
        ...process.argv.slice(3),
      ],
      { env: { ...process.env, SWC_NODE_PROJECT: 'tsconfig.base.json' } },
    );
    break;
  }
  default:
    console.error(
      'usage: node scripts/bootstrap.mjs start|dev|test|faults [jest arguments, browser spec files]',
    );
    process.exit(2);
}
