import { join, relative } from 'node:path';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
// The layouts set dayjs's locale for their pages; widgets here render without them.
import '@/app/dayjs-locale.ts';
import { forgetPublicKey } from '@/features/session/api/get-public-key.ts';
import { setFeedback } from '@/lib/feedback.ts';
import { setNavigator } from '@/lib/navigation.ts';
import { queryClient } from '@/lib/query-client.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { takeImpossibleAnswers } from './fetch-mock.ts';
import { UNCONVERTED_DOUBLES } from './unconverted-doubles.ts';

// Lazy routes, antd's first render and RSA encryption take a moment under jsdom, and seconds on a
// loaded 2-core machine: a findBy* returns as soon as it finds, so a generous bound costs nothing.
configure({ asyncUtilTimeout: 15000 });

// antd's responsive components ask for matchMedia, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// antd measures layout with ResizeObserver, which jsdom lacks; nothing resizes in these tests.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) Object.assign(window, { ResizeObserver: NoopResizeObserver });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  queryClient.clear();
  forgetPublicKey();
  useSessionStore.getState().clearSession();
  useSessionStore.getState().setLoginPrompt(null);
  setFeedback(null);
  setNavigator(null);
  sessionStorage.clear();
  localStorage.clear();
  document.body.innerHTML = '';
  const impossible = takeImpossibleAnswers();
  if (impossible.length === 0) return;
  const report = `Mocked answers the server could not send:\n${impossible.join('\n')}`;
  const file = relative(join(import.meta.dirname, '..'), expect.getState().testPath ?? '');
  if (UNCONVERTED_DOUBLES.has(file)) console.warn(`${file} (unconverted doubles): ${report}`);
  else throw new Error(report);
});
