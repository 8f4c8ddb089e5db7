import Stripe from 'stripe';
import { InvalidWebhookSignature } from '../payment-provider.js';
import { WEBHOOK_TOLERANCE_SECONDS, verifiedStripeEvent } from './stripe-signature.js';

const secret = 'whsec_test_secret';
const NOW = Date.parse('2026-11-27T12:00:00Z');
const now = NOW / 1000;
const payload = JSON.stringify({
  id: 'evt_1',
  object: 'event',
  type: 'customer.created',
  data: { object: {} },
});
const body = Buffer.from(payload);
const signedAt = (timestamp: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
const v1At = (timestamp: number) => /v1=([0-9a-f]+)/.exec(signedAt(timestamp))![1]!;

describe('a webhook checked by Stripe’s library alone', () => {
  it.each([
    ['now', 0],
    ['a minute ahead (clock skew)', 60],
    ['four minutes ago', -240],
  ])('accepts a delivery signed %s', (_, offset) => {
    expect(verifiedStripeEvent(body, signedAt(now + offset), secret, NOW).id).toBe('evt_1');
  });

  it.each([
    ['an hour ahead', `t=${now + 3_600},v1=${v1At(now + 3_600)}`],
    [
      'past the tolerance ahead',
      `t=${now + WEBHOOK_TOLERANCE_SECONDS + 1},v1=${v1At(now + WEBHOOK_TOLERANCE_SECONDS + 1)}`,
    ],
    ['an hour ago', signedAt(now - 3_600)],
    ['with two timestamps, the last an hour ahead', `t=${now},t=${now + 3_600},v1=${v1At(now + 3_600)}`],
    ['with a decimal part, an hour ahead', `t=${now + 3_600}.0,v1=${v1At(now + 3_600)}`],
    ['after a space, an hour ahead', `t= ${now + 3_600},v1=${v1At(now + 3_600)}`],
    [
      'with another secret',
      Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other', timestamp: now }),
    ],
    ['without a timestamp', `v1=${v1At(now)}`],
  ])('refuses one signed %s', (_, header) => {
    expect(() => verifiedStripeEvent(body, header, secret, NOW)).toThrow(InvalidWebhookSignature);
  });

  it('refuses a delivery without a signature', () => {
    expect(() => verifiedStripeEvent(body, undefined, secret, NOW)).toThrow(InvalidWebhookSignature);
  });
});
