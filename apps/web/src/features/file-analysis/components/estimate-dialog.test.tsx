import type { ApprovedEstimate } from '@ks/contract/cost-checks';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { EstimateDialog } from './estimate-dialog.tsx';

const XM = '7d5e2c1a-0b9f-4c3e-8a71-2f6d4b8e9c10';
const ESTIMATE: ApprovedEstimate = {
  xmId: XM,
  projectName: '城东实验小学',
  approvedEstimate: '12800000.00',
  version: 4,
};

function mockEstimate(
  answer: (body: unknown) => ReturnType<typeof ok> = () => ok({ ...ESTIMATE, version: 5 }),
) {
  const saved: unknown[] = [];
  mockFetch({
    'GET /ks/file/detection/approved-estimate': ({ url }) =>
      url.searchParams.get('xmId') === XM ? ok(ESTIMATE) : failure(404, 404, '项目不存在'),
    'PUT /ks/file/detection/approved-estimate': ({ body }) => {
      saved.push(body);
      return answer(body);
    },
  });
  return saved;
}

describe('批准的概算 dialog', () => {
  it('shows the saved amount and saves a new one on the version read', async () => {
    const saved = mockEstimate();
    let closed = false;
    const { user } = renderWidget(
      <EstimateDialog
        xmId={XM}
        onClose={() => {
          closed = true;
        }}
      />,
    );
    const input = await screen.findByDisplayValue('12800000.00');
    await user.clear(input);
    await user.type(input, '12500000.5');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toEqual([{ xmId: XM, approvedEstimate: '12500000.5', version: 4 }]));
    await waitFor(() => expect(closed).toBe(true));
  });

  it('clears it when left empty', async () => {
    const saved = mockEstimate();
    const { user } = renderWidget(<EstimateDialog xmId={XM} onClose={() => {}} />);
    await user.clear(await screen.findByDisplayValue('12800000.00'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toEqual([{ xmId: XM, approvedEstimate: null, version: 4 }]));
  });

  it('refuses an amount that is not money, and sends nothing', async () => {
    const saved = mockEstimate();
    const { user } = renderWidget(<EstimateDialog xmId={XM} onClose={() => {}} />);
    const input = await screen.findByDisplayValue('12800000.00');
    await user.clear(input);
    await user.type(input, '12.345');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入金额（元），最多两位小数')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '0.00');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('批准的概算必须大于 0')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('keeps the dialog open when the server refuses a stale version', async () => {
    const saved = mockEstimate(
      () => failure(409, 409, '项目已被他人修改，请刷新后重试') as ReturnType<typeof ok>,
    );
    let closed = false;
    const { user } = renderWidget(
      <EstimateDialog
        xmId={XM}
        onClose={() => {
          closed = true;
        }}
      />,
    );
    await screen.findByDisplayValue('12800000.00');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    // The HTTP client tells the refusal (its dialog); this one stays open on the reloaded amount.
    await waitFor(() => expect(saved).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(closed).toBe(false);
    expect(screen.getByDisplayValue('12800000.00')).toBeTruthy();
  });
});
