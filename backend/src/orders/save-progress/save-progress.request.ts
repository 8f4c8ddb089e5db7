import { orderFormSchema } from '@coseso/event-schemas/order/order-values';
import { z } from 'zod';

const step = z.int().min(1).max(8);

/**
 * "step plus all form data" (spec §7). Unknown fields are dropped: whatever the browser says about
 * status, prices or payment flags is not the browser's to set.
 */
export const saveProgressRequest = z
  .object({ ...orderFormSchema.shape, step: step.optional(), currentStep: step.optional() })
  .transform(({ step: sentStep, currentStep, ...form }) => ({ currentStep: sentStep ?? currentStep, form }));
