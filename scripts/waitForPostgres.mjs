// Waits until the PostgreSQL server of TEST_DATABASE_URL answers a query (up to PG_WAIT_SECONDS, 60 by default),
// so that CI fails at once with a clear message when it is missing, not deep inside the test suite.
// Run by .ci/run before `npm test`; alone: `node scripts/waitForPostgres.mjs`.
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.PG_WAIT_SECONDS ?? 60);
// The address without a password, for the messages.
const shown = (() => {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
})();
// Errors a wait does not cure: wrong password, unknown role or database.
const final = new Set(['28P01', '28000', '3D000']);

const deadline = Date.now() + seconds * 1000;
let lastError;
for (let attempt = 1; ; attempt++) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    await client.end();
    console.log(`PostgreSQL at ${shown} answers.`);
    process.exit(0);
  } catch (error) {
    lastError = error;
    await client.end().catch(() => {});
    if (final.has(error.code) || Date.now() >= deadline) break;
    if (attempt === 1) console.log(`Waiting up to ${seconds} s for PostgreSQL at ${shown} ...`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const detail = [lastError?.code, lastError?.message].filter(Boolean).join(' ');
console.error(
  [
    '',
    `PostgreSQL is missing: nothing usable answers at ${shown} (${detail}).`,
    'CI runs the server and browser tests on PostgreSQL as well as on the embedded PGlite, so it needs a running',
    'PostgreSQL server there (user postgres with trust auth, or credentials in TEST_DATABASE_URL).',
    'Either start one (e.g. `docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16`), point',
    'TEST_DATABASE_URL at another one, or run without it: `npm test` with TEST_DATABASE_URL and CI unset runs',
    'everything on the embedded PGlite only.',
  ].join('\n'),
);
process.exit(1);
