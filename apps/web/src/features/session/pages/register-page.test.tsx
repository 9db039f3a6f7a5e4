import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  makeCreditCode,
  makeDeployConfig,
  makeKeyPair,
  makePlatformInfo,
  openSealedField,
} from '@/test/factories.ts';
import { failure, type MockAnswer, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoute } from '@/test/render-route.tsx';

const { publicKey, privateKey } = makeKeyPair();
const REGISTERED = ok({ userCode: 'zhangsan', activationRequired: true });
const SUBMIT = { name: /注\s*册/ };
const ERROR = '.ant-form-item-explain-error';

function mockRegisterApi(
  answers: { registration?: MockAnswer; userRegister?: MockAnswer; isRegistered?: boolean } = {},
) {
  const calls = {
    registrations: [] as Record<string, string>[],
    userRegisters: [] as Record<string, string>[],
    phoneCodes: [] as unknown[],
    verifies: [] as unknown[],
  };
  mockFetch({
    'GET /ks/common/platform-info': ok(makePlatformInfo()),
    'GET /ks/common/deploy-config': ok(makeDeployConfig()),
    'GET /ks/common/public-key': ok({ keyId: 'key-1', publicKey, algorithm: 'RSA-OAEP-256' }),
    'POST /ks/common/register/phone-code': ({ body }) => {
      calls.phoneCodes.push(body);
      return ok(null);
    },
    'POST /ks/common/register/enterprise-verify': ({ body }) => {
      calls.verifies.push(body);
      return ok({ registered: answers.isRegistered ?? false });
    },
    'POST /ks/common/register/registration': ({ body }) => {
      calls.registrations.push(body as Record<string, string>);
      return answers.registration ?? REGISTERED;
    },
    'POST /ks/common/register/user-register': ({ body }) => {
      calls.userRegisters.push(body as Record<string, string>);
      return answers.userRegister ?? REGISTERED;
    },
  });
  return calls;
}

/** The form item around a labelled control: where its messages show. */
const fieldOf = (label: string, scope: HTMLElement = document.body) =>
  within(scope).getByLabelText(label).closest('.ant-form-item') as HTMLElement;

type User = ReturnType<typeof renderRoute>['user'];

/** Switches to 个人注册 and fills it; the enterprise tab stays in the page, hidden. */
async function fillPersonnel(user: User, password = 'Secret123') {
  await user.click(await screen.findByRole('tab', { name: '个人注册' }));
  const form = await screen.findByRole('form', { name: '个人注册' });
  await user.type(within(form).getByLabelText('账号'), 'zhangsan');
  await user.type(within(form).getByLabelText('姓名'), '张三');
  await user.type(within(form).getByLabelText('手机号'), '13800138000');
  await user.type(within(form).getByLabelText('短信验证码'), '123456');
  await user.type(within(form).getByLabelText('密码'), password);
  await user.type(within(form).getByLabelText('确认密码'), password);
  await user.click(within(form).getByRole('button', SUBMIT));
  return form;
}

describe('registration page', () => {
  it('checks the enterprise form with the contract rules before sending anything', async () => {
    const calls = mockRegisterApi();
    const { user } = renderRoute('/register');
    await user.type(await screen.findByLabelText('企业名称'), '杭州某某建设有限公司');
    await user.type(screen.getByLabelText('统一社会信用代码'), '91330100MA2XXXXX0X');
    await user.type(screen.getByLabelText('账号'), '1abc');
    await user.type(screen.getByLabelText('手机号'), '12345');
    await user.type(screen.getByLabelText('短信验证码'), '12');
    await user.type(screen.getByLabelText('密码'), 'short');
    await user.type(screen.getByLabelText('确认密码'), 'other');
    await user.click(screen.getByRole('button', SUBMIT));

    expect(await screen.findByText('请输入正确的统一社会信用代码')).toBeTruthy();
    // The select's placeholder says the same words: the message is the one under the field.
    expect(await within(fieldOf('企业类型')).findByText('请选择企业类型', { selector: ERROR })).toBeTruthy();
    expect(await screen.findByText('账号须以字母开头，由4到30位字母、数字或下划线组成')).toBeTruthy();
    expect(await screen.findByText('请输入联系人姓名')).toBeTruthy();
    expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
    expect(await screen.findByText('请输入6位短信验证码')).toBeTruthy();
    expect(await screen.findByText('密码长度为8到20位')).toBeTruthy();
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(calls.registrations).toHaveLength(0);
  });

  it('warns 该企业已注册 when the credit code loses focus on a registered enterprise', async () => {
    const calls = mockRegisterApi({ isRegistered: true });
    const creditCode = makeCreditCode();
    const { user } = renderRoute('/register');
    await user.type(await screen.findByLabelText('企业名称'), '杭州某某建设有限公司');
    await user.type(screen.getByLabelText('统一社会信用代码'), creditCode);
    await user.tab();

    expect(await within(fieldOf('统一社会信用代码')).findByText('该企业已注册')).toBeTruthy();
    expect(calls.verifies).toEqual([{ enterpriseName: '杭州某某建设有限公司', creditCode }]);
  });

  it('sends the registration code and counts 60 s down before another', async () => {
    const calls = mockRegisterApi();
    const { user } = renderRoute('/register');
    await user.click(await screen.findByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    expect(calls.phoneCodes).toHaveLength(0);

    await user.type(screen.getByLabelText('手机号'), '13800138000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    const waiting = await screen.findByRole('button', { name: /^(60|59)秒后重新获取$/ });
    expect(waiting.hasAttribute('disabled')).toBe(true);
    expect(calls.phoneCodes).toEqual([{ phone: '13800138000' }]);
  });

  it('registers an enterprise with the password sealed, then tells where the activation link went', async () => {
    const calls = mockRegisterApi();
    const creditCode = makeCreditCode();
    const { user } = renderRoute('/register');
    await user.type(await screen.findByLabelText('企业名称'), '杭州某某建设有限公司');
    await user.type(screen.getByLabelText('统一社会信用代码'), creditCode);
    await user.click(screen.getByLabelText('企业类型'));
    await user.click(await screen.findByTitle('监理企业'));
    await user.type(screen.getByLabelText('账号'), 'hzjs_01');
    await user.type(screen.getByLabelText('联系人'), '李四');
    await user.type(screen.getByLabelText('手机号'), '13900001111');
    await user.type(screen.getByLabelText('短信验证码'), '654321');
    await user.type(screen.getByLabelText('密码'), 'Secret123');
    await user.type(screen.getByLabelText('确认密码'), 'Secret123');
    await user.click(screen.getByRole('button', SUBMIT));

    expect(await screen.findByText('注册成功')).toBeTruthy();
    expect(screen.getByText(/激活链接已发送至您的手机 139\*\*\*\*1111/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回登录' }).getAttribute('href')).toBe('/login');
    const [body] = calls.registrations;
    expect(body).toMatchObject({
      enterpriseName: '杭州某某建设有限公司',
      creditCode,
      enterpriseType: '监理企业',
      account: 'hzjs_01',
      contactName: '李四',
      phone: '13900001111',
      smsCode: '654321',
      keyId: 'key-1',
    });
    expect(body).not.toHaveProperty('confirmPassword');
    expect(openSealedField(privateKey, body?.passWord ?? '').v).toBe('Secret123');
  });

  it('puts the server field map under its field, without a dialog', async () => {
    const calls = mockRegisterApi({
      userRegister: failure(400, 400, '该账号已被使用', { account: '该账号已被使用' }),
    });
    const { user } = renderRoute('/register');
    const form = await fillPersonnel(user);

    expect(await within(fieldOf('账号', form)).findByText('该账号已被使用')).toBeTruthy();
    expect(calls.userRegisters).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('注册成功')).toBeNull();
  });

  it('maps the wire name passWord onto the password field', async () => {
    mockRegisterApi({
      userRegister: failure(400, 400, '密码须同时包含字母和数字', { passWord: '密码须同时包含字母和数字' }),
    });
    const { user } = renderRoute('/register');
    const form = await fillPersonnel(user);
    expect(await within(fieldOf('密码', form)).findByText('密码须同时包含字母和数字')).toBeTruthy();
  });

  it('registers a personnel account', async () => {
    const calls = mockRegisterApi();
    const { user } = renderRoute('/register');
    await fillPersonnel(user);
    expect(await screen.findByText('注册成功')).toBeTruthy();
    await waitFor(() => expect(calls.userRegisters).toHaveLength(1));
    expect(calls.userRegisters[0]).toMatchObject({
      account: 'zhangsan',
      userName: '张三',
      smsCode: '123456',
    });
  });
});
