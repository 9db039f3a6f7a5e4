import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // One browser scenario at a time: two cores are shared by the server, Chromium and the runner.
    fileParallelism: false,
    testTimeout: 60000,
    // A browser on a shared 2-core machine can take seconds to finish an animation or a request:
    // polls wait up to 15 s (the default 1 s made closing dialogs flaky under load).
    expect: { poll: { timeout: 15000 } },
    hookTimeout: 120000,
  },
});
