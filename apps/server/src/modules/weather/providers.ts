import { type WeatherCast, type WeatherLive, weatherIconOf } from '@ks/contract';

/** Current conditions and forecast from a weather provider, already in AMap's shape. */
export interface WeatherReport {
  lives: WeatherLive[];
  casts: WeatherCast[];
}

/** Where weather comes from. Only real providers implement it: the platform never invents weather. */
export interface WeatherProvider {
  readonly name: string;
  fetchWeather(): Promise<WeatherReport>;
}

export class WeatherProviderError extends Error {}

type AmapLive = Partial<Record<keyof WeatherLive, string>>;
type AmapCast = Partial<Record<keyof WeatherCast, string>>;
type AmapAnswer = {
  status?: string;
  info?: string;
  infocode?: string;
  lives?: AmapLive[];
  forecasts?: { city?: string; casts?: AmapCast[] }[];
};

/**
 * AMap (高德) Web-service weather: GET /v3/weather/weatherInfo?key&city&extensions=base|all.
 * `base` answers lives (实况), `all` answers forecasts[0].casts (预报, today and the next days).
 * AMap reports failures as HTTP 200 with status '0' and an info text.
 */
export class AmapWeatherProvider implements WeatherProvider {
  readonly name = 'amap';

  constructor(
    private readonly key: string,
    private readonly city: string,
    private readonly origin: string,
    /** Per call: a provider that hangs must not hold the header's weather request for long. */
    private readonly timeoutMs: number,
  ) {}

  async fetchWeather(): Promise<WeatherReport> {
    // Settle both before failing, so no request is left running after the answer.
    const [baseResult, allResult] = await Promise.allSettled([this.call('base'), this.call('all')]);
    if (baseResult.status === 'rejected') throw baseResult.reason;
    if (allResult.status === 'rejected') throw allResult.reason;
    const base = baseResult.value;
    const all = allResult.value;
    const lives = (base.lives ?? []).map(
      (live): WeatherLive => ({
        city: live.city ?? '',
        weather: live.weather ?? '',
        temperature: live.temperature ?? '',
        winddirection: live.winddirection ?? '',
        windpower: live.windpower ?? '',
        humidity: live.humidity ?? '',
        reporttime: live.reporttime ?? '',
        dayweatherIcon: weatherIconOf(live.weather ?? ''),
      }),
    );
    const casts = (all.forecasts?.[0]?.casts ?? []).map(
      (cast): WeatherCast => ({
        date: cast.date ?? '',
        week: cast.week ?? '',
        daytemp: cast.daytemp ?? '',
        nighttemp: cast.nighttemp ?? '',
        daywind: cast.daywind ?? '',
        daypower: cast.daypower ?? '',
        dayweather: cast.dayweather ?? '',
        nightweather: cast.nightweather ?? '',
        dayweatherIcon: weatherIconOf(cast.dayweather ?? ''),
      }),
    );
    if (lives.length === 0) throw new WeatherProviderError('AMap answered no current conditions');
    return { lives, casts };
  }

  private async call(extensions: 'base' | 'all'): Promise<AmapAnswer> {
    const url = new URL('/v3/weather/weatherInfo', this.origin);
    url.search = new URLSearchParams({
      key: this.key,
      city: this.city,
      extensions,
      output: 'JSON',
    }).toString();
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new WeatherProviderError(`AMap unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new WeatherProviderError(`AMap answered HTTP ${response.status}`);
    const body = (await response.json().catch(() => null)) as AmapAnswer | null;
    if (body?.status !== '1') {
      throw new WeatherProviderError(`AMap refused: ${body?.info ?? 'no JSON'} (${body?.infocode ?? '-'})`);
    }
    return body;
  }
}
