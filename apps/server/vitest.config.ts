import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Migrates once per run; each file's database is a copy of that one (test/helper.ts).
    globalSetup: ['./test/global-setup.ts'],
    // Each test file gets its own database; two at a time suits a 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30000,
    // Loading the migrated template into a new PGlite costs ~2.5 CPU-seconds; on a loaded 2-core machine that has taken 30 s.
    hookTimeout: 180000,
  },
});
