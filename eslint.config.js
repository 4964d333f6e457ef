import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** `expect(list.every(…))` passes on an empty list: a filter that found nothing would pass such an assertion. */
const everyOnEmptyList = {
  selector: "CallExpression[callee.name='expect'] > CallExpression[callee.property.name='every']",
  message:
    'expect(list.every(…)) passes on an empty list: use expectEvery(list, check) (server/test/helper.ts), or assert the list is not empty first.',
};

/**
 * The web's layers (docs/ARCHITECTURE: app root → modules → components and lib): a module reaches another module
 * only through that module's public `index.ts`, never into its files; components and lib know no module and no
 * app root; lib knows no component.
 */
const DEEP_MODULE_IMPORT = '^\\.\\./(?!\\.\\./)[^/]+/.';
const deepModuleImport = {
  regex: DEEP_MODULE_IMPORT,
  message:
    "Import another module only through its public index (`'../keys'`), or move the shared piece to web/src/components or web/src/lib.",
};
const deepModuleDynamicImport = {
  selector: `ImportExpression[source.value=/${DEEP_MODULE_IMPORT.replaceAll('/', '\\/')}/]`,
  message: deepModuleImport.message,
};
const upwardImport = (layers) => ({
  regex: `^(\\.\\./)+(${layers.join('|')})(/|$)`,
  message: 'Layers point down only (app root → modules → components → lib): move the piece down instead.',
});

/**
 * One clock (docs/development.md): business times come from the app's clock (`app.clock`, the tests' manual
 * clock), never the machine's. A deliberate wall-clock read says why in its disable comment.
 */
const wallClock = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: "Take the time from the app's clock: new Date(app.clock.now()) (or request.server.clock).",
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: "Take the time from the app's clock: app.clock.now() (or request.server.clock).",
  },
];

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
      'no-restricted-syntax': ['error', everyOnEmptyList],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    // The clock itself, tests, the operator's commands (durations of a backup) and demo data (around today).
    ignores: ['**/*.test.ts', 'server/src/platform/clock.ts', 'server/src/ops/**', 'server/src/**/*.demo.ts'],
    rules: { 'no-restricted-syntax': ['error', ...wallClock] },
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
  {
    files: ['web/src/modules/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [deepModuleImport, upwardImport(['app'])] }],
      'no-restricted-syntax': ['error', deepModuleDynamicImport],
    },
  },
  {
    files: ['web/src/modules/*/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', everyOnEmptyList, deepModuleDynamicImport] },
  },
  {
    files: ['web/src/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [upwardImport(['app', 'modules'])] }] },
  },
  {
    files: ['web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [upwardImport(['app', 'modules', 'components'])] }],
    },
  },
);
