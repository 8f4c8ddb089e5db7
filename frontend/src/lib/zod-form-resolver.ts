import { type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import { type z } from 'zod/mini';

/**
 * A react-hook-form resolver for a flat form checked by a zod/mini schema: the first message of
 * each field, keyed by its name. Nested objects and arrays are not needed by our forms.
 */
export function zodFormResolver<Input extends FieldValues, Output>(
  schema: z.ZodMiniType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const name = issue.path.map(String).join('.') || 'root';
      errors[name] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<Input> };
  };
}
