/**
 * Whether an error says PostgreSQL or Redis cannot be reached right now (down, restarting, shutting
 * down, out of connections, too slow to connect), rather than that a query was wrong: the request
 * may succeed if sent again in a moment, and the client is told so (503) instead of a 500.
 */
export function isServiceUnavailable(error: unknown): boolean {
  // TypeORM wraps pg's error (driverError); Nest and our own code may wrap it again (cause).
  for (let e = error as Failure | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.test(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    e = e.driverError ?? e.cause;
  }
  return false;
}

interface Failure {
  code?: unknown;
  message?: unknown;
  driverError?: Failure;
  cause?: Failure;
}

// SQLSTATE class 08 (connection exception), 57P01-57P03 (administrator or crash shutdown, cannot
// connect now: starting up, shutting down), 53300 (too many connections); and the socket's own.
const UNAVAILABLE_CODES =
  /^(08[0-9A-Z]{3}|57P0[123]|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)$/;

// node-postgres says these without a code: a connection lost mid-query, a connect attempt that
// outlived connectionTimeoutMillis, a client whose connection already failed. Then ioredis, for a
// command sent while Redis is away on a connection that does not queue (the job producers').
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Stream isn't writeable and enableOfflineQueue options is false|Connection is closed\.|Reached the max retries per request limit)/;
