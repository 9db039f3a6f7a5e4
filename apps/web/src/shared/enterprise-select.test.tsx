import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUserId } from '@/test/factories.ts';
import { mockFetch, ok, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { waitBound } from '@/test/waits.ts';
import { EnterpriseSelect } from './enterprise-select.tsx';

const ENTERPRISE_A = makeUserId();

const WAIT = waitBound(2);
afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

const ENTERPRISES = [
  {
    userId: ENTERPRISE_A,
    enterpriseName: '甲建设有限公司',
    creditCode: '91330000MA2A000001',
    qyType: '施工企业',
    status: 'active',
  },
  {
    userId: makeUserId(),
    enterpriseName: '乙监理有限公司',
    creditCode: '',
    qyType: '监理企业',
    status: 'active',
  },
];

function setup(onlyEnabled: boolean) {
  signInAs('M');
  const asked: { keyword: string | null; state: string | null }[] = [];
  mockFetch({
    'GET /ks/basic/enterprises': ({ url }) => {
      const keyword = url.searchParams.get('keyword');
      asked.push({ keyword, state: url.searchParams.get('state') });
      const records = ENTERPRISES.filter((one) => !keyword || one.enterpriseName.includes(keyword));
      return ok({ records, total: records.length, curPage: 1, pageSize: 20 });
    },
  });
  const done = vi.fn();
  renderWidget(
    <Form onFinish={done}>
      <Form.Item name="ownerUserId" label="所属企业">
        <EnterpriseSelect onlyEnabled={onlyEnabled} />
      </Form.Item>
      <Button htmlType="submit">提交</Button>
    </Form>,
  );
  return { asked, done };
}

describe('EnterpriseSelect', () => {
  it('searches the registered enterprises and answers the chosen account, still named after another search', async () => {
    const { asked, done } = setup(false);
    const select = screen.getByLabelText('所属企业');
    fireEvent.mouseDown(select);
    fireEvent.change(select, { target: { value: '甲' } });
    await waitFor(() => expect(asked.map((one) => one.keyword)).toContain('甲'), WAIT);
    fireEvent.click(await screen.findByText('甲建设有限公司（91330000MA2A000001）', {}, WAIT));
    // A later search that no longer lists it leaves the choice named, not its id.
    fireEvent.mouseDown(select);
    fireEvent.change(select, { target: { value: '乙' } });
    await waitFor(() => expect(asked.map((one) => one.keyword)).toContain('乙'), WAIT);
    fireEvent.keyDown(select, { key: 'Escape' });
    fireEvent.blur(select);
    const shown = () => select.closest('.ant-select')?.textContent ?? '';
    await waitFor(() => expect(shown()).toContain('甲建设有限公司（91330000MA2A000001）'), WAIT);
    expect(shown()).not.toContain(ENTERPRISE_A);
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(done).toHaveBeenCalledWith({ ownerUserId: ENTERPRISE_A }), WAIT);
    expect(asked.every((one) => one.state === null)).toBe(true);
  });

  it('asks for enabled accounts only when told to, and names one without a credit code by its name', async () => {
    const { asked } = setup(true);
    fireEvent.mouseDown(screen.getByLabelText('所属企业'));
    expect(await screen.findByText('乙监理有限公司', {}, WAIT)).toBeTruthy();
    expect(asked[0]).toEqual({ keyword: null, state: 'enabled' });
  });
});
