import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // One browser scenario at a time: two cores are shared by the server, Chromium and the runner.
    fileParallelism: false,
    testTimeout: 60000,
    hookTimeout: 120000,
  },
});
