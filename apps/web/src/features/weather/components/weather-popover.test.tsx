import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { WeatherPopover } from './weather-popover.tsx';

describe('weather popover', () => {
  it('says weather is not configured, and shows no weather', async () => {
    mockFetch({
      'GET /ks/common/weather': ok({
        state: 'not_configured',
        message: '天气服务未配置',
        provider: '',
        theme: null,
        lives: [],
        forecast: { casts: [] },
      }),
    });
    const { user } = renderWidget(<WeatherPopover />);
    await user.click(await screen.findByRole('button', { name: '天气' }));
    expect(await screen.findByText('天气服务未配置，请联系管理员配置天气服务')).toBeTruthy();
    expect(screen.queryByText(/℃/)).toBeNull();
  });

  it('shows current conditions, the forecast and the theme of the weather', async () => {
    mockFetch({
      'GET /ks/common/weather': ok({
        state: 'ok',
        message: '',
        provider: 'amap',
        theme: 'rain',
        lives: [
          {
            city: '杭州市',
            weather: '小雨',
            temperature: '18',
            winddirection: '东北',
            windpower: '≤3',
            humidity: '86',
            reporttime: '2026-11-21 10:00:00',
            dayweatherIcon: 'rain-light',
          },
        ],
        forecast: {
          casts: [
            {
              date: '2026-11-22',
              week: '7',
              daytemp: '21',
              nighttemp: '10',
              daywind: '北',
              daypower: '4',
              dayweather: '晴',
              nightweather: '晴',
              dayweatherIcon: 'sunny',
            },
          ],
        },
      }),
    });
    const { user } = renderWidget(<WeatherPopover />);
    await user.click(await screen.findByRole('button', { name: '天气' }));
    const panel = await screen.findByTestId('weather-panel');
    expect(panel.getAttribute('data-theme')).toBe('rain');
    expect(panel.textContent).toContain('小雨');
    expect(panel.textContent).toContain('湿度 86%');
    expect(panel.textContent).toContain('2026-11-22');
    expect(panel.textContent).toContain('10~21℃');
  });
});
