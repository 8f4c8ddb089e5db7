import { describe, expect, it } from '@jest/globals';
import {
  ADMIN_TOKEN_KEY,
  type TokenStorage,
  adminAuthorization,
  clearAdminToken,
  forgetAdminToken,
  readAdminToken,
  rememberAdminToken,
  saveAdminToken,
} from './admin-token.js';

function memoryStorage(initial: Record<string, string> = {}): TokenStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const failingStorage: TokenStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

const token = 'q9Vf3xk2N0bLr8TzY1wEaC4uJm6sPd7h_-Gi5oKe';

describe('admin token storage', () => {
  it('saves, reads and clears the token under its key', () => {
    const storage = memoryStorage();
    saveAdminToken(token, storage);
    expect(storage.items.get(ADMIN_TOKEN_KEY)).toBe(token);
    expect(readAdminToken(storage)).toBe(token);
    clearAdminToken(storage);
    expect(readAdminToken(storage)).toBeNull();
  });

  it('reads nothing when nothing is stored', () => {
    expect(readAdminToken(memoryStorage())).toBeNull();
  });

  it('ignores a stored value that is not a token', () => {
    expect(readAdminToken(memoryStorage({ [ADMIN_TOKEN_KEY]: 'short' }))).toBeNull();
    expect(readAdminToken(memoryStorage({ [ADMIN_TOKEN_KEY]: `${token} extra` }))).toBeNull();
    expect(readAdminToken(memoryStorage({ [ADMIN_TOKEN_KEY]: 'x'.repeat(201) }))).toBeNull();
  });

  it('never throws when the storage refuses access or is missing', () => {
    expect(readAdminToken(failingStorage)).toBeNull();
    expect(() => saveAdminToken(token, failingStorage)).not.toThrow();
    expect(() => clearAdminToken(failingStorage)).not.toThrow();
    expect(readAdminToken(null)).toBeNull();
    expect(() => saveAdminToken(token, null)).not.toThrow();
  });

  it('works without a browser (no window)', () => {
    expect(readAdminToken()).toBeNull();
  });
});

describe('adminAuthorization', () => {
  it('sends the remembered token as a bearer token, and nothing once it is forgotten', () => {
    const storage = memoryStorage();
    rememberAdminToken(token, storage);
    expect(storage.items.get(ADMIN_TOKEN_KEY)).toBe(token);
    expect(adminAuthorization()).toEqual({ Authorization: `Bearer ${token}` });
    forgetAdminToken(storage);
    expect(storage.items.has(ADMIN_TOKEN_KEY)).toBe(false);
    expect(adminAuthorization()).toEqual({});
  });

  it('keeps the token for the page when the storage refuses it', () => {
    rememberAdminToken(token, failingStorage);
    expect(adminAuthorization()).toEqual({ Authorization: `Bearer ${token}` });
    forgetAdminToken(failingStorage);
    expect(adminAuthorization()).toEqual({});
  });
});
