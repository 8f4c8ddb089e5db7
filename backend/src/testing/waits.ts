/**
 * How long a test waits for the background (projectors, reactors, jobs) before it calls the wait
 * hung. A hang detector, not a timer: a busy machine makes the test slower, never wrong (decision
 * 105). What is waited for is a signal (a position applied, a queue drained), polled or heard.
 */
export const BACKGROUND_WAIT_MS = 60_000;
