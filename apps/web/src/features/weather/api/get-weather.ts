import type { Weather } from '@ks/contract/weather';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { shellHttp } from '@/lib/http.ts';

/** GET /ks/common/weather: quiet, because a header widget must not open dialogs on every page. */
export const getWeather = () => shellHttp.get<Weather>('/ks/common/weather', { quiet: true });

/** The server caches the provider for 10 minutes; asking more often would only repeat it. */
export const getWeatherQueryOptions = () =>
  queryOptions({ queryKey: ['weather'], queryFn: getWeather, staleTime: 10 * 60 * 1000, retry: false });

export const useWeather = () => useQuery(getWeatherQueryOptions());
