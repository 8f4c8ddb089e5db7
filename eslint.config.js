import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const spa = resolve(dirname(fileURLToPath(import.meta.url)), 'frontend/src');

/** The layer a module of the SPA is in: one feature, the shared code (lib, ui), or neither (routes). */
function layerOf(path) {
  const inside = relative(spa, path);
  if (inside.startsWith('..') || isAbsolute(inside)) return null;
  const [top, name] = inside.split(sep);
  if (top === 'features' && name) return { feature: name };
  if (top === 'lib' || top === 'ui') return { shared: top };
  return null;
}

/** The file an import names, through the SPA's alias (`@/` is frontend/src) or a relative path; null for packages. */
function importedPath(specifier, importer) {
  if (specifier.startsWith('@/')) return resolve(spa, specifier.slice(2));
  if (specifier.startsWith('./') || specifier.startsWith('../')) return resolve(dirname(importer), specifier);
  return null;
}

/**
 * Features own their code (bulletproof-react): a feature imports no other feature, and the shared
 * code (src/lib, src/ui) imports none at all; routes compose features. Alias and relative paths alike.
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      crossFeature:
        'The {{from}} feature imports from the {{to}} feature: move what both use to src/lib or src/ui.',
      sharedOnFeature: 'src/{{from}} is shared by every feature: it cannot import from the {{to}} feature.',
    },
  },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const check = ({ source }) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const path = importedPath(source.value, context.filename);
      const to = path && layerOf(path);
      if (!to?.feature || to.feature === from.feature) return;
      context.report({
        node: source,
        messageId: from.feature ? 'crossFeature' : 'sharedOnFeature',
        data: { from: from.feature ?? from.shared, to: to.feature },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'frontend/src/routeTree.gen.ts',
      'event-schemas/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, spa: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'spa/feature-boundaries': 'error',
    },
  },
  {
    // The event store is used through its port and its adapters' public faces (postgres-adapter.ts);
    // adapter-internals.unit.spec.ts holds the same rule when the lint is not run.
    files: ['**/*.{ts,tsx,mjs,js}'],
    ignores: ['backend/event-store/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@coseso/event-store/postgres/*', '@coseso/event-store/eventstoredb/*'],
              message:
                "An event store adapter's internals: use the port (event-store.ts) or the adapter's public face (@coseso/event-store/postgres-adapter).",
            },
          ],
        },
      ],
    },
  },
  {
    // The browser journeys run on Playwright's runner: `test` and `expect` are imported (from
    // support/fixtures.ts), Jest's globals are not there.
    files: ['test/src/journeys/**/*.browser.spec.ts', 'test/src/support/**/*.ts', 'playwright.config.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'describe',
          'it',
          'test',
          'expect',
          'beforeAll',
          'afterAll',
          'beforeEach',
          'afterEach',
          'jest',
        ].map((name) => ({
          name,
          message: "Jest's global: import `test` and `expect` from support/fixtures.ts.",
        })),
      ],
    },
  },
  {
    files: ['scripts/src/**/*.ts', 'test/src/bench/**/*.ts', 'scripts/*.mjs', '**/*.cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
