import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { type CosesoProcess, type Instance } from './coseso-process.js';
import { q } from './fault-checks.js';
import { say } from './fault-servers.js';

/** A schema of its own on the fault cluster, and the processes started on it, stopped at the end. */
export function faultInstance(
  name: string,
  { personalDataKey = randomBytes(32).toString('hex') }: { personalDataKey?: string } = {},
): Instance & {
  readonly processes: Set<CosesoProcess>;
  track(process: CosesoProcess): CosesoProcess;
  close(pool: pg.Pool): Promise<void>;
} {
  const processes = new Set<CosesoProcess>();
  const instance = {
    schema: `faults_${name}_${randomBytes(4).toString('hex')}`,
    sessionSecret: randomBytes(32).toString('hex'),
    personalDataKey,
    processes,
    track(process: CosesoProcess) {
      processes.add(process);
      return process;
    },
    async close(pool: pg.Pool) {
      await Promise.all([...processes].map((p) => p.stop()));
      await pool.query(`drop schema if exists ${q(instance.schema)} cascade`).catch(() => {});
      await pool.end();
      say(`dropped schema ${instance.schema}`);
    },
  };
  return instance;
}
