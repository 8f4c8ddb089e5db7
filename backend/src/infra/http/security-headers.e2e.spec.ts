import request from 'supertest';
import { type TestApp, startTestApp } from '../../testing/test-app.js';
import { contentSecurityPolicy } from './security-headers.js';

describe('the security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('sends a Content-Security-Policy without inline or eval scripts, and the usual protections', async () => {
    const { headers } = await request(t.app.getHttpServer()).get('/api/health');
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-powered-by']).toBeUndefined();
    // Over plain http (a developer's machine) neither HSTS nor upgrade-insecure-requests: they would break it.
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('on errors too, since a refused request still renders in the browser', async () => {
    const { headers } = await request(t.app.getHttpServer()).get('/api/orders/not-an-id').expect(400);
    expect(String(headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('upgrades insecure requests when the app is served over https', () => {
    expect(contentSecurityPolicy({ PUBLIC_URL: 'https://coseso.fr' })).toHaveProperty(
      'upgrade-insecure-requests',
    );
  });
});
