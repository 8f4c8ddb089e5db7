/**
 * Time as a port. Every rule that depends on the date (the 14-day guarantee, renewals, link expiry,
 * the invoice year, scheduled catalogue versions) asks a Clock, so tests move time instead of
 * sleeping. Deciders stay pure: their callers read the clock and put the instant on the command.
 */
export interface Clock {
  now(): Date;
}

/** The machine's time: what production runs on. */
export const systemClock: Clock = { now: () => new Date() };

/** `now()` as the ISO instant events and commands carry. */
export const nowIso = (clock: Clock): string => clock.now().toISOString();
