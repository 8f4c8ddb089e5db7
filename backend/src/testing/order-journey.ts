import { type StoredEvent } from '@coseso/event-store/event-store';
import { type TestApp } from './test-app.js';
import { BACKGROUND_WAIT_MS } from './waits.js';

/** A wizard form the server completes and prices (Site Vitrine, yearly: 1 177,20 € TTC, deposit 588,60 €). */
export const completeForm = (overrides: Record<string, unknown> = {}) => ({
  companyName: 'Boulangerie Martin',
  companySector: 'Boulangerie',
  companyAddress: '12 rue des Lilas\n75012 Paris',
  contactFirstName: 'Claire',
  contactLastName: 'Martin',
  contactEmail: 'claire@boulangerie-martin.fr',
  creationOption: 'wordpress',
  selectedTemplate: 'onepage',
  selectedStyle: 'white',
  fontFamily: 'classic',
  logoOption: 'ai',
  contentOption: 'client',
  billingPeriod: 'yearly',
  additionalOptions: { seoOptimizations: true, liveTraining: true },
  hostingOptions: {
    hostingType: 'included',
    dnsType: 'new',
    newDomainName: 'boulangerie-martin',
    domainExtension: '.fr',
  },
  ...overrides,
});

/**
 * Creates and completes an order through the API: it then waits for its first payment. Returns
 * once the read models show the completion (a read naming its position), so that a test reading
 * the order next reads it complete, however busy the machine.
 */
export async function completedOrder(t: TestApp, overrides: Record<string, unknown> = {}): Promise<string> {
  const { body } = await t.http.post('/api/create-order').send({}).expect(201);
  const completed = await t.http
    .post(`/api/orders/${body.orderId}/complete`)
    .send(completeForm(overrides))
    .expect(200);
  await t.http
    .get(`/api/orders/${body.orderId}`)
    .set('X-Min-Position', String(completed.body.position))
    .expect(200);
  return body.orderId as string;
}

/** Polls until `found` returns something (reactors and jobs work in the background). */
export async function eventually<T>(
  found: () => Promise<T | null | undefined | false>,
  timeoutMs = BACKGROUND_WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await found();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const typesOf = (events: readonly StoredEvent[]) => events.map((e) => e.type);
