// Jest runs in native ESM mode (the Nest 12 packages are ESM-only): `node --experimental-vm-modules`.
// Test tiers are told apart by file name: *.unit.spec.ts (no I/O), *.int.spec.ts (one adapter against
// the real Postgres/Redis), *.e2e.spec.ts (HTTP into the app), *.browser.spec.ts (headless Chromium).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: false },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2023',
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // The SPA's own alias (frontend/vite.config.ts), for unit tests of its pure helpers.
    '^@/(.*)$': '<rootDir>/frontend/src/$1',
  },
  // Workspace packages resolve to their TypeScript sources, as in tsc and Vite.
  testEnvironmentOptions: { customExportConditions: ['source', 'node', 'node-addons'] },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  roots: [
    '<rootDir>/event-schemas',
    '<rootDir>/backend',
    '<rootDir>/projections',
    '<rootDir>/scripts',
    '<rootDir>/test',
    '<rootDir>/frontend',
  ],
};

const tier = (name, pattern, extra = {}) => ({
  ...common,
  displayName: name,
  testMatch: [`**/src/**/*.${pattern}.spec.ts`],
  ...extra,
});

export default {
  projects: [
    tier('unit', 'unit'),
    tier('int', 'int', { slowTestThreshold: 10, testTimeout: 30_000 }),
    tier('e2e', 'e2e', { slowTestThreshold: 10, testTimeout: 30_000 }),
    // Starting an app and a browser takes seconds, more on a busy two-core CI machine: hooks and tests
    // get a budget that fails a hang without failing a slow start.
    tier('browser', 'browser', { slowTestThreshold: 30, testTimeout: 60_000 }),
  ],
};
