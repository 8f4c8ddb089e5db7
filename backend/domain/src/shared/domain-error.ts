import { type ErrorCode } from './error-codes.js';

/** What kind of refusal, so the HTTP layer can answer with the right status code in one place. */
export type DomainErrorKind = 'invalid' | 'not_found' | 'conflict' | 'forbidden';

/**
 * An Error made without Error's constructor, which records the call stack: the dearest part of an
 * Error to make, and never read for a refusal. Still an Error (instanceof, name, message); its
 * `stack` is its first line.
 */
const Refusal = function (this: Error, message: string) {
  Object.defineProperty(this, 'message', { value: message, writable: true, configurable: true });
} as unknown as ErrorConstructor & { prototype: Error };
Object.defineProperty(Refusal, 'prototype', { value: Error.prototype });

/**
 * A business refusal: a stable code for programs, a French message for people, and for invalid
 * input one French message per field. An expected answer, not a fault: the rules that try a command
 * on the decider to learn whether it would accept it (allowedAdminActions, contactErasable, for every
 * order listed or projected) expect refusals, and pay no call stack for them. (The decider's own bugs
 * are other errors, and keep their stack.)
 */
export class DomainError extends Refusal {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly kind: DomainErrorKind,
    readonly fields?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'DomainError';
    Object.defineProperty(this, 'stack', {
      value: `DomainError: ${message}`,
      writable: true,
      configurable: true,
    });
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
