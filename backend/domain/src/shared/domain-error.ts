import { type ErrorCode } from './error-codes.js';

/** What kind of refusal, so the HTTP layer can answer with the right status code in one place. */
export type DomainErrorKind = 'invalid' | 'not_found' | 'conflict' | 'forbidden';

/**
 * A business refusal: a stable code for programs, a French message for people, and for invalid
 * input one French message per field.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly kind: DomainErrorKind,
    readonly fields?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
