import { jest } from '@jest/globals';

// A browser journey starts an app and Chromium, then clicks through pages: a minute before it is a hang.
jest.setTimeout(60_000);
