import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDeployConfig, makePlatformInfo } from '@/test/factories.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { headerStyleOf } from './header-nav-links.tsx';

describe('headerStyleOf', () => {
  it.each([
    ['/', 'home'],
    ['/transac', 'solid'],
    ['/transac-news', 'solid'],
    ['/market', 'solid'],
    ['/market-details', 'solid'],
    ['/register', 'plain'],
    ['/marketing', 'plain'],
  ])('gives %s the %s header', (path, expected) => {
    expect(headerStyleOf(path)).toBe(expected);
  });
});

describe('header navigation', () => {
  it('marks the entry of the current route, on a solid header', async () => {
    mockFetch({
      'GET /ks/common/deploy-config': ok(makeDeployConfig()),
      'GET /ks/common/platform-info': ok(makePlatformInfo()),
    });
    renderRoute('/market-list');
    const active = await screen.findByRole('link', { name: '市场主体' });
    expect(active.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '交易信息' }).getAttribute('aria-current')).toBeNull();
    expect(document.querySelector('.ks-public-header-solid')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '开标大厅' })).toBeNull();
  });

  it('opens the configured bid-opening hall in a new window', async () => {
    mockFetch({
      'GET /ks/common/deploy-config': ok(makeDeployConfig({ bidHallUrl: 'https://hall.example.test/open' })),
      'GET /ks/common/platform-info': ok(makePlatformInfo()),
    });
    renderRoute('/transac');
    const hall = await screen.findByRole('link', { name: '开标大厅' });
    expect(hall.getAttribute('href')).toBe('https://hall.example.test/open');
    expect(hall.getAttribute('target')).toBe('_blank');
    expect(hall.getAttribute('rel')).toContain('noopener');
  });

  it('shows the navigation on a transparent header over the public-service home page', async () => {
    mockFetch({
      'GET /ks/common/deploy-config': ok(makeDeployConfig({ loginVariant: 'public-service' })),
      'GET /ks/common/platform-info': ok(makePlatformInfo()),
    });
    renderRoute('/');
    const home = await screen.findByRole('link', { name: '首页' });
    expect(home.getAttribute('aria-current')).toBe('page');
    expect(document.querySelector('.ks-public-header-home')).toBeTruthy();
  });
});
