import { useCallback, useRef } from 'react';
import { PICKER_THROTTLE_MS } from '@/lib/constants.ts';

/** Runs fn at most once per interval (the picker's search and reset, 1 s); extra calls are dropped. */
export function useThrottle(interval = PICKER_THROTTLE_MS) {
  const last = useRef(Number.NEGATIVE_INFINITY);
  return useCallback(
    <A extends unknown[]>(fn: (...args: A) => void) =>
      (...args: A) => {
        const now = Date.now();
        if (now - last.current < interval) return;
        last.current = now;
        fn(...args);
      },
    [interval],
  );
}
