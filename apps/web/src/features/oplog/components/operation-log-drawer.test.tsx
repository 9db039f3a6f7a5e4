import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRecordId } from '@/test/factories.ts';
import { failure, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { OperationLogDrawer } from './operation-log-drawer.tsx';

const target = { gnCoding: 'credit_change', id: makeRecordId() };

describe('operation-log drawer', () => {
  it('asks with gnCoding and id and shows the entries, passed and failed', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      'POST /ks/common/common/logHistory': ({ body }) => {
        bodies.push(body);
        return ok([
          {
            glName: '某某建设有限公司',
            czrClassification: '企业用户',
            czrName: '张三',
            logbook: '提交',
            failInfo: 'ok',
            czTime: '2026-11-20T02:00:00.000Z',
          },
          {
            glName: '某某建设有限公司',
            czrClassification: '管理员',
            czrName: '李四',
            logbook: '审核：材料不全',
            failInfo: '未通过',
            czTime: '2026-11-21T02:00:00.000Z',
          },
        ]);
      },
    });
    renderWidget(<OperationLogDrawer target={target} open onClose={() => {}} />);
    expect(await screen.findByText('审核：材料不全')).toBeTruthy();
    expect(screen.getByText('通过')).toBeTruthy();
    expect(screen.getByText('未通过')).toBeTruthy();
    expect(screen.getByText('操作人：张三（企业用户）')).toBeTruthy();
    expect(bodies).toEqual([target]);
    expect((document.querySelector('.ant-drawer-content-wrapper') as HTMLElement).style.width).toBe('300px');
  });

  it('shows the server message when the load fails', async () => {
    mockFetch({ 'POST /ks/common/common/logHistory': failure(403, 403, '无权查看该操作日志') });
    renderWidget(<OperationLogDrawer target={target} open onClose={() => {}} />);
    expect(await screen.findByText('无权查看该操作日志')).toBeTruthy();
  });

  it('shows 请求失败 when the call itself fails', async () => {
    mockFetch({
      'POST /ks/common/common/logHistory': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderWidget(<OperationLogDrawer target={target} open onClose={() => {}} />);
    expect(await screen.findByText('请求失败')).toBeTruthy();
  });
});
