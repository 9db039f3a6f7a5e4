import { idNumberCheckCharacter } from '@ks/contract/id-number';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store.ts';
import { makeUserInfo } from '@/test/factories.ts';
import { mockFetch, ok, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { IdNumberLink } from './id-number-link.tsx';

vi.setConfig({ testTimeout: 60_000 });
const WAIT = { timeout: 20_000 };
afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

const first17 = '32010619850312201';
const VALID = `${first17}${idNumberCheckCharacter(first17)}`;
const WRONG = `${first17}${idNumberCheckCharacter(first17) === '1' ? '2' : '1'}`;

function signIn() {
  const store = useSessionStore.getState();
  store.setToken('token-1', '2099-01-01T00:00:00Z');
  store.setUser(makeUserInfo({ loginRoleType: 'P' }), ['user']);
}

describe('执业注册 (a personnel account’s ID number)', () => {
  it('refuses a number failing GB 11643 before any call, then links a valid one', async () => {
    signIn();
    const bodies: unknown[] = [];
    mockFetch({
      'POST /ks/individual/id-number': ({ body }) => {
        bodies.push(body);
        return ok({
          idNumber: '320106********2013',
          practiceDetails: [{ region: '浙江省', status: 1, reason: '注册证书将于30日内到期' }],
        });
      },
    });
    const { user } = renderWidget(<IdNumberLink linked="" />, '/userCenter/uCenter');
    expect(await screen.findByText(/尚未绑定身份证号码/, {}, WAIT)).toBeTruthy();
    const input = screen.getByPlaceholderText('18位居民身份证号码');
    await user.type(input, WRONG);
    await user.click(screen.getByRole('button', { name: /绑\s*定/ }));
    expect(await screen.findByText('身份证号码校验位不正确，请核对后重新输入', {}, WAIT)).toBeTruthy();
    expect(bodies).toEqual([]);
    await user.clear(input);
    await user.type(input, VALID);
    await user.click(screen.getByRole('button', { name: /绑\s*定/ }));
    await waitFor(() => expect(bodies).toEqual([{ idNumber: VALID }]));
    expect(await screen.findByText('预警', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('注册证书将于30日内到期')).toBeTruthy();
  });

  it('names the number already linked', async () => {
    signIn();
    mockFetch({});
    renderWidget(<IdNumberLink linked="320106********2013" />, '/userCenter/uCenter');
    expect(await screen.findByText('已绑定身份证号码：320106********2013', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { name: /重新绑定/ })).toBeTruthy();
  });
});
