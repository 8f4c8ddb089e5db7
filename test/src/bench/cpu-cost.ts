// CPU time per request of a bench server process and of its Postgres backends: a figure that the
// other work on a shared machine barely moves, unlike rates and latencies.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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

/** The machine's cores: what every process of a bench shares. */
export const CORES = availableParallelism();

/** CPU time of the whole machine (every process, the kernel's work for them included), in ms summed over the cores. */
export interface MachineCpu {
  /** Spent working. */
  readonly busy: number;
  /** Working or idle: the cores' time that was ours (time the hypervisor took for others is left out of both). */
  readonly total: number;
}

/** The whole machine's CPU since it booted (`/proc/stat`); subtract two readings to cover a stretch. */
export function machineCpuMs(): MachineCpu {
  // The first line sums the cores: cpu user nice system idle iowait irq softirq steal ...
  const [user, nice, system, idle, iowait, irq, softirq] = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]!
    .trim()
    .split(/\s+/)
    .slice(1, 8)
    .map(Number) as [number, number, number, number, number, number, number];
  const busy = user + nice + system + irq + softirq;
  return {
    busy: (busy * 1_000) / TICKS_PER_SECOND,
    total: ((busy + idle + iowait) * 1_000) / TICKS_PER_SECOND,
  };
}

/** What the machine's cores could do a second, were each one to cost `microseconds` of its CPU and the work spread perfectly over them. */
export const atMostPerSecond = (microseconds: number) => (CORES * 1e6) / microseconds;

/** The most CPU each one may cost the machine for the cores to do `perSecond` of them a second. */
export const budgetMicroseconds = (perSecond: number) => (CORES * 1e6) / perSecond;

/** What the machine spent between two readings. */
export const machineCpuBetween = (before: MachineCpu, after: MachineCpu): MachineCpu => ({
  busy: after.busy - before.busy,
  total: after.total - before.total,
});

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
