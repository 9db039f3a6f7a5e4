import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
// The layouts set dayjs's locale for their pages; widgets here render without them.
import '@/app/dayjs-locale.ts';
import { forgetPublicKey } from '@/features/session/api/get-public-key.ts';
import { setFeedback } from '@/lib/feedback.ts';
import { setNavigator } from '@/lib/navigation.ts';
import { queryClient } from '@/lib/query-client.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { takeImpossibleAnswers, takeUnexpectedRequests } from './fetch-mock.ts';
import { UI_WAIT_MS } from './waits.ts';

// Every findBy*/waitFor waits up to the one bound (waits.ts) unless it asks for a multiple of it.
configure({ asyncUtilTimeout: UI_WAIT_MS });

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

/**
 * What jsdom's getComputedStyle decides with antd's injected styles: only `display`, `visibility`
 * and `pointer-events` (what Testing Library's role queries and hidden checks, dom-accessibility-
 * api's names and user-event's pointer check read). jsdom matches every rule of every sheet against
 * an element and each ancestor a query looks at, and antd injects thousands of rules, nearly all
 * of them colours, sizes and spacing that jsdom never lays out: most of the web suite's time.
 * antd writes each style element's text through `innerHTML` (@rc-component/util's updateCSS);
 * here that text keeps, of the rules jsdom applies (plain rules and `@media screen` ones; jsdom
 * skips every other at-rule), only those declarations, in their order, selectors and priority. The
 * cascade of those three properties is the browser's own, so what is visible, hidden or
 * click-through is unchanged; the getter answers antd's own text, so antd sees its styles as it
 * wrote them. No test reads another computed property (checked: no getComputedStyle or toHaveStyle
 * in the tests); inline styles are not touched.
 */
const DECIDING = ['display', 'visibility', 'pointer-events'];
const innerHtml = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
if (innerHtml?.get && innerHtml.set) {
  const { get, set } = innerHtml;
  const written = new WeakMap<Element, string>();
  const deciding = (rule: CSSStyleRule) => {
    const kept = DECIDING.filter((name) => rule.style.getPropertyValue(name) !== '').map(
      (name) =>
        `${name}:${rule.style.getPropertyValue(name)}${rule.style.getPropertyPriority(name) ? ' !important' : ''}`,
    );
    return kept.length > 0 ? `${rule.selectorText}{${kept.join(';')}}` : '';
  };
  const keepDeciding = (css: string) => {
    // Parsed by jsdom's own parser, in a sheet of no document.
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    const kept: string[] = [];
    for (const rule of Array.from(sheet.cssRules)) {
      if (rule instanceof CSSStyleRule) kept.push(deciding(rule));
      // As jsdom: a media rule applies only when one of its queries is exactly `screen`.
      else if (rule instanceof CSSMediaRule && Array.from(rule.media).includes('screen')) {
        const inner = Array.from(rule.cssRules)
          .map((one) => (one instanceof CSSStyleRule ? deciding(one) : ''))
          .join('');
        if (inner) kept.push(`@media ${rule.media.mediaText}{${inner}}`);
      }
    }
    return kept.join('');
  };
  Object.defineProperty(HTMLStyleElement.prototype, 'innerHTML', {
    configurable: true,
    get(this: HTMLStyleElement) {
      return written.get(this) ?? get.call(this);
    },
    set(this: HTMLStyleElement, css: string) {
      written.set(this, css);
      set.call(this, keepDeciding(css));
    },
  });
}

// Most files share their worker's modules with the files before them (vite.config.ts): a file that
// does not check its unexpected requests must not leave them to the next file's check.
beforeAll(() => {
  takeUnexpectedRequests();
});

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
  if (impossible.length > 0)
    throw new Error(`Mocked answers the server could not send:\n${impossible.join('\n')}`);
});
