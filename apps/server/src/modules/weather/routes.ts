import { WeatherEnvelopeSchema } from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { WeatherService } from './service.ts';

export const weatherRoutes: FastifyPluginAsyncZod<{ weather: WeatherService }> = async (app, { weather }) => {
  app.get(
    '/ks/common/weather',
    {
      config: { access: 'session' },
      schema: {
        tags: ['weather'],
        summary: 'Current conditions and forecast (AMap shape: lives, forecast.casts)',
        response: { 200: WeatherEnvelopeSchema },
      },
    },
    async () => ok(await weather.getWeather()),
  );
};
