// npm run test:faults — the fault specs (*.faults.spec.ts), one after the other, against a
// PostgreSQL cluster and a Redis server of their own that they stop, kill and restart; never the
// machine's shared servers. Says what it starts and removes, and removes it even when a spec fails.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../support/app-server.js';
import { createFaultServers, destroyFaultServers, say } from './fault-servers.js';

const started = Date.now();
say('npm run test:faults: a throw-away PostgreSQL cluster and Redis server, on ports of their own');
const servers = await createFaultServers();
let code = 1;
try {
  const jest = spawn(
    process.execPath,
    [
      '--experimental-vm-modules',
      '--no-warnings=ExperimentalWarning',
      join(repoRoot, 'node_modules/jest/bin/jest.js'),
      '--config',
      'jest.faults.config.js',
      // The specs stop and restart the same servers: one at a time.
      '--runInBand',
      ...process.argv.slice(2),
    ],
    { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, FAULTS_DIR: servers.dir } },
  );
  // Ctrl-C reaches Jest too: this process waits for it, then tears the servers down.
  const ignore = () => {};
  process.on('SIGINT', ignore);
  process.on('SIGTERM', () => jest.kill('SIGTERM'));
  code = await new Promise<number>((resolve) => jest.on('exit', (status) => resolve(status ?? 1)));
} finally {
  if (code !== 0) {
    const kept = mkdtempSync(join(tmpdir(), 'coseso-faults-logs-'));
    for (const file of readdirSync(servers.dir).filter((f) => f.endsWith('.log')))
      cpSync(join(servers.dir, file), join(kept, file));
    say(`the servers' and processes' logs are kept in ${kept}`);
  }
  destroyFaultServers(servers);
}
say(`${code === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(code);
