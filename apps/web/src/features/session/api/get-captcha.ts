import type { CaptchaSchema } from '@ks/contract/session';
import { useCallback, useEffect, useRef, useState } from 'react';
import { http } from '@/lib/http.ts';

export type Captcha = ReturnType<(typeof CaptchaSchema)['parse']>;

export const getCaptcha = () => http.get<Captcha>('/ks/common/captcha', { isToken: false });

/**
 * The image captcha while `enabled`, drawn anew by `refetch`. Each captcha answers once, so nothing
 * is cached; plain state rather than a query, because the login page runs without a query client
 * (decision 0035). Only the latest request's answer is shown.
 */
export function useCaptcha(enabled: boolean) {
  const [data, setData] = useState<Captcha>();
  const [isFetching, setFetching] = useState(false);
  const latestRequest = useRef(0);

  const refetch = useCallback(() => {
    const request = ++latestRequest.current;
    const isLatest = () => request === latestRequest.current;
    setFetching(true);
    getCaptcha().then(
      (captcha) => {
        if (!isLatest()) return;
        setData(captcha);
        setFetching(false);
      },
      () => {
        if (isLatest()) setFetching(false);
      },
    );
  }, []);

  useEffect(() => {
    if (!enabled) return;
    refetch();
    return () => {
      latestRequest.current += 1;
    };
  }, [enabled, refetch]);

  return { data, isFetching, refetch };
}
