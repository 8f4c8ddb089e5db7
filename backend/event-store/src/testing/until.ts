/**
 * Waits until `check` holds: the one way a test waits for what it cannot be told of (a row, a
 * lock, a queue's counts, a read answered), polled every `pollMs`; never a fixed pause. `poke`, if
 * given, runs before each look (an append that wakes a listener, say). Throws once `timeoutMs` has
 * passed: a hang detector, not a timer (a busy machine makes the test slower, never wrong).
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 60_000,
  pollMs = 10,
  poke?: () => Promise<unknown>,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await poke?.();
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
