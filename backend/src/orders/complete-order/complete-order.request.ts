import { orderFormSchema } from '@coseso/event-schemas/order/order-values';
import { z } from 'zod';

/**
 * All form data (spec §7). The browser also sends formCompleted, currentStep, exportEligibleAt,
 * supportEnabled and status: they are the server's to decide, so they are dropped here.
 */
export const completeOrderRequest = z.object(orderFormSchema.shape);
