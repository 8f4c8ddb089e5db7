/** Stripe gives a related object as its id, or as the object itself when expanded. */
export function idOf(value: string | { id: string }): string {
  return typeof value === 'string' ? value : value.id;
}

/** Stripe's timestamps are Unix seconds. */
export function isoFromUnix(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}
