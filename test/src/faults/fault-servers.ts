// The throw-away PostgreSQL cluster and Redis server of `npm run test:faults`: made in a temporary
// folder, on ports of their own, so that the fault specs can stop, kill and restart them without
// touching the machine's shared servers. run.ts creates them and hands their whereabouts to the
// specs through FAULTS_* variables; the specs restart them through the same functions.
import { type SpawnSyncOptions, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the servers are; the same fields travel to the specs as FAULTS_* variables. */
export interface FaultServers {
  readonly dir: string;
  readonly pgBin: string;
  readonly pgPort: number;
  readonly redisPort: number;
}

/** What the suite did to the servers, printed as it happens: the report says what was started, killed, restarted. */
export function say(message: string): void {
  process.stderr.write(`[faults ${new Date().toISOString().slice(11, 23)}] ${message}\n`);
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

const pgBinDir = () => {
  const candidates = ['/usr/lib/postgresql', '/usr/local/pgsql'];
  for (const root of candidates) {
    if (!existsSync(root)) continue;
    const versions = spawnSync('ls', [root], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (!found) throw new Error('initdb was not found: install PostgreSQL (its server binaries)');
  return found.replace(/\/initdb$/, '');
};

/** PostgreSQL refuses to run as root: then its commands run as the `postgres` user (runuser). */
const asRoot = () => process.getuid?.() === 0;

function run(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const [cmd, argv] =
    asRoot() && command !== 'redis-server' && command !== 'redis-cli'
      ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
      : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', ...options });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}${result.stdout}`,
    );
  return String(result.stdout);
}

export const databaseUrlOf = (servers: FaultServers, database = 'coseso') =>
  `postgres://postgres@127.0.0.1:${servers.pgPort}/${database}`;
export const redisUrlOf = (servers: FaultServers) => `redis://127.0.0.1:${servers.redisPort}`;

/** Creates the cluster (initdb, trust authentication) and starts both servers. */
export async function createFaultServers(): Promise<FaultServers> {
  const dir = mkdtempSync(join(tmpdir(), 'coseso-faults-'));
  const servers: FaultServers = {
    dir,
    pgBin: pgBinDir(),
    pgPort: await freePort(),
    redisPort: await freePort(),
  };
  if (asRoot()) chownSync(dir, Number(run('id', ['-u', 'postgres']).trim()), 0);
  run(join(servers.pgBin, 'initdb'), [
    '-D',
    join(dir, 'pg'),
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  say(
    `created a PostgreSQL cluster in ${join(dir, 'pg')} (initdb${asRoot() ? ', as the postgres user' : ''}, trust authentication)`,
  );
  writeFileSync(join(dir, 'servers.json'), JSON.stringify(servers));
  startPostgres(servers);
  startRedis(servers);
  return servers;
}

/** The servers run.ts made, as a spec sees them. */
export function faultServers(): FaultServers {
  const dir = process.env['FAULTS_DIR'];
  if (!dir) throw new Error('the fault specs run under `npm run test:faults`, which starts their servers');
  return JSON.parse(readFileSync(join(dir, 'servers.json'), 'utf8')) as FaultServers;
}

export function startPostgres(servers: FaultServers): void {
  run(join(servers.pgBin, 'pg_ctl'), [
    '-D',
    join(servers.dir, 'pg'),
    '-l',
    join(servers.dir, 'postgres.log'),
    '-w',
    '-o',
    // Its socket in our folder; fsync off: the faults are process crashes, not power cuts.
    `-p ${servers.pgPort} -k ${servers.dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off`,
    'start',
  ]);
  say(`PostgreSQL started on 127.0.0.1:${servers.pgPort}`);
}

/** `fast`: sessions are ended and the server shuts down cleanly; `immediate`: as a crash would. */
export function stopPostgres(servers: FaultServers, mode: 'fast' | 'immediate' = 'fast'): void {
  run(join(servers.pgBin, 'pg_ctl'), ['-D', join(servers.dir, 'pg'), '-w', '-m', mode, 'stop']);
  say(`PostgreSQL stopped (${mode}) on 127.0.0.1:${servers.pgPort}`);
}

export function startRedis(servers: FaultServers): void {
  run('redis-server', [
    '--port',
    String(servers.redisPort),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    servers.dir,
    '--daemonize',
    'yes',
    '--pidfile',
    join(servers.dir, 'redis.pid'),
    '--logfile',
    join(servers.dir, 'redis.log'),
  ]);
  for (let i = 0; i < 100; i++) {
    const ping = spawnSync('redis-cli', ['-p', String(servers.redisPort), 'ping'], { encoding: 'utf8' });
    if (ping.stdout.trim() === 'PONG') break;
    spawnSync('sleep', ['0.1']);
  }
  say(
    `Redis started on 127.0.0.1:${servers.redisPort} (its data in the throw-away folder, no periodic saves)`,
  );
}

/**
 * Stops Redis. With `keepData` its data is written to its folder first (SHUTDOWN SAVE) and read
 * back at the next start, as a production Redis with persistence would come back; without, all of
 * it is lost.
 */
export function stopRedis(servers: FaultServers, { keepData }: { keepData: boolean }): void {
  const result = spawnSync(
    'redis-cli',
    ['-p', String(servers.redisPort), 'shutdown', keepData ? 'save' : 'nosave'],
    { encoding: 'utf8' },
  );
  // SHUTDOWN closes the connection without an answer: redis-cli's status says nothing useful.
  void result;
  for (let i = 0; i < 100; i++) {
    const ping = spawnSync('redis-cli', ['-p', String(servers.redisPort), 'ping'], { encoding: 'utf8' });
    if (ping.stdout.trim() !== 'PONG') break;
    spawnSync('sleep', ['0.1']);
  }
  say(
    `Redis stopped on 127.0.0.1:${servers.redisPort}${keepData ? ' (its data saved for the restart)' : ''}`,
  );
}

/**
 * Jobs of the schema's queues not done yet (waiting, running, delayed for a retry), counted by
 * Redis in one script: one instant of every queue at once. Completed and failed jobs are not
 * counted, nor jobs planned for later that never ran.
 */
export function jobsUnderWay(servers: FaultServers, schema: string): number {
  const script = `
    local n, cursor = 0, '0'
    repeat
      local page = redis.call('SCAN', cursor, 'MATCH', ARGV[1], 'COUNT', 1000)
      cursor = page[1]
      for _, key in ipairs(page[2]) do
        local kind = string.match(key, ':([%w%-]+)$')
        if kind == 'wait' or kind == 'active' or kind == 'paused' then n = n + redis.call('LLEN', key)
        elseif kind == 'prioritized' or kind == 'waiting-children' then n = n + redis.call('ZCARD', key)
        elseif kind == 'delayed' then
          -- A retry waiting its turn counts; a job planned for later (a link's expiry) is not under way.
          local base = string.sub(key, 1, -8)
          for _, id in ipairs(redis.call('ZRANGE', key, 0, -1)) do
            local tried = redis.call('HGET', base .. id, 'ats') or redis.call('HGET', base .. id, 'atm')
            if tonumber(tried or '0') > 0 then n = n + 1 end
          end
        end
      end
    until cursor == '0'
    return n`;
  const out = run('redis-cli', ['-p', String(servers.redisPort), 'eval', script, '0', `coseso:${schema}:*`]);
  const count = Number(out.trim().replace(/^\(integer\)\s*/, ''));
  if (!Number.isInteger(count)) throw new Error(`jobs under way: ${out}`);
  return count;
}

/** Stops both servers and removes their folder; each step runs even if another failed. */
export function destroyFaultServers(servers: FaultServers): void {
  try {
    if (existsSync(join(servers.dir, 'pg', 'postmaster.pid'))) stopPostgres(servers, 'immediate');
  } catch (error) {
    say(`stopping PostgreSQL failed: ${(error as Error).message}`);
  }
  try {
    const pidFile = join(servers.dir, 'redis.pid');
    if (existsSync(pidFile)) {
      process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGKILL');
      say(`Redis (pid ${readFileSync(pidFile, 'utf8').trim()}) killed`);
    }
  } catch (error) {
    say(`stopping Redis failed: ${(error as Error).message}`);
  }
  rmSync(servers.dir, { recursive: true, force: true });
  say(`removed ${servers.dir}`);
}
