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
  ['contract unit tests', 'npx', ['vitest', 'run', '--root', 'packages/contract'], baseEnv],
  ['server integration tests (PGlite)', 'npx', ['vitest', 'run', '--root', 'server'], baseEnv],
  ...(pgUrl
    ? [
        [
          'server integration tests (PostgreSQL)',
          'npx',
          ['vitest', 'run', '--root', 'server'],
          { ...baseEnv, TEST_DATABASE_URL: pgUrl },
        ],
      ]
    : []),
  ['web unit tests', 'npx', ['vitest', 'run', '--root', 'web'], baseEnv],
  ['web build', 'npm', ['run', 'build', '-w', '@strazce/web'], baseEnv],
  [
    'end-to-end tests (Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    // With a PostgreSQL server the browser tests' server runs on a fresh database there (e2e/support/server.mjs).
    pgUrl ? { ...baseEnv, TEST_DATABASE_URL: pgUrl } : baseEnv,
  ],
];

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
