import { jest } from '@jest/globals';

// Jest reads `testTimeout` from the global configuration only: a project's own is ignored. Each
// tier passes its budget in `globals`, and this sets it for the tier's files.
const budget = (globalThis as { tierTimeoutMs?: number }).tierTimeoutMs;
if (budget) jest.setTimeout(budget);
