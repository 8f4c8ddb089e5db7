import { InvalidWebhookSignature } from '../payment-provider.js';
import { refuseFutureSignature } from './webhook-timestamp.js';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const header = (offsetSeconds: number) => `t=${NOW / 1000 + offsetSeconds},v1=${'a'.repeat(64)}`;

describe('a webhook signature from the future', () => {
  it.each([
    ['an hour ahead', 3_600],
    ['five minutes and a second ahead', 301],
  ])('is refused %s', (_, offset) => {
    expect(() => refuseFutureSignature(header(offset), NOW)).toThrow(InvalidWebhookSignature);
  });

  it.each([
    ['now', 0],
    ['five minutes ahead (clock skew)', 300],
    ['in the past (the signature check judges its age)', -3_600],
  ])('is left to the signature check %s', (_, offset) => {
    expect(() => refuseFutureSignature(header(offset), NOW)).not.toThrow();
  });

  it('leaves a header without a timestamp to the signature check', () => {
    expect(() => refuseFutureSignature(`v1=${'a'.repeat(64)}`, NOW)).not.toThrow();
  });
});
