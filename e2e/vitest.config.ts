import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The bound of every retrying wait (support/waits.ts); a test may spend a few of them.
const UI_WAIT_MS = Number(process.env.E2E_UI_WAIT_MS ?? 30000);

export default defineConfig({
  // The web's own imports, for the route walk that reads the features' routes.ts.
  resolve: { alias: { '@': fileURLToPath(new URL('../apps/web/src', import.meta.url)) } },
  test: {
    include: ['**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // One browser scenario at a time: two cores are shared by the server, Chromium and the runner.
    fileParallelism: false,
    // Tests a spec marks concurrent (the role walks: mostly waiting for pages to settle) run two at a time.
    maxConcurrency: 2,
    testTimeout: 4 * UI_WAIT_MS,
    // A browser on a shared 2-core machine can take seconds to finish an animation or a request:
    // polls wait as long as any UI wait (the default 1 s made closing dialogs flaky under load).
    expect: { poll: { timeout: UI_WAIT_MS } },
    hookTimeout: 120000,
  },
});
