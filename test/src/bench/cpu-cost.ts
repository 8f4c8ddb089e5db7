// CPU time per request of a bench server process and of its Postgres backends: a figure that the
// other work on a shared machine barely moves, unlike rates and latencies.
import { readFileSync } from 'node:fs';
import pg from 'pg';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime + stime of a process in ms, or 0 when it is gone. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) are space-separated: utime is 14th, stime 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Peak and current resident memory of a process, in MB (VmHWM, VmRSS). */
export function processMemoryMb(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1_024, peak: kb('VmHWM') / 1_024 };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

/**
 * CPU of the server backends whose connections carry `applicationName` (readable only when
 * Postgres runs on this machine; 0 otherwise). Backends that ended meanwhile are not counted.
 */
export async function backendsCpuMs(db: pg.Pool | pg.Client, applicationName: string): Promise<number> {
  const { rows } = await db.query<{ pid: number }>(
    'select pid from pg_stat_activity where application_name = $1',
    [applicationName],
  );
  return rows.reduce((sum, row) => sum + processCpuMs(row.pid), 0);
}

/** Adds `application_name` to a connection string, so that its backends can be told apart. */
export function withApplicationName(url: string, applicationName: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', applicationName);
  return parsed.toString();
}

/** This process's RSS now (`before`) and at its highest since (`peak`), sampled every 50 ms until `stop()`. */
export function watchPeakRss(): { readonly before: number; readonly peak: number; stop(): void } {
  const watch = { before: process.memoryUsage().rss, peak: 0, stop: () => clearInterval(sampler) };
  const sampler = setInterval(() => {
    watch.peak = Math.max(watch.peak, process.memoryUsage().rss);
  }, 50);
  return watch;
}
