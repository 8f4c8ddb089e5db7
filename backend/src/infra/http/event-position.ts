import { type Response } from 'express';

export const EVENT_POSITION_HEADER = 'X-Event-Position';
export const MIN_POSITION_HEADER = 'x-min-position';

/** Tells the client where its command's last event stands in the log, so it can read its own writes. */
export function exposePosition(response: Response, position: bigint | null): number | null {
  if (position === null) return null;
  response.setHeader(EVENT_POSITION_HEADER, position.toString());
  return Number(position);
}

/** The `X-Min-Position` a read asks for, or null when absent or not a position. */
export function requestedMinPosition(header: string | string[] | undefined): bigint | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^\d{1,18}$/.test(value) ? BigInt(value) : null;
}
