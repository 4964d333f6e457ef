import { defineConfig } from 'vitest/config';

/**
 * Test files that register entities of their own with the CRUD machinery (tables only their database has): the
 * machinery's registries (references, uses) are module state, so these run in a module registry of their own.
 */
const OWN_ENTITIES = ['src/platform/crud.test.ts', 'src/platform/ids.test.ts'];

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
    projects: [
      {
        extends: true,
        test: { name: 'own-entities', include: OWN_ENTITIES },
      },
      {
        // The other files share a worker's module registry (each still has its own app and database): the
        // server's modules are imported once per worker instead of once per file, about a third of the run.
        extends: true,
        test: {
          name: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: OWN_ENTITIES,
          isolate: false,
        },
      },
    ],
  },
});
