import {
  WEATHER_NOT_CONFIGURED_MESSAGE,
  WEATHER_UNAVAILABLE_MESSAGE,
  type Weather,
  weatherThemeOf,
} from '@ks/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WeatherProvider, WeatherReport } from './providers.ts';

/** AMap refreshes its conditions about hourly; ten minutes keeps every header fresh enough at one call per instance. */
export const WEATHER_CACHE_MS = 10 * 60 * 1000;
/** After a failure, ask again sooner, but not on every page load. */
const FAILURE_RETRY_MS = 60 * 1000;

export class WeatherService {
  private cached: { report: WeatherReport; until: number } | null = null;
  private failedUntil = 0;
  private pending: Promise<WeatherReport> | null = null;

  constructor(
    private readonly provider: WeatherProvider | null,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly now: () => number = Date.now,
  ) {}

  async getWeather(): Promise<Weather> {
    if (!this.provider) return empty('not_configured', WEATHER_NOT_CONFIGURED_MESSAGE, '');
    const provider = this.provider;
    const report = await this.loadReport(provider);
    if (!report) return empty('unavailable', WEATHER_UNAVAILABLE_MESSAGE, provider.name);
    const live = report.lives[0];
    return {
      state: 'ok',
      message: '',
      provider: provider.name,
      theme: live ? weatherThemeOf(live.weather) : null,
      lives: report.lives,
      forecast: { casts: report.casts },
    };
  }

  private async loadReport(provider: WeatherProvider): Promise<WeatherReport | null> {
    const now = this.now();
    if (this.cached && this.cached.until > now) return this.cached.report;
    if (this.failedUntil > now) return this.cached?.report ?? null;
    // One request to the provider at a time, however many headers ask at once.
    this.pending ??= provider.fetchWeather().finally(() => {
      this.pending = null;
    });
    try {
      const report = await this.pending;
      this.cached = { report, until: this.now() + WEATHER_CACHE_MS };
      return report;
    } catch (error) {
      this.failedUntil = this.now() + FAILURE_RETRY_MS;
      this.log.warn({ err: error }, 'weather provider failed');
      // Stale conditions are still real conditions; better than nothing for a while.
      return this.cached?.report ?? null;
    }
  }
}

function empty(state: Weather['state'], message: string, provider: string): Weather {
  return { state, message, provider, theme: null, lives: [], forecast: { casts: [] } };
}
