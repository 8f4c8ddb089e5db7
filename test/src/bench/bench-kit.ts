/** Runs `worker` on `concurrency` loops for `seconds` (after a warm-up) and returns operations per second. */
export async function measureRate(
  concurrency: number,
  seconds: number,
  worker: (loop: number) => Promise<void>,
  warmupSeconds = 1,
): Promise<number> {
  let counting = false;
  let done = 0;
  let stop = false;
  const loops = Array.from({ length: concurrency }, async (_, loop) => {
    while (!stop) {
      await worker(loop);
      if (counting) done++;
    }
  });
  await new Promise((r) => setTimeout(r, warmupSeconds * 1_000));
  counting = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1_000));
  counting = false;
  const elapsed = (performance.now() - started) / 1_000;
  stop = true;
  await Promise.all(loops);
  return done / elapsed;
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
export const pct = (n: number) => `${(n * 100).toFixed(0)}%`;
