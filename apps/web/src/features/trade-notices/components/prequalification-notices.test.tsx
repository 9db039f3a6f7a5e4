import type { TradeNotice } from '@ks/contract/trade-notices';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRecordId } from '@/test/factories.ts';
import { failure, mockFetch, ok, takeImpossibleAnswers, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { waitBound } from '@/test/waits.ts';
import { PrequalificationNotices } from './prequalification-notices.tsx';

const WAIT = waitBound(2);
const PROJECT_ID = makeRecordId();

afterEach(() => {
  expect(takeUnexpectedRequests()).toEqual([]);
  expect(takeImpossibleAnswers()).toEqual([]);
});

const notice = (): TradeNotice => {
  const id = makeRecordId();
  return {
    id,
    kind: 'prequalification',
    sectionId: makeRecordId(),
    sectionCode: 'JY202611290001-001',
    sectionName: '施工标段',
    projectName: '滨江路道路提升工程（演示）',
    versions: [
      {
        id,
        version: 1,
        kind: 'prequalification',
        title: '滨江路道路提升工程资格预审公告',
        body: '现对本项目施工标段进行资格预审。',
        publishedAt: '2026-12-01 09:00',
        spreadAt: '2026-12-01 09:05',
      },
      {
        id: makeRecordId(),
        version: 2,
        kind: 'change',
        title: '滨江路道路提升工程资格预审变更公告',
        body: '资格预审申请文件递交截止时间顺延。',
        publishedAt: '2026-12-03 09:00',
        spreadAt: null,
      },
    ],
  };
};

/** The five-in-one page's 资格预审公告 tab (features/trading/pages/five-in-one-detail-page.tsx renders it). */
describe('资格预审公告 of the five-in-one page', () => {
  it('lists every published version with its publish time, and shows a version’s text on click', async () => {
    signInAs('U');
    mockFetch({
      'GET /ks/trade/notices': ({ url }) =>
        url.searchParams.get('projectId') === PROJECT_ID &&
        url.searchParams.get('kind') === 'prequalification'
          ? ok([notice()])
          : failure(200, 404, '项目不存在'),
    });
    const { user } = renderWidget(<PrequalificationNotices projectId={PROJECT_ID} />);
    const rows = await screen.findAllByRole('row', {}, WAIT);
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      '滨江路道路提升工程资格预审公告JY202611290001-001 施工标段原公告2026-12-01 09:00',
      '滨江路道路提升工程资格预审变更公告JY202611290001-001 施工标段第1次变更2026-12-03 09:00',
    ]);
    await user.click(screen.getByRole('button', { name: '滨江路道路提升工程资格预审变更公告' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getByText('资格预审申请文件递交截止时间顺延。')).toBeTruthy();
    expect(within(dialog).getByText(/第1次变更 · 发布时间 2026-12-03 09:00/)).toBeTruthy();
  });

  it('says honestly that no notice is published yet', async () => {
    signInAs('M');
    mockFetch({ 'GET /ks/trade/notices': ok([]) });
    renderWidget(<PrequalificationNotices projectId={PROJECT_ID} />);
    expect(await screen.findByText('暂无资格预审公告', {}, WAIT)).toBeTruthy();
  });

  it('says the notices could not be read when the server refuses', async () => {
    signInAs('U');
    mockFetch({ 'GET /ks/trade/notices': failure(200, 404, '项目不存在') });
    renderWidget(<PrequalificationNotices projectId={PROJECT_ID} />);
    expect(await screen.findByText('资格预审公告加载失败，请稍后重试', {}, WAIT)).toBeTruthy();
  });
});
