import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'bench/tmp/**',
      'data/**',
      'apps/api/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
      'bench/results/**',
      'bench/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // A feature is reached only through its index.ts (bulletproof-react boundary): no import may go into another
  // feature's files. Shared code (lib, ui, app, i18n) is open to all.
  ...[
    ['apps/web/src/features/*/*.{ts,tsx}', '^\\.\\./(?!\\.)[^/]+/'],
    ['apps/web/src/features/*/*/*.{ts,tsx}', '^\\.\\./\\.\\./(?!lib/|ui/|app/|i18n/)[^./][^/]*/'],
    ['apps/web/src/features/*/*/*/*.{ts,tsx}', '^\\.\\./\\.\\./\\.\\./(?!lib/|ui/|app/|i18n/)[^./][^/]*/'],
  ].map(([files, regex]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex, message: 'Import another feature only through its index.ts' }] },
      ],
    },
  })),
  // Shared web code (ui/, lib/) is below the storefront's features and the back office: it imports neither.
  // Which feature may import which: .dependency-cruiser.cjs (FEATURE_LAYERS).
  {
    files: ['apps/web/src/{ui,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(features|admin)(/|$)',
              message:
                'ui/ and lib/ are shared by the storefront and the back office: they never import features/ or admin/',
            },
          ],
        },
      ],
    },
  },
  // The API's modules (apps/api/src/modules/*) reach each other only through the other module's index.ts, its
  // face; a module above reacts to one below through the lower module's hooks (lib/hooks.ts), never by the lower
  // one importing it. Tests may reach into any module. Import cycles: .dependency-cruiser.cjs (npm run lint).
  // The same for the server's pages (web.ts, seo.ts, share-images.ts) and lib/: they are not composition roots
  // (app.ts, jobs.ts, server.ts are), so they too take a module's face, never its files.
  ...[
    ['apps/api/src/modules/*/*.ts', '^\\.\\./(?!\\.)[^/]+/(?!index\\.ts$)'],
    ['apps/api/src/{web,seo,share-images}.ts', '^\\./modules/[^/]+/(?!index\\.ts$)'],
    ['apps/api/src/lib/**/*.ts', '^(\\.\\./)+modules/[^/]+/(?!index\\.ts$)'],
  ].map(([files, regex]) => ({
    files: [files],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex,
              message:
                "Import another API module only through its index.ts (add what you need to that module's face)",
            },
          ],
        },
      ],
    },
  })),
);
