const positions = new WeakMap<object, bigint>();

/**
 * Marks a command's refusal with where the stream it was judged on stood (its last event's global
 * position). The refusal's answer then carries it as `X-Event-Position`, so the caller's next reads
 * show the order that refused it (a 409 after another tab moved the order on), not an older one.
 */
export function refusedAt<E extends object>(error: E, position: bigint | null): E {
  if (position !== null) positions.set(error, position);
  return error;
}

/** Where the stream stood when this refusal was decided, if it was marked. */
export const refusalPosition = (error: unknown): bigint | null =>
  (typeof error === 'object' && error !== null ? positions.get(error) : undefined) ?? null;
