import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** A path inside the workspace root, where npm hoists dependencies. */
const fromRoot = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

const API_TARGET = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/ks': { target: API_TARGET, changeOrigin: true },
      '/docs': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Vitest's default leaves one of two cores idle (one worker); jsdom tests are CPU-bound, so two.
    maxWorkers: 2,
    testTimeout: 30000,
    // react-router ships CJS and ESM builds. Under the test runner the app's imports resolved to
    // one and `react-router/dom` to the other, giving two router contexts; pin both to ESM.
    alias: [
      {
        find: /^react-router$/,
        replacement: fromRoot('node_modules/react-router/dist/development/index.mjs'),
      },
      {
        find: /^react-router\/dom$/,
        replacement: fromRoot('node_modules/react-router/dist/development/dom-export.mjs'),
      },
    ],
    server: { deps: { inline: ['react-router'] } },
  },
});
