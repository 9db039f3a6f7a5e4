import type { BusinessModule } from '../../engine/modules.ts';
import { AmapWeatherProvider } from './providers.ts';
import { weatherRoutes } from './routes.ts';
import { WeatherService } from './service.ts';

/** The header's weather: from AMap when a key and a city are configured, none otherwise. */
export const WEATHER_MODULE: BusinessModule = {
  name: 'weather',
  async routes(app, { config }) {
    const provider =
      config.WEATHER_AMAP_KEY && config.WEATHER_CITY
        ? new AmapWeatherProvider(
            config.WEATHER_AMAP_KEY,
            config.WEATHER_CITY,
            config.WEATHER_AMAP_URL,
            config.WEATHER_TIMEOUT_SECONDS * 1000,
          )
        : null;
    await app.register(weatherRoutes, { weather: new WeatherService(provider, app.log) });
  },
};
