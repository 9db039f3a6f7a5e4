import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Each test file gets its own database; two at a time suits a 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30000,
    // Building an app runs every migration on a fresh PGlite; on a loaded 2-core machine that has taken over a minute.
    hookTimeout: 180000,
  },
});
