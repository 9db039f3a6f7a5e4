import type { HelpGroup } from '@ks/contract/help';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRecordId } from '@/test/factories.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { HelpPanel } from './help-panel.tsx';

const GUIDE_FILE_ID = makeRecordId();

const node = (overrides: Partial<HelpGroup>): HelpGroup => ({
  id: overrides.groupName ?? 'id',
  nodeType: 'group',
  groupName: '分组',
  fileName: '',
  fileType: '',
  filePath: '',
  qaList: [],
  children: [],
  version: 1,
  ...overrides,
});

const GUIDE = [
  node({
    id: makeRecordId(),
    groupName: '操作手册',
    children: [
      node({
        id: GUIDE_FILE_ID,
        nodeType: 'file',
        groupName: '申报指南.pdf',
        fileName: '申报指南.pdf',
        fileType: 'pdf',
        filePath: `/ks/file/v1/files/${GUIDE_FILE_ID}`,
      }),
    ],
  }),
];
const FAQ = [
  node({
    id: makeRecordId(),
    groupName: '登录问题',
    qaList: [{ question: '忘记密码怎么办？', answer: '通过短信验证码重置。' }],
  }),
  node({
    id: makeRecordId(),
    groupName: '申报问题',
    qaList: [{ question: '如何撤回申报？', answer: '在列表中点击撤回。' }],
  }),
];

function mockHelp(guide: HelpGroup[], faq: HelpGroup[]) {
  const calls: string[] = [];
  URL.createObjectURL = () => 'blob:help-pdf';
  URL.revokeObjectURL = () => {};
  mockFetch({
    'GET /ks/help/v1/guide': ({ url }) => {
      calls.push(`guide${url.search}`);
      return ok(guide);
    },
    'GET /ks/help/v1/faq-list': ({ url }) => {
      calls.push(`faq${url.search}`);
      return ok(faq);
    },
    [`GET /ks/file/v1/files/${GUIDE_FILE_ID}`]: () =>
      new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
        headers: { 'Content-Type': 'application/pdf' },
      }),
  });
  return calls;
}

describe('help panel', () => {
  it('selects the first file when the guide loads and shows the PDF in a frame, for the page’s scope', async () => {
    const calls = mockHelp(GUIDE, FAQ);
    renderWidget(
      <HelpPanel open onClose={() => {}} />,
      '/dynamicPage/dynamicIndex?systemCoding=credit&gnCoding=c_apply',
    );
    const frame = await screen.findByTitle('帮助文档：申报指南.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('blob:help-pdf');
    expect(calls[0]).toBe('guide?systemCoding=credit&gnCoding=c_apply');
    expect(document.querySelector('.ant-tree-node-selected')?.textContent).toBe('申报指南.pdf');
  });

  it('resets the list when switching tabs: FAQ selects its first group, back to the guide starts again', async () => {
    mockHelp(GUIDE, FAQ);
    const { user } = renderWidget(<HelpPanel open onClose={() => {}} />);
    await screen.findByTitle('帮助文档：申报指南.pdf');
    await user.click(screen.getByRole('tab', { name: '常见问题' }));
    expect(await screen.findByText('问：忘记密码怎么办？')).toBeTruthy();
    await user.click(screen.getByText('申报问题'));
    expect(await screen.findByText('问：如何撤回申报？')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: '帮助说明' }));
    await screen.findByTitle('帮助文档：申报指南.pdf');
    await user.click(screen.getByRole('tab', { name: '常见问题' }));
    // The FAQ list started again: its first group is selected, not the one chosen before.
    expect(await screen.findByText('问：忘记密码怎么办？')).toBeTruthy();
    expect(screen.queryByText('问：如何撤回申报？')).toBeNull();
  });

  it('warns 暂无帮助！ and shows the empty state when there is no help', async () => {
    mockHelp([], []);
    renderWidget(<HelpPanel open onClose={() => {}} />);
    expect(await screen.findByText('暂无帮助！')).toBeTruthy();
    const panel = document.querySelector('.ks-help-panel') as HTMLElement;
    await waitFor(() =>
      expect(within(panel).getByText('暂无数据', { selector: '.ant-empty-description' })).toBeTruthy(),
    );
  });
});
