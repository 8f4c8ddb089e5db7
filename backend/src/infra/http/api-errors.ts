import { ErrorCode, type HttpErrorCode } from '@coseso/domain/shared/error-codes';

/** The one error body of the API: a French message for people, a stable code for programs. */
export interface ApiErrorBody {
  message: string;
  code: ErrorCode | HttpErrorCode;
  fields?: Record<string, string>;
}

/** A refusal raised by the HTTP layer itself (as opposed to a DomainError). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Request validation failures: 400 with one French message per field ("body" for the body as a whole). */
export function invalidRequest(fields: Record<string, string>): ApiError {
  const [first] = Object.entries(fields);
  const message = first ? (first[0] === 'body' ? first[1] : `${first[0]} : ${first[1]}`) : 'Requête invalide';
  return new ApiError(400, ErrorCode.REQUEST_INVALID, message, fields);
}
