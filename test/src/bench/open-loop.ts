// An open-loop load: requests arrive at a constant rate whatever the server answers, as visitors
// do, and each latency runs from the request's *scheduled* time. A closed loop (autocannon, 64
// connections) waits for an answer before it asks again, so a slow server is asked less and its
// stalls hide from the percentiles (coordinated omission); here a stall delays every request
// scheduled behind it, and each of them counts it.
import { Agent, request } from 'node:http';

export interface OpenLoopRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface OpenLoopResult {
  /** Requests per second asked for. */
  readonly rate: number;
  /** Requests scheduled over the measured seconds, and answered (2xx) among them. */
  readonly scheduled: number;
  readonly answered: number;
  /** Non-2xx answers and network errors. */
  readonly errors: number;
  /** Requests never sent because `maxInFlight` were already waiting: the server had fallen behind. */
  readonly dropped: number;
  /** ms from each request's scheduled time to its answer, sorted. */
  readonly latencies: number[];
  /** The most requests in flight at once. */
  readonly peakInFlight: number;
}

export interface OpenLoopOptions {
  readonly base: string;
  /** Arrivals per second. */
  readonly rate: number;
  readonly seconds: number;
  /** Arrivals before the measured seconds, not counted (connections open, JIT warm). */
  readonly warmupSeconds?: number;
  /** The i-th arrival's request; `release` is called once it is answered (e.g. to free its visitor). */
  readonly next: (i: number) => { readonly request: OpenLoopRequest; readonly release?: () => void };
  /** Past this many requests waiting, new arrivals are dropped and counted (default 1,024). */
  readonly maxInFlight?: number;
  /** Called with each answer's body, parsed as JSON when it is (e.g. to read a save's position). */
  readonly onAnswer?: (i: number, status: number, body: string) => void;
}

/** One request over a kept-alive connection; resolves with the status and the body. */
export function send(
  agent: Agent,
  base: string,
  r: OpenLoopRequest,
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        hostname,
        port,
        method: r.method,
        path: r.path,
        headers: {
          ...(r.body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(r.body) }),
          ...r.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (r.body !== undefined) req.write(r.body);
    req.end();
  });
}

/** A kept-alive connection pool large enough that arrivals never wait for a socket of ours. */
export const openLoopAgent = () => new Agent({ keepAlive: true, maxSockets: 2_048, maxFreeSockets: 2_048 });

/**
 * Sends `rate` requests a second for `warmupSeconds + seconds`, each at its scheduled time
 * (`t0 + i / rate`), and measures the answered ones of the last `seconds` from that time.
 */
export async function openLoop(options: OpenLoopOptions, agent = openLoopAgent()): Promise<OpenLoopResult> {
  const { base, rate, seconds, next } = options;
  const warmup = options.warmupSeconds ?? 1;
  const maxInFlight = options.maxInFlight ?? 1_024;
  const firstMeasured = Math.floor(rate * warmup);
  const latencies: number[] = [];
  let errors = 0;
  let dropped = 0;
  let inFlight = 0;
  let peakInFlight = 0;
  await atRate(rate, warmup + seconds, async (i, scheduled) => {
    const measured = i >= firstMeasured;
    if (inFlight >= maxInFlight) {
      if (measured) dropped++;
      return;
    }
    const { request: r, release } = next(i);
    inFlight++;
    peakInFlight = Math.max(peakInFlight, inFlight);
    try {
      const { status, body } = await send(agent, base, r);
      const ms = performance.now() - scheduled;
      if (status >= 200 && status < 300) {
        if (measured) latencies.push(ms);
        options.onAnswer?.(i, status, body);
      } else if (measured) errors++;
    } catch {
      if (measured) errors++;
    } finally {
      inFlight--;
      release?.();
    }
  });
  latencies.sort((a, b) => a - b);
  return {
    rate,
    scheduled: Math.floor(rate * (warmup + seconds)) - firstMeasured,
    answered: latencies.length,
    errors,
    dropped,
    latencies,
    peakInFlight,
  };
}

/**
 * Visitors for an open loop: each arrival takes a visitor not waiting for an answer, as a person
 * does not save twice at once. More visitors than ever in flight are needed (`size` is the pool).
 */
export function visitorPool<T>(visitors: readonly T[]) {
  const free = [...visitors];
  let extra = 0;
  return {
    take(): { visitor: T; release: () => void } {
      const visitor = free.pop();
      // None free: the server is that far behind; reuse one (its saves may then overlap) and say so.
      if (visitor === undefined) {
        extra++;
        return { visitor: visitors[extra % visitors.length]!, release: () => {} };
      }
      return { visitor, release: () => free.push(visitor) };
    },
    /** Arrivals that found every visitor waiting. */
    get overlapping() {
      return extra;
    },
  };
}

/**
 * Starts `task` at a constant rate for `seconds` (each at its scheduled time, whether or not the
 * previous ones are done) and waits for them all: for arrivals that are more than one request,
 * such as a save followed by the read of its position.
 */
export async function atRate(
  rate: number,
  seconds: number,
  task: (i: number, scheduled: number) => Promise<void>,
): Promise<void> {
  const pending: Promise<void>[] = [];
  const t0 = performance.now() + 10;
  for (let i = 0; i < Math.floor(rate * seconds); i++) {
    const scheduled = t0 + (i * 1_000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(task(i, scheduled));
  }
  await Promise.all(pending);
}
