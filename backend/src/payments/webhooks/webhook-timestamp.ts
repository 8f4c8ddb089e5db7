import { InvalidWebhookSignature } from '../payment-provider.js';

/** As far in the future as in the past (Stripe's own tolerance): a signature's clock may be that early. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/**
 * Stripe's library refuses a signature older than its tolerance, but not one from the future: a
 * delivery signed with a timestamp ahead would stay replayable for as long. Refused here, before
 * the signature is checked. A header without a timestamp is left to the signature check, which
 * refuses it.
 */
export function refuseFutureSignature(signatureHeader: string, nowMs = Date.now()): void {
  const timestamp = /(?:^|,)\s*t=(\d+)(?:,|$)/.exec(signatureHeader)?.[1];
  if (timestamp !== undefined && Number(timestamp) > nowMs / 1000 + WEBHOOK_TOLERANCE_SECONDS)
    throw new InvalidWebhookSignature('Webhook signed in the future');
}
