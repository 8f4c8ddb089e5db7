import { createHmac } from 'node:crypto';
import { UuidField } from '../../infra/http/request-fields.js';

/** Routes under `…/:orderId`. Order ids are random v4 UUIDs: unguessable, since the wizard is reachable by id alone. */
export class OrderIdParams {
  @UuidField({ description: "The order's id (a v4 UUID)" })
  orderId!: string;
}

/**
 * The id of an order created with an idempotency key: the same key always names the same order, so
 * a retried creation finds it instead of making a second one. Keyed by a server secret, so the id
 * cannot be derived from the key alone.
 */
export function orderIdForKey(secret: string, key: string): string {
  const hex = createHmac('sha256', secret).update(`create-order:${key}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
