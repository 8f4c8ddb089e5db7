import { StandardSchemaValidationPipe } from '@nestjs/common';
import { z } from 'zod';
import { invalidRequest } from './api-errors.js';

// Users read these messages: zod speaks French everywhere in the API.
z.config(z.locales.fr());

/** Validates every `@Body({ schema })`, `@Param(…, { schema })` and `@Query({ schema })` with the shared zod schemas. */
export const validationPipe = () => new StandardSchemaValidationPipe({ exceptionFactory: invalidRequest });

/** Validates `value` with `schema` where a route picks its schema from the payload itself. */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidRequest(result.error.issues as never);
  return result.data;
}
