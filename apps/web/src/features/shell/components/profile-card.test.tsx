import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store.ts';
import { makeDeployConfig, makePlatformInfo, makeUserInfo } from '@/test/factories.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoute } from '@/test/render-route.tsx';
import { shellCalls } from '@/test/shell-calls.ts';
import { signInAs } from '@/test/sign-in.ts';
import { checkPhotoFile } from './profile-card.tsx';

function renderUserCenter() {
  const userInfo = makeUserInfo({ userName: '李四' });
  const calls: { method: string; body: unknown }[] = [];
  mockFetch({
    'GET /ks/common/deploy-config': ok(makeDeployConfig()),
    'GET /ks/common/platform-info': ok(makePlatformInfo()),
    'GET /ks/individual/user-info': ok(userInfo),
    ...shellCalls({ profile: { userName: '李四', photo: '', version: 4 } }),
    'PUT /ks/individual/profile': ({ body }) => {
      calls.push({ method: 'PUT', body });
      return ok({ userName: (body as { userName: string }).userName, photo: '', version: 5 });
    },
    'POST /ks/individual/photo': ({ body }) => {
      calls.push({ method: 'POST', body });
      return ok({ userName: '李四', photo: '/ks/file/v1/files/f1', version: 5 });
    },
    'GET /ks/file/v1/files/f1': { status: 200, body: 'png', headers: { 'Content-Type': 'image/png' } },
  });
  signInAs(userInfo.loginRoleType, userInfo);
  return { ...renderRoute('/userCenter/uCenter'), calls };
}

describe('checkPhotoFile', () => {
  it.each([
    [{ name: 'a.PNG', size: 10 }, null],
    [{ name: 'a.webp', size: 2 * 1024 * 1024 }, null],
    [{ name: 'a.gif', size: 10 }, '请上传jpg、png、jpeg或webp格式的图片'],
    [{ name: 'a.jpg', size: 2 * 1024 * 1024 + 1 }, '图片大小不能超过2MB'],
  ])('answers %j with %s', (file, expected) => {
    expect(checkPhotoFile(file)).toBe(expected);
  });
});

describe('profile card', () => {
  it('saves the name over the loaded version and shows it in the header', async () => {
    const { user, calls } = renderUserCenter();
    const name = await screen.findByLabelText('姓名');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('李四'));
    // One change event on the field as it is now: typed key by key, the name lost characters twice
    // on a loaded machine (the save sent 李), and what is proven here is the save, not the typing.
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '李四新' } });
    await waitFor(() => expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('李四新'));
    await user.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(calls).toEqual([{ method: 'PUT', body: { userName: '李四新', version: 4 } }]));
    await waitFor(() => expect(useSessionStore.getState().userInfo?.userName).toBe('李四新'));
  });

  it('refuses an empty name without calling the server: 请输入姓名', async () => {
    const { user, calls } = renderUserCenter();
    const name = await screen.findByLabelText('姓名');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('李四'));
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: '保 存' }));
    expect(await screen.findByText('请输入姓名')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('uploads an image as multipart, and refuses another type before sending', async () => {
    const { calls } = renderUserCenter();
    // The accept filter would hide the wrong file in a browser; the check must hold without it.
    const user = userEvent.setup({
      applyAccept: false,
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    await screen.findByText('上传头像');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('请上传jpg、png、jpeg或webp格式的图片')).toBeTruthy();
    expect(calls).toHaveLength(0);
    // antd replaces its file input after each choice.
    const fresh = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(fresh, new File(['png'], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['POST']));
    expect((calls[0]?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
    await waitFor(() => expect(useSessionStore.getState().userInfo?.photo).toBe('/ks/file/v1/files/f1'));
  });
});
