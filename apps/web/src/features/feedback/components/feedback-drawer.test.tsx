import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { FeedbackDrawer } from './feedback-drawer.tsx';

function mockAdd() {
  const sent: unknown[] = [];
  mockFetch({
    'POST /ks/feedback/add': ({ body }) => {
      sent.push(body);
      return {
        status: 200,
        body: { code: 200, data: null, message: '感谢您的反馈，您的意见将会是我们不断进步的动力！' },
      };
    },
  });
  return sent;
}

describe('feedback drawer', () => {
  it('does not send empty text, and says so', async () => {
    const sent = mockAdd();
    const { user } = renderWidget(<FeedbackDrawer open onClose={() => {}} />);
    await user.type(await screen.findByLabelText('反馈内容'), '   ');
    await user.click(screen.getByRole('button', { name: '提交反馈' }));
    expect(await screen.findByText('请填写反馈内容')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('sends rating, survey answer and text, thanks the person and closes 0.8 s later', async () => {
    const sent = mockAdd();
    const onClose = vi.fn();
    const { user } = renderWidget(<FeedbackDrawer open onClose={onClose} />);
    const stars = (await screen.findByLabelText('满意度评分')).querySelectorAll('li div[role="radio"]');
    await user.click(stars[3] as Element);
    await user.click(screen.getAllByRole('radio', { name: '满意' })[0] as Element);
    await user.type(screen.getByLabelText('反馈内容'), '希望增加导出功能');
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: '提交反馈' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('感谢您的反馈，您的意见将会是我们不断进步的动力！')).toBeTruthy();
    expect(sent[0]).toEqual([
      { evaluateType: 'rating', question: '4' },
      { evaluateType: 'product_1', question: '满意' },
      { evaluateType: 'text', question: '希望增加导出功能' },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(790));
    expect(onClose).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
