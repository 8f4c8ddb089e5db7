import { z } from 'zod/mini';

// The router JSON-decodes search values (an all-digit id arrives as a number): each is read back
// as text, and a value that cannot be is dropped rather than failing the page.
const text = z.catch(z.optional(z.coerce.string()), undefined);
const uuid = z.catch(z.optional(z.uuid()), undefined);

/** The query parameters of a payment return URL (spec §2, plus `provider`: the status call's prefix). */
export const paymentReturnSearchSchema = z.object({
  type: text,
  status: text,
  payment: text,
  provider: text,
});

/** /payment-confirmation names the order in its query. */
export const paymentConfirmationSearchSchema = z.extend(paymentReturnSearchSchema, { order: uuid });

/** /card-validation-success's query: status (success or failed), orderId and error. */
export const cardValidationSearchSchema = z.object({ status: text, orderId: uuid, error: text });
