import { until as untilHolds } from '@coseso/event-store/testing/until';

/**
 * How long a test waits for the background (projectors, reactors, jobs) before it calls the wait
 * hung. A hang detector, not a timer: a busy machine makes the test slower, never wrong (decision
 * 105). What is waited for is a signal (a position applied, a queue drained), polled or heard.
 */
export const BACKGROUND_WAIT_MS = 60_000;

/**
 * Waits until `check` holds: the one way a test waits for what it cannot be told of (a row, a lock,
 * a queue's counts), polled; never a fixed pause. Throws once `timeoutMs` has passed (a hang).
 */
export const until = (
  check: () => boolean | Promise<boolean>,
  timeoutMs = BACKGROUND_WAIT_MS,
  pollMs = 10,
): Promise<void> => untilHolds(check, timeoutMs, pollMs);
