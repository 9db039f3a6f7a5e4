import type { CaptchaSchema } from '@ks/contract/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

export type Captcha = ReturnType<(typeof CaptchaSchema)['parse']>;

export const getCaptcha = () => http.get<Captcha>('/ks/common/captcha', { isToken: false });

/** Each captcha answers once: never serve one from the cache. */
export const getCaptchaQueryOptions = () =>
  queryOptions({ queryKey: ['session', 'captcha'], queryFn: getCaptcha, staleTime: 0, gcTime: 0 });

export const useCaptcha = (enabled: boolean) => useQuery({ ...getCaptchaQueryOptions(), enabled });
