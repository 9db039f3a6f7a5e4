import { useCallback, useEffect, useRef, useState } from 'react';
import { BUTTON_REENABLE_MS } from '@/lib/constants.ts';

/**
 * Action buttons re-enable 1 second after a click: `guard(fn)` runs fn and disables
 * every button using this hook until the second has passed, so a double click acts once.
 */
export function useReenable(delay = BUTTON_REENABLE_MS) {
  const [isCoolingDown, setCoolingDown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const guard = useCallback(
    <A extends unknown[]>(fn: (...args: A) => void) =>
      (...args: A) => {
        if (timer.current) return;
        setCoolingDown(true);
        timer.current = setTimeout(() => {
          timer.current = null;
          setCoolingDown(false);
        }, delay);
        fn(...args);
      },
    [delay],
  );
  return { isCoolingDown, guard };
}
