import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers.tsx';
import { usePlatformInfo } from '@/shared/api/get-platform-info.ts';
import { makePlatformInfo } from '@/test/factories.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { VERSION_STORAGE_KEY } from '../lib/version-check.ts';
import { PlatformFooter } from './platform-footer.tsx';

const reloadPage = vi.hoisted(() => vi.fn());
vi.mock('@/lib/navigation.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/navigation.ts')>()),
  reloadPage,
}));

/** The footer as the layouts use it: fed by the platform-info query. */
function FooterOfQuery() {
  return <PlatformFooter data={usePlatformInfo().data} />;
}

const renderFooter = () =>
  render(
    <AppProviders>
      <FooterOfQuery />
    </AppProviders>,
  );

beforeEach(() => reloadPage.mockReset());

describe('PlatformFooter', () => {
  it('shows description, support line and the filing number opening the filing site in a new window', async () => {
    const info = makePlatformInfo({
      supportPhone: '0571-12345678',
      filingsCoding: '浙ICP备12345678号',
      version: '3.2.1',
    });
    const fetchMock = mockFetch({ 'GET /ks/common/platform-info': ok(info) });
    renderFooter();

    const filing = await screen.findByRole('link', { name: '浙ICP备12345678号' });
    expect(filing.getAttribute('href')).toBe('https://beian.miit.gov.cn/');
    expect(filing.getAttribute('target')).toBe('_blank');
    expect(filing.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('技术支持：0571-12345678')).toBeTruthy();
    expect(screen.getByText('版本：3.2.1')).toBeTruthy();
    expect(screen.getByText('主办单位：测试中心')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(info.platformName));
    // Public call: it must work before login.
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it('records the version on the first visit without reloading', async () => {
    mockFetch({ 'GET /ks/common/platform-info': ok(makePlatformInfo({ version: '2.0.0' })) });
    renderFooter();
    await waitFor(() => expect(localStorage.getItem(VERSION_STORAGE_KEY)).toBe('2.0.0'));
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('does not reload when the server version is the stored one', async () => {
    localStorage.setItem(VERSION_STORAGE_KEY, '2.0.0');
    mockFetch({ 'GET /ks/common/platform-info': ok(makePlatformInfo({ version: '2.0.0' })) });
    renderFooter();
    await screen.findByText(/技术支持/);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('reloads once the server reports a different version, and stores the new one', async () => {
    localStorage.setItem(VERSION_STORAGE_KEY, '1.0.0');
    mockFetch({ 'GET /ks/common/platform-info': ok(makePlatformInfo({ version: '1.1.0' })) });
    renderFooter();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem(VERSION_STORAGE_KEY)).toBe('1.1.0');
  });
});
