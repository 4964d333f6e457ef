import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // On PostgreSQL a test file waits for the database server, another process: two files at once keep both cores
    // busy (a fifth less time on two cores). The embedded database works inside the test's own process: one.
    maxWorkers: process.env.TEST_DATABASE_URL ? 2 : undefined,
    // One migrated embedded database for the run; each test file's database starts from it.
    globalSetup: ['test/pgliteTemplate.ts'],
  },
});
