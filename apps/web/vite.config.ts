import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { testTimeout } from './src/test/waits.ts';

/** A path inside the workspace root, where npm hoists dependencies. */
const fromRoot = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/**
 * Test files that replace a module (`vi.mock`): the replacement holds only in a fresh module
 * registry, so they run isolated; every other file shares its worker's registry with the files
 * before it (isolate: false), which spares each file the import of antd and the app — most of the
 * suite's time (decision 0019). Found by content, so a new file that mocks joins without a list.
 */
const MOCKING = /\bvi\.(mock|doMock)\(/;
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const mockingFiles = testFiles(srcDir)
  .filter((file) => MOCKING.test(readFileSync(file, 'utf8')))
  .map((file) => `src${file.slice(srcDir.length)}`);

const API_TARGET = 'http://localhost:8080';

/**
 * The libraries every first page runs, /login included, as one chunk (decision 0035): React, the
 * session store and antd's core with its form, input, button and tooltip stack. Left to itself the bundler spread them over some twenty shared chunks, named after
 * whichever page first used them, and merged unrelated components (collapse, colour picker) into
 * them; one file compresses better and loads only what it lists.
 */
const FIRST_PAGE_LIBRARIES = new RegExp(
  `/node_modules/(${[
    'react',
    'react-dom',
    'react-is',
    'scheduler',
    'zustand',
    'clsx',
    'stylis',
    '@emotion/[^/]+',
    '@ant-design/(cssinjs|cssinjs-utils|colors|fast-color)',
    '@rc-component/(form|async-validator|trigger|tooltip|input|motion|portal|resize-observer)',
    'antd/es/(_util|style|theme|config-provider|locale|version|form|input|button|grid|row|col|space|tooltip|spin|alert)',
  ].join('|')})/`,
);

/** The router and the query client: every page of the app runs them, the stand-alone login does not. */
const APP_FRAME_LIBRARIES = /\/node_modules\/(react-router|@tanstack\/[^/]+)\//;

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/ks': { target: API_TARGET, changeOrigin: true },
      '/docs': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'first-page', test: FIRST_PAGE_LIBRARIES },
            { name: 'app-frame', test: APP_FRAME_LIBRARIES },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Vitest's default leaves one of two cores idle (one worker); jsdom tests are CPU-bound, so two.
    maxWorkers: 2,
    // Four waits of the one bound (src/test/waits.ts): a wait fails with its own message first.
    testTimeout: testTimeout(4),
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
    projects: [
      { extends: true, test: { name: 'isolated', include: mockingFiles, isolate: true } },
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: mockingFiles, isolate: false },
      },
    ],
  },
});
