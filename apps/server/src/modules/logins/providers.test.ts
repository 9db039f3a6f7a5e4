import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import {
  type Fetch,
  LocalWechatLogin,
  parseAccessTokenAnswer,
  WechatOpenPlatformLogin,
} from './providers.ts';

// The answer shapes of WeChat's documentation (网站应用微信登录开发指南, 第二步 通过code获取access_token).
const SUCCESS = {
  access_token: 'ACCESS_TOKEN',
  expires_in: 7200,
  refresh_token: 'REFRESH_TOKEN',
  openid: 'OPENID',
  scope: 'snsapi_login',
  unionid: 'o6_bmasdasdsad6_2sgVt7hMZOPfL',
};
const INVALID_CODE = { errcode: 40029, errmsg: 'invalid code' };

describe('WeChat website QR login adapter', () => {
  const recorded =
    (answer: unknown, calls: string[] = [], status = 200): Fetch =>
    async (url) => {
      calls.push(url);
      return { ok: status < 300, status, json: async () => answer };
    };

  it('builds the qrconnect address with app id, callback, scope snsapi_login and the state', () => {
    const wechat = new WechatOpenPlatformLogin(
      'wx1234',
      'secret',
      'https://ks.example.cn/ks/common/wechat/callback',
    );
    const url = new URL(wechat.qrUrl('STATE_abc'));
    expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(url.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: 'wx1234',
      redirect_uri: 'https://ks.example.cn/ks/common/wechat/callback',
      response_type: 'code',
      scope: 'snsapi_login',
      state: 'STATE_abc',
    });
  });

  it('trades the code at sns/oauth2/access_token and reads openid and unionid', async () => {
    const calls: string[] = [];
    const wechat = new WechatOpenPlatformLogin('wx1234', 'se&cret', 'https://x/cb', recorded(SUCCESS, calls));
    expect(await wechat.exchange('CODE')).toEqual({ openid: 'OPENID', unionid: SUCCESS.unionid });
    const url = new URL(calls[0] as string);
    expect(`${url.origin}${url.pathname}`).toBe('https://api.weixin.qq.com/sns/oauth2/access_token');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: 'wx1234',
      secret: 'se&cret',
      code: 'CODE',
      grant_type: 'authorization_code',
    });
  });

  it('answers without unionid when the app is on no open-platform account', () => {
    const { unionid: _, ...withoutUnionid } = SUCCESS;
    expect(parseAccessTokenAnswer(withoutUnionid)).toEqual({ openid: 'OPENID', unionid: null });
  });

  it('turns an invalid code into a message a person reads, other errors into failures', async () => {
    const wechat = new WechatOpenPlatformLogin('wx', 's', 'https://x/cb', recorded(INVALID_CODE));
    await expect(wechat.exchange('USED')).rejects.toThrow(AppError);
    await expect(wechat.exchange('USED')).rejects.toThrow('微信授权已失效，请重新扫码');
    expect(() => parseAccessTokenAnswer({ errcode: 40125, errmsg: 'invalid appsecret' })).toThrow(/40125/);
    expect(() => parseAccessTokenAnswer({ access_token: 'x' })).toThrow(/without openid/);
    const down = new WechatOpenPlatformLogin('wx', 's', 'https://x/cb', recorded({}, [], 502));
    await expect(down.exchange('CODE')).rejects.toThrow(/HTTP 502/);
  });

  it('has a local stand-in that names its identities local-', async () => {
    const local = new LocalWechatLogin('http://localhost:8080');
    expect(local.qrUrl('abc')).toBe('http://localhost:8080/login?wechatLocalState=abc');
    expect(await local.exchange('dev1')).toEqual({ openid: 'local-dev1', unionid: null });
  });
});
