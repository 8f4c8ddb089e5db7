import Stripe from 'stripe';
import { InvalidWebhookSignature } from '../payment-provider.js';

/** Stripe's own tolerance (its library's default): a signature older than this is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = Stripe.webhooks.DEFAULT_TOLERANCE;

const webhooks = Stripe.webhooks;

/**
 * A delivery signed the Stripe way (Stripe's, and the sandbox's), checked by Stripe's library alone:
 * `constructEvent` parses the header (which `t` counts, whatever its spelling), checks the HMAC over
 * the exact bytes and refuses a signature older than its tolerance. The library accepts one from the
 * future, which would stay replayable for as long: the same call, made as if received a tolerance
 * and a half later, tells it, still with the library's own reading of the header (it passes there
 * only when the signed instant is at least a tolerance ahead of now). No header is parsed by hand:
 * `t=<now>,t=<now+1h>`, `t=<now+1h>.0` and `t= <now+1h>` are all read as Stripe reads them.
 */
export function verifiedStripeEvent(
  rawBody: Buffer,
  signatureHeader: string | undefined,
  secret: string,
  nowMs: number,
): Stripe.Event {
  if (!signatureHeader) throw new InvalidWebhookSignature('Invalid webhook signature');
  let event: Stripe.Event;
  try {
    event = webhooks.constructEvent(
      rawBody,
      signatureHeader,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      nowMs,
    );
  } catch {
    // Stripe's message says what was wrong with the signature: not for the sender to read.
    throw new InvalidWebhookSignature('Invalid webhook signature');
  }
  const later = nowMs + 2 * WEBHOOK_TOLERANCE_SECONDS * 1_000;
  let fromTheFuture = true;
  try {
    webhooks.constructEvent(rawBody, signatureHeader, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, later);
  } catch {
    fromTheFuture = false;
  }
  if (fromTheFuture) throw new InvalidWebhookSignature('Webhook signed in the future');
  return event;
}
