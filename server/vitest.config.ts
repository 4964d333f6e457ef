import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One migrated embedded database for the run; each test file's database starts from it.
    globalSetup: ['test/pgliteTemplate.ts'],
  },
});
