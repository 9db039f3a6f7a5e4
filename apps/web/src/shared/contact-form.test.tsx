import { screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRecordId } from '@/test/factories.ts';
import { mockFetch, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { waitBound } from '@/test/waits.ts';
import { ContactFields, type ContactValues } from './contact-form.tsx';

const ENTERPRISE_ID = makeRecordId();

const WAIT = waitBound(2);
afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

const CONTACTS = [
  {
    id: makeRecordId(),
    ry_name: '刘晓燕',
    tel: '13951712345',
    position: '经营部经理',
    email: 'liuxy@example.com',
  },
];

function Harness({
  length,
  onDone,
}: {
  length?: 1 | 3;
  onDone: (values: { contact: ContactValues }) => void;
}) {
  return (
    <Form onFinish={onDone}>
      <ContactFields length={length} enterpriseId={ENTERPRISE_ID} qyType="施工企业" />
      <Button htmlType="submit">提交</Button>
    </Form>
  );
}

function setup(length?: 1 | 3) {
  signInAs('M');
  const asked: unknown[] = [];
  mockFetch({
    'POST /ks/basic/contacts': ({ body }) => {
      asked.push(body);
      return { status: 200, body: { status: 200, result: CONTACTS } };
    },
  });
  const done: { contact: ContactValues }[] = [];
  const rendered = renderWidget(<Harness length={length} onDone={(values) => done.push(values)} />, '/');
  return { ...rendered, asked, done };
}

describe('the contact form (length 1 / 3)', () => {
  it('is the full form by default: choosing a listed contact fills every field', async () => {
    const { user, asked, done } = setup();
    expect(await screen.findByLabelText('电子邮箱', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(asked).toEqual([{ id: ENTERPRISE_ID, qyType: '施工企业' }]));
    await user.click(screen.getByLabelText('联系人'));
    await user.click(await screen.findByText('刘晓燕（经营部经理）', {}, WAIT));
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() =>
      expect(done).toEqual([
        {
          contact: {
            ry_name: '刘晓燕',
            tel: '13951712345',
            position: '经营部经理',
            email: 'liuxy@example.com',
          },
        },
      ]),
    );
  });

  it('with length 1 asks the contact person only, and checks the phone', async () => {
    const { user, done } = setup(1);
    const name = await screen.findByLabelText('联系人', {}, WAIT);
    expect(screen.queryByLabelText('职务')).toBeNull();
    expect(screen.queryByLabelText('电子邮箱')).toBeNull();
    await user.type(name, '张伟');
    await user.type(screen.getByLabelText('联系电话'), '12345');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(
      await screen.findByText('请输入正确的手机号码或固定电话（如0571-87654321）', {}, WAIT),
    ).toBeTruthy();
    expect(done).toEqual([]);
    await user.clear(screen.getByLabelText('联系电话'));
    await user.type(screen.getByLabelText('联系电话'), '0571-87654321');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(done).toEqual([{ contact: { ry_name: '张伟', tel: '0571-87654321' } }]));
  });
});
