import { jest } from '@jest/globals';

// A browser journey starts an app and Chromium, then clicks through pages: two minutes on a loaded machine before it is a hang.
jest.setTimeout(120_000);
