import { queryOptions, useQuery } from '@tanstack/react-query';
import { fileHttp } from '@/lib/http.ts';

/**
 * The photo's bytes as an object URL: downloads need the Bearer header, which an <img src> cannot
 * send. The previous object URL is released when the query drops it.
 */
export const getPhotoQueryOptions = (url: string) =>
  queryOptions({
    queryKey: ['shell', 'photo', url],
    queryFn: async () => URL.createObjectURL(await fileHttp.get(url, { quiet: true })),
    staleTime: Infinity,
    gcTime: 60_000,
  });

export const usePhoto = (url: string | null | undefined) =>
  useQuery({ ...getPhotoQueryOptions(url ?? ''), enabled: !!url });
