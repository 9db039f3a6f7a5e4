import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { FileService } from '../platform/file-store.ts';
import { feedbackRoutes } from './feedback/routes.ts';
import { FeedbackService } from './feedback/service.ts';
import { helpRoutes } from './help/routes.ts';
import { HelpService } from './help/service.ts';
import { oplogRoutes } from './oplog/routes.ts';
import { OperationLogService } from './oplog/service.ts';
import { AmapWeatherProvider } from './weather/providers.ts';
import { weatherRoutes } from './weather/routes.ts';
import { WeatherService } from './weather/service.ts';

/**
 * The shell's widgets — help, feedback, weather, operation log — built and registered together so
 * app.ts carries one line for them.
 */
export const widgetRoutes: FastifyPluginAsync<{ db: Db; config: Config; files: FileService }> = async (
  app,
  { db, config, files },
) => {
  const maxFileBytes = config.HELP_FILE_MAX_MB * 1024 * 1024;
  const weatherProvider =
    config.WEATHER_AMAP_KEY && config.WEATHER_CITY
      ? new AmapWeatherProvider(
          config.WEATHER_AMAP_KEY,
          config.WEATHER_CITY,
          config.WEATHER_AMAP_URL,
          config.WEATHER_TIMEOUT_SECONDS * 1000,
        )
      : null;
  await app.register(helpRoutes, { help: new HelpService(db, files, maxFileBytes), maxFileBytes });
  await app.register(feedbackRoutes, { feedback: new FeedbackService(db) });
  await app.register(weatherRoutes, { weather: new WeatherService(weatherProvider, app.log) });
  await app.register(oplogRoutes, { oplog: new OperationLogService(db) });
};
