import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '@/test/render-widget.tsx';
import type { FormDetails } from '../api/types.ts';
import { AuditPanel } from './audit-panel.tsx';

const step = (result: string, advice: string, reviewerName: string) => ({
  level: 1,
  name: '初审',
  way: 'single' as const,
  reviewerUserId: '33333333-3333-4333-8333-333333333333',
  reviewerName,
  result,
  advice,
  actedAt: result ? new Date(2026, 10, 2, 10, 0).toISOString() : null,
});
const levels = [{ level: 1, name: '初审', way: 'single' as const }];

describe('AuditPanel', () => {
  it('shows a resubmitted record’s rounds as tabs, the latest selected, and the returned round’s advice on its tab', async () => {
    const audit: FormDetails['audit'] = {
      levels,
      steps: [step('', '', '王五')],
      earlierRounds: [
        {
          status: 'rejected',
          startedAt: new Date(2026, 10, 1, 9, 0).toISOString(),
          steps: [step('reject', '金额缺失', '王五')],
        },
      ],
    };
    renderWidget(<AuditPanel audit={audit} />);
    const latest = screen.getByRole('tab', { name: '第二次提交' });
    expect(latest.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('待审核')).toBeTruthy();
    expect(screen.queryByText('金额缺失')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: '第一次提交' }));
    expect(await screen.findByText('金额缺失')).toBeTruthy();
    expect(screen.getByText('2026-11-01 09:00 提交 · 审核退回')).toBeTruthy();
  });

  it('shows a record submitted once without tabs, and one never submitted as 尚未提交审核', () => {
    const { unmount } = renderWidget(
      <AuditPanel audit={{ levels, steps: [step('pass', '同意', '王五')], earlierRounds: [] }} />,
    );
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByText('同意')).toBeTruthy();
    unmount();
    renderWidget(<AuditPanel audit={{ levels, steps: [], earlierRounds: [] }} />);
    expect(screen.getByText('尚未提交审核')).toBeTruthy();
  });
});
