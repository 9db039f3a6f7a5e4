import { idNumberCheckCharacter } from '@ks/contract/id-number';
import { type IdentityState, MARKET_MESSAGES } from '@ks/contract/market';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { failure, mockFetch, ok, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { waitBound } from '@/test/waits.ts';
import { IdNumberLink } from './id-number-link.tsx';

const WAIT = waitBound(2);
afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

const first17 = '32010619850312201';
const VALID = `${first17}${idNumberCheckCharacter(first17)}`;
const WRONG = `${first17}${idNumberCheckCharacter(first17) === '1' ? '2' : '1'}`;
const MASKED = '320106********2013';
const AREAS = [{ region: '浙江省', status: 1 as const, reason: '注册证书将于30日内到期' }];
const NOTHING: IdentityState = { idNumber: null, claim: null, practiceDetails: [] };
const PENDING: IdentityState = {
  idNumber: null,
  claim: { idNumber: MASKED, status: 'pending', refusal: '', createdAt: '2026-11-29T01:00:00.000Z' },
  practiceDetails: [],
};
const PROVEN: IdentityState = {
  idNumber: MASKED,
  claim: { ...(PENDING.claim as NonNullable<IdentityState['claim']>), status: 'proven' },
  practiceDetails: AREAS,
};

const signIn = () => signInAs('P');

describe('执业注册 (a personnel account’s ID number)', () => {
  it('claims a checked number, then proves it with the SMS code', async () => {
    signIn();
    let state = NOTHING;
    const claims: unknown[] = [];
    const codes: unknown[] = [];
    mockFetch({
      'GET /ks/individual/id-number': () => ok(state),
      'POST /ks/individual/id-number': ({ body }) => {
        claims.push(body);
        state = PENDING;
        return {
          status: 200,
          body: { code: 200, data: { status: 'pending' }, message: MARKET_MESSAGES.idNumberClaimed },
        };
      },
      'POST /ks/individual/id-number/confirm': ({ body }) => {
        codes.push(body);
        if ((body as { smsCode: string }).smsCode !== '246810')
          return failure(200, 400, MARKET_MESSAGES.claimCodeWrong, {
            smsCode: MARKET_MESSAGES.claimCodeWrong,
          });
        state = PROVEN;
        return ok(PROVEN);
      },
    });
    const { user } = renderWidget(<IdNumberLink />, '/userCenter/uCenter');
    expect(await screen.findByText(/尚未绑定身份证号码/, {}, WAIT)).toBeTruthy();
    const input = screen.getByPlaceholderText('18位居民身份证号码');
    await user.type(input, WRONG);
    await user.click(screen.getByRole('button', { name: /绑\s*定/ }));
    expect(await screen.findByText('身份证号码校验位不正确，请核对后重新输入', {}, WAIT)).toBeTruthy();
    expect(claims).toEqual([]);
    await user.clear(input);
    await user.type(input, VALID);
    await user.click(screen.getByRole('button', { name: /绑\s*定/ }));
    await waitFor(() => expect(claims).toEqual([{ idNumber: VALID }]));
    // Pending: nothing of the person shows, only the way on.
    expect(
      await screen.findByText(`身份证号码${MASKED}：${MARKET_MESSAGES.idNumberClaimed}`, {}, WAIT),
    ).toBeTruthy();
    expect(screen.queryByText('各地区执业状态')).toBeNull();

    const code = screen.getByPlaceholderText('6位验证码');
    await user.type(code, '135790');
    await user.click(screen.getByRole('button', { name: /验\s*证/ }));
    expect(await screen.findByText(MARKET_MESSAGES.claimCodeWrong, {}, WAIT)).toBeTruthy();
    await user.clear(code);
    await user.type(code, '246810');
    await user.click(screen.getByRole('button', { name: /验\s*证/ }));
    await waitFor(() => expect(codes).toEqual([{ smsCode: '135790' }, { smsCode: '246810' }]));
    expect(await screen.findByText(`已绑定身份证号码：${MASKED}`, {}, WAIT)).toBeTruthy();
    expect(await screen.findByText('预警', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('注册证书将于30日内到期')).toBeTruthy();
  });

  it('shows a refused claim with its reason', async () => {
    signIn();
    mockFetch({
      'GET /ks/individual/id-number': ok({
        ...NOTHING,
        claim: {
          idNumber: MASKED,
          status: 'refused',
          refusal: '与注册信息不符',
          createdAt: '2026-11-29T01:00:00.000Z',
        },
      }),
    });
    renderWidget(<IdNumberLink />, '/userCenter/uCenter');
    expect(await screen.findByText(`身份证号码${MASKED}的绑定申请未予确认`, {}, WAIT)).toBeTruthy();
    expect(screen.getByText('理由：与注册信息不符')).toBeTruthy();
    expect(screen.queryByPlaceholderText('6位验证码')).toBeNull();
  });

  it('names the number already linked', async () => {
    signIn();
    mockFetch({ 'GET /ks/individual/id-number': ok(PROVEN) });
    renderWidget(<IdNumberLink />, '/userCenter/uCenter');
    expect(await screen.findByText(`已绑定身份证号码：${MASKED}`, {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { name: /重新提交/ })).toBeTruthy();
  });
});
