import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/**
 * Weather: AMap's weatherInfo shape — lives (current conditions) and forecast.casts —
 * plus the panel theme and icon we compute from the weather text.
 */
export const WEATHER_THEMES = ['sunny', 'cloudy', 'overcast', 'rain', 'snow', 'smog'] as const;
export const WeatherThemeSchema = z.enum(WEATHER_THEMES);
export type WeatherTheme = z.infer<typeof WeatherThemeSchema>;
export const WEATHER_THEME_LABELS: Record<WeatherTheme, string> = {
  sunny: '晴',
  cloudy: '多云',
  overcast: '阴',
  rain: '雨',
  snow: '雪',
  smog: '雾霾',
};

/** Icons: the themes, plus grades of rain and the dust and haze types. */
export const WEATHER_ICONS = [
  'sunny',
  'cloudy',
  'overcast',
  'rain-light',
  'rain-moderate',
  'rain-heavy',
  'rain-storm',
  'thunder',
  'sleet',
  'snow',
  'fog',
  'haze',
  'dust',
  'sand',
  'unknown',
] as const;
export type WeatherIcon = (typeof WEATHER_ICONS)[number];

/** Panel theme of a weather text such as '小雨', '阴', '扬沙', '晴转多云'. */
export function weatherThemeOf(weather: string): WeatherTheme {
  if (/雪/.test(weather)) return 'snow';
  if (/雨|雷/.test(weather)) return 'rain';
  if (/霾|雾|沙|尘|烟/.test(weather)) return 'smog';
  if (/阴/.test(weather)) return 'overcast';
  if (/云/.test(weather)) return 'cloudy';
  if (/晴|热|冷/.test(weather)) return 'sunny';
  return 'cloudy';
}

/** Icon of a weather text: rain by grade, dust and haze by type. */
export function weatherIconOf(weather: string): WeatherIcon {
  if (/雨夹雪|冻雨/.test(weather)) return 'sleet';
  if (/雪/.test(weather)) return 'snow';
  if (/雷/.test(weather)) return 'thunder';
  if (/暴雨/.test(weather)) return 'rain-storm';
  if (/大雨/.test(weather)) return 'rain-heavy';
  if (/中雨/.test(weather)) return 'rain-moderate';
  if (/雨/.test(weather)) return 'rain-light';
  if (/霾/.test(weather)) return 'haze';
  if (/雾/.test(weather)) return 'fog';
  if (/沙/.test(weather)) return 'sand';
  if (/尘|烟/.test(weather)) return 'dust';
  if (/阴/.test(weather)) return 'overcast';
  if (/云/.test(weather)) return 'cloudy';
  if (/晴/.test(weather)) return 'sunny';
  return 'unknown';
}

export const WeatherLiveSchema = z.object({
  city: z.string(),
  weather: z.string(),
  temperature: z.string(),
  winddirection: z.string(),
  windpower: z.string(),
  humidity: z.string(),
  reporttime: z.string(),
  dayweatherIcon: z.string(),
});
export type WeatherLive = z.infer<typeof WeatherLiveSchema>;

export const WeatherCastSchema = z.object({
  date: z.string(),
  week: z.string(),
  daytemp: z.string(),
  nighttemp: z.string(),
  daywind: z.string(),
  daypower: z.string(),
  dayweather: z.string(),
  nightweather: z.string(),
  dayweatherIcon: z.string(),
});
export type WeatherCast = z.infer<typeof WeatherCastSchema>;

/**
 * `ok`: real conditions from the provider; `not_configured`: no provider key — the widget says so
 * and never invents weather; `unavailable`: the provider did not answer.
 */
export const WEATHER_STATES = ['ok', 'not_configured', 'unavailable'] as const;
export const WeatherSchema = z.object({
  state: z.enum(WEATHER_STATES),
  message: z.string(),
  /** Which provider answered (e.g. 'amap'); empty when none is configured. */
  provider: z.string(),
  theme: WeatherThemeSchema.nullable(),
  lives: z.array(WeatherLiveSchema),
  forecast: z.object({ casts: z.array(WeatherCastSchema) }),
});
export type Weather = z.infer<typeof WeatherSchema>;
export const WeatherEnvelopeSchema = envelopeOf(WeatherSchema);

export const WEATHER_NOT_CONFIGURED_MESSAGE = '天气服务未配置';
export const WEATHER_UNAVAILABLE_MESSAGE = '天气服务暂时不可用';
