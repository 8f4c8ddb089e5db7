import { describe, expect, it } from '@jest/globals';
import { safeRedirectPath, signInDestination } from './safe-redirect.js';

describe('safeRedirectPath', () => {
  it.each(['/dashboard', '/contract/0b6f1c1e-3b7a-4c1e-9a51-0c9b1f0e2a77', '/dashboard?tab=media', '/'])(
    'keeps the site path %s',
    (path) => expect(safeRedirectPath(path)).toBe(path),
  );

  it.each([
    ['another site, protocol-relative', '//evil.example/dashboard'],
    ['another site, backslash', '/\\evil.example'],
    ['an absolute URL', 'https://evil.example/dashboard'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'dashboard'],
    ['a control character', '/dash\nboard'],
    ['the sign-in page itself', '/auth?redirect=/dashboard'],
    ['a sign-in sub-page', '/auth/set-password?token=x'],
    ['an empty string', ''],
  ])('refuses %s', (_, value) => expect(safeRedirectPath(value)).toBeUndefined());

  it('refuses what is not a string', () => {
    expect(safeRedirectPath(undefined)).toBeUndefined();
    expect(safeRedirectPath(['/dashboard'])).toBeUndefined();
    expect(safeRedirectPath(42)).toBeUndefined();
  });

  it('keeps /authors, which is not the sign-in page', () => {
    expect(safeRedirectPath('/authors')).toBe('/authors');
  });
});

describe('signInDestination', () => {
  const order = '0b6f1c1e-3b7a-4c1e-9a51-0c9b1f0e2a77';

  it('goes to the dashboard by default', () => {
    expect(signInDestination(undefined, undefined)).toBe('/dashboard');
    expect(signInDestination('//evil.example', undefined)).toBe('/dashboard');
  });

  it('goes to the redirect', () => {
    expect(signInDestination(`/contract/${order}`, undefined)).toBe(`/contract/${order}`);
  });

  it("appends the order's anchor, replacing any other", () => {
    expect(signInDestination(undefined, order)).toBe(`/dashboard#order-${order}`);
    expect(signInDestination('/dashboard?tab=media#top', order)).toBe(`/dashboard?tab=media#order-${order}`);
  });
});
