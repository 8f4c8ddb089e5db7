// Jest runs in native ESM mode (the Nest 12 packages are ESM-only): `node --experimental-vm-modules`.
// Test tiers are told apart by file name: *.unit.spec.ts (no I/O), *.int.spec.ts (one adapter against
// the real Postgres/Redis), *.e2e.spec.ts (HTTP into the app). The browser journeys (*.browser.spec.ts)
// run on Playwright's runner (playwright.config.ts), after Jest in `npm test`.
// The SPA's components (.tsx) are transformed too, for unit tests that render them to markup.
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: false,
        react: { runtime: 'automatic' },
      },
      target: 'es2023',
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.ts$': swc(false), '^.+\\.tsx$': swc(true) },
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

export const tier = (name, pattern, extra = {}) => ({
  ...common,
  displayName: name,
  testMatch: [`**/src/**/*.${pattern}.spec.ts`],
  ...extra,
});

export default {
  // One process running every file in turn grows past Node's heap (native ESM modules are kept per
  // test file): with a limit, Jest runs the files in a worker (one on two cores, as many as before)
  // and starts a fresh one once a file leaves it above the limit.
  workerIdleMemoryLimit: '1500MB',
  // A test's budget detects a hang, it does not time the machine: on a two-core CI machine under
  // load, starting an app, a job's email or a contract's PDF take tens of seconds, and the waits
  // inside a test (60 s for a background job's result) must end before the test's own budget does.
  testTimeout: 120_000,
  projects: [
    tier('unit', 'unit'),
    tier('int', 'int', { slowTestThreshold: 10 }),
    tier('e2e', 'e2e', { slowTestThreshold: 10 }),
  ],
};
