import { ErrorCode } from '@coseso/domain/shared/error-codes';
import { type Request } from 'express';
import { ApiError } from './api-errors.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,200}$/;

/** The client's idempotency key, when it sent one: a retried request with the same key appends nothing. */
export function idempotencyKey(request: Request): string | undefined {
  const key = request.header('idempotency-key');
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new ApiError(
      400,
      ErrorCode.REQUEST_INVALID_IDEMPOTENCY_KEY,
      'Idempotency-Key : 8 à 200 caractères parmi lettres, chiffres, - et _',
    );
  }
  return key;
}
