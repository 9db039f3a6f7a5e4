import { WEATHER_THEME_LABELS, type Weather } from '@ks/contract/weather';
import { Button, List, Popover, Typography } from 'antd';
import './weather-popover.css';
import { useWeather } from '../api/get-weather.ts';

const ICONS: Record<string, string> = {
  sunny: '☀️',
  cloudy: '⛅',
  overcast: '☁️',
  'rain-light': '🌦️',
  'rain-moderate': '🌧️',
  'rain-heavy': '🌧️',
  'rain-storm': '⛈️',
  thunder: '⛈️',
  sleet: '🌨️',
  snow: '❄️',
  fog: '🌫️',
  haze: '🌫️',
  dust: '🌪️',
  sand: '🌪️',
  unknown: '🌡️',
};
const iconOf = (key: string) => ICONS[key] ?? ICONS.unknown;

/** Header weather: current conditions and the forecast; says plainly when there is no weather to show. */
export function WeatherPopover() {
  const { data, isError, isPending } = useWeather();
  const live = data?.lives[0];
  const label = isPending
    ? '天气'
    : live
      ? `${iconOf(live.dayweatherIcon)} ${live.city} ${live.temperature}℃`
      : '天气';
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      content={<WeatherPanel weather={data} failed={isError} />}
      arrow={false}
    >
      <Button type="text" className="ks-weather-button" aria-label="天气">
        {label}
      </Button>
    </Popover>
  );
}

export function WeatherPanel({ weather, failed }: { weather: Weather | undefined; failed: boolean }) {
  if (failed) return <Typography.Text type="secondary">天气加载失败</Typography.Text>;
  if (!weather) return <Typography.Text type="secondary">加载中…</Typography.Text>;
  if (weather.state !== 'ok') {
    return (
      <div className="ks-weather-panel" data-testid="weather-panel">
        <Typography.Text type="secondary">
          {weather.state === 'not_configured' ? '天气服务未配置，请联系管理员配置天气服务' : weather.message}
        </Typography.Text>
      </div>
    );
  }
  const live = weather.lives[0];
  return (
    <div
      className={`ks-weather-panel ks-weather-${weather.theme ?? 'cloudy'}`}
      data-testid="weather-panel"
      data-theme={weather.theme ?? ''}
    >
      {live ? (
        <div className="ks-weather-live">
          <div className="ks-weather-now">
            <span className="ks-weather-icon">{iconOf(live.dayweatherIcon)}</span>
            <strong>{live.temperature}℃</strong> <span>{live.weather}</span>
          </div>
          <div>{live.city}</div>
          <div>
            {live.winddirection}风 {live.windpower}级 · 湿度 {live.humidity}%
          </div>
          {weather.theme ? (
            <div className="ks-weather-theme">{WEATHER_THEME_LABELS[weather.theme]}</div>
          ) : null}
        </div>
      ) : null}
      <List
        size="small"
        header="近期预报"
        dataSource={weather.forecast.casts}
        renderItem={(cast) => (
          <List.Item>
            <span>{cast.date}</span>
            <span>
              {iconOf(cast.dayweatherIcon)} {cast.dayweather}
            </span>
            <span>
              {cast.nighttemp}~{cast.daytemp}℃
            </span>
            <span>{cast.daywind}风</span>
          </List.Item>
        )}
      />
      <Typography.Text type="secondary" className="ks-weather-source">
        数据来源：高德天气 · {live?.reporttime ?? ''}
      </Typography.Text>
    </div>
  );
}
