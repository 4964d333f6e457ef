import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'server/drizzle/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // `.every()` passes on an empty list: a filter that found nothing would pass such an assertion.
    files: ['**/*.test.{ts,tsx}', '**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='expect'] > CallExpression[callee.property.name='every']",
          message:
            'expect(list.every(…)) passes on an empty list: use expectEvery(list, check) (server/test/helper.ts), or assert the list is not empty first.',
        },
      ],
    },
  },
  {
    // The layers (docs/development.md, "Layers"): the platform and the database layer know no module and not the
    // app's composition; modules register their tables, jobs, demo data and reminders with the app
    // (server/src/serverModules.ts). Their tests may still use a module's fixtures.
    files: ['server/src/platform/**/*.ts', 'server/src/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(modules/|ops/|app$|main$|seed$|serverModules$)',
              message:
                'platform/ and db/ import no module and not the composition: let the module register with the app (serverModules.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract is shared by the server and the web app and imports neither.
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^@strazce/(server|web))|(\\.\\./)+(server|web)/',
              message: 'The contract imports neither the server nor the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
