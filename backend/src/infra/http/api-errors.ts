import { ErrorCode, type HttpErrorCode } from '@coseso/domain/shared/error-codes';
import { type StandardSchemaV1 } from '@standard-schema/spec';

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

const pathOf = (issue: StandardSchemaV1.Issue) =>
  (issue.path ?? [])
    .map((segment) => (typeof segment === 'object' ? String(segment.key) : String(segment)))
    .join('.');

/** Request validation failures: 400 with one French message per field. */
export function invalidRequest(issues: readonly StandardSchemaV1.Issue[]): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = pathOf(issue) || 'body';
    fields[path] ??= issue.message;
  }
  const [first] = Object.entries(fields);
  const message = first ? (first[0] === 'body' ? first[1] : `${first[0]} : ${first[1]}`) : 'Requête invalide';
  return new ApiError(400, ErrorCode.REQUEST_INVALID, message, fields);
}
