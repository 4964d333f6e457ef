import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two test files at once on two cores: on PostgreSQL the test waits for the database server; the embedded
    // database works inside the test's process, yet a file also spends time in its set-up between queries.
    maxWorkers: 2,
    // One migrated embedded database for the run; each test file's database starts from it.
    globalSetup: ['test/pgliteTemplate.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The files share a worker's module registry (each still has its own app and database): the server's modules
    // are imported once per worker instead of once per file, about a third of the run. What the CRUD machinery
    // learns of entities is the app's (`app.usage`), so a file with entities of its own leaves nothing behind.
    isolate: false,
  },
});
