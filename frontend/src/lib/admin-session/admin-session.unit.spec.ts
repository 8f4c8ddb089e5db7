import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api';
import {
  type AdminSession,
  type AdminUser,
  adminSessionQueryKey,
  checkAdminSession,
  forgetAdminSession,
  isUnauthorized,
  loadForAdmin,
  signInAdmin,
  signOutAdmin,
} from './admin-session.js';
import { adminAuthorization, forgetAdminToken, rememberAdminToken } from './admin-token.js';

const token = 'q9Vf3xk2N0bLr8TzY1wEaC4uJm6sPd7h_-Gi5oKe';
const user: AdminUser = { id: 'a1b2c3', email: 'admin@coseso.test', role: 'admin' } as AdminUser;
const signedIn: AdminSession = { user };

interface Call {
  path: string;
  method: string;
  authorization: string | null;
}

// The server as the session sees it: each path answers a status and a body; every call is noted.
let calls: Call[] = [];
let answers: Record<string, { status: number; body: unknown }> = {};
const realFetch = globalThis.fetch;

beforeEach(() => {
  calls = [];
  answers = {};
  forgetAdminToken(null);
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const path = String(input);
    const headers = new Headers(init?.headers);
    calls.push({ path, method: init?.method ?? 'GET', authorization: headers.get('Authorization') });
    const answer = answers[path] ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = realFetch;
});

const lastCall = () => calls.at(-1);

// No garbage-collection timer left behind to hold the test's worker open.
const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });

describe('the back-office session', () => {
  it('signs in: the session is cached and every back-office call sends the token, other calls none', async () => {
    const queryClient = newQueryClient();
    queryClient.setQueryData(['admin', 'orders', { page: 1 }], { orders: ['of the previous user'] });
    answers['/api/admin/login'] = { status: 200, body: { token, user } };
    answers['/api/admin/orders'] = { status: 200, body: [] };
    answers['/api/orders/x'] = { status: 200, body: {} };

    await signInAdmin(queryClient, { email: user.email, password: 'secret-password' });

    expect(queryClient.getQueryData(adminSessionQueryKey)).toEqual({ user });
    expect(queryClient.getQueryData(['admin', 'orders', { page: 1 }])).toBeUndefined();
    await api.get('/api/admin/orders', { auth: 'admin' });
    expect(lastCall()).toMatchObject({ path: '/api/admin/orders', authorization: `Bearer ${token}` });
    await api.get('/api/orders/x');
    expect(lastCall()).toMatchObject({ path: '/api/orders/x', authorization: null });
  });

  it('signs out: the token is revoked on the server, then forgotten here with what it loaded', async () => {
    const queryClient = newQueryClient();
    rememberAdminToken(token, null);
    queryClient.setQueryData(adminSessionQueryKey, signedIn);
    queryClient.setQueryData(['admin', 'statistics'], { orders: 3 });
    answers['/api/admin/logout'] = { status: 200, body: { success: true } };

    await signOutAdmin(queryClient);

    expect(lastCall()).toMatchObject({
      path: '/api/admin/logout',
      method: 'POST',
      authorization: `Bearer ${token}`,
    });
    expect(queryClient.getQueryData(adminSessionQueryKey)).toBeNull();
    expect(queryClient.getQueryData(['admin', 'statistics'])).toBeUndefined();
    expect(adminAuthorization()).toEqual({});
    await api.get('/api/admin/orders', { auth: 'admin' }).catch(() => undefined);
    expect(lastCall()?.authorization).toBeNull();
  });

  it('signs out here even when the server cannot be reached', async () => {
    const queryClient = newQueryClient();
    rememberAdminToken(token, null);
    queryClient.setQueryData(adminSessionQueryKey, signedIn);
    answers['/api/admin/logout'] = { status: 503, body: { message: 'Unavailable' } };

    await expect(signOutAdmin(queryClient)).rejects.toBeInstanceOf(ApiError);

    expect(queryClient.getQueryData(adminSessionQueryKey)).toBeNull();
    expect(adminAuthorization()).toEqual({});
  });
});

describe('an expired or revoked token (401)', () => {
  it('is no session: the check drops the token', async () => {
    rememberAdminToken(token, null);
    answers['/api/admin/check'] = { status: 401, body: { message: 'Unauthorized' } };

    await expect(checkAdminSession()).resolves.toBeNull();

    expect(lastCall()).toMatchObject({ path: '/api/admin/check', authorization: `Bearer ${token}` });
    expect(adminAuthorization()).toEqual({});
  });

  it('is told apart from other failures, and forgetting the session shows the sign-in page', () => {
    const queryClient = newQueryClient();
    rememberAdminToken(token, null);
    queryClient.setQueryData(adminSessionQueryKey, signedIn);
    expect(isUnauthorized(null, new ApiError(500, '500: boom'))).toBe(false);
    expect(isUnauthorized(null, new ApiError(401, '401: Unauthorized'))).toBe(true);

    forgetAdminSession(queryClient);

    expect(queryClient.getQueryData(adminSessionQueryKey)).toBeNull();
    expect(adminAuthorization()).toEqual({});
  });

  it('checks nothing without a token, and a page loads nothing for nobody', async () => {
    const queryClient = newQueryClient();
    let loaded = false;

    await loadForAdmin(queryClient, async () => {
      loaded = true;
    });

    expect(loaded).toBe(false);
    expect(calls).toEqual([]);
  });

  it('a valid token is a session, and a page loads for it', async () => {
    const queryClient = newQueryClient();
    rememberAdminToken(token, null);
    answers['/api/admin/check'] = { status: 200, body: { isAuthenticated: true, user } };
    let loadedFor: unknown = null;

    await loadForAdmin(queryClient, async (session) => {
      loadedFor = session.user;
    });

    expect(loadedFor).toEqual(user);
  });
});
