import type { CreditLetter, CreditListRow, CreditRecord } from '@ks/contract/credit';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBusinessId, makeRecordId, makeUserId } from '@/test/factories.ts';
import { mockFetch, ok, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { waitBound } from '@/test/waits.ts';
import { CommitmentBookDetailPage, CommitmentBookPage } from './commitment-book-pages.tsx';
import { CompanyCreditPage } from './company-credit-page.tsx';
import { CreditAnalysisPage } from './credit-analysis-page.tsx';
import { AnonymousCreditPublicList, CreditPublicListPage } from './credit-public-list-page.tsx';

const ENTERPRISE_ID = makeUserId();

vi.mock('echarts-for-react', () => ({
  default: ({ option }: { option: unknown }) => <pre data-testid="chart">{JSON.stringify(option)}</pre>,
}));
const WAIT = waitBound(2);

afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

const GRADES = ['AAA', 'AA', 'A'];
const LEVEL = {
  modelVersion: 1,
  base: 80,
  fullScore: 100,
  goodCap: 20,
  badCap: null,
  basicCounts: false,
  bands: [
    { grade: 'AAA', min: 95 },
    { grade: 'AA', min: 85 },
    { grade: 'A', min: 75 },
  ],
  createdAt: '2026-11-01T00:00:00Z',
};
const ROW: CreditListRow = {
  userId: ENTERPRISE_ID,
  enterpriseName: 'KS演示建设集团有限公司',
  creditCode: '91320100MA1K520269',
  qyType: '施工企业',
  score: 85,
  grade: 'AA',
  computedAt: '2026-11-26T01:00:00Z',
};
const RECORD: CreditRecord = {
  userId: ENTERPRISE_ID,
  enterpriseName: 'KS演示建设集团有限公司',
  creditCode: '91320100MA1K520269',
  qyType: '施工企业',
  score: 85,
  grade: 'AA',
  computedAt: '2026-11-26T01:00:00Z',
  items: [
    {
      id: makeRecordId(),
      businessId: makeBusinessId(),
      creditClass: 'good',
      itemType: 'SG-G03',
      itemName: '获得优质工程奖',
      score: 4,
      severity: '',
      startTime: '2026-01-26',
      endTime: '2029-01-26',
      counting: true,
    },
    {
      id: makeRecordId(),
      businessId: makeBusinessId(),
      creditClass: 'good',
      itemType: 'SG-G01',
      itemName: '获得省部级及以上表彰',
      score: 5,
      severity: '',
      startTime: '2022-11-26',
      endTime: '2025-11-26',
      counting: false,
    },
  ],
  history: [
    { score: 80, grade: 'A', reason: '审核通过', modelVersion: 1, computedAt: '2026-11-20T01:00:00Z' },
    { score: 85, grade: 'AA', reason: '审核通过', modelVersion: 1, computedAt: '2026-11-26T01:00:00Z' },
  ],
};
const LETTER: CreditLetter = {
  templateVersion: 2,
  title: '信用承诺书',
  content: '本单位郑重承诺：所提交材料真实有效。',
  sha256: 'a'.repeat(64),
  updatedAt: '2026-11-01T00:00:00Z',
  mySignature: null,
};

describe('信用公示', () => {
  it('lists enterprises with their grades and asks again with the chosen filters', async () => {
    signInAs('P');
    const queries: URLSearchParams[] = [];
    mockFetch({
      'GET /ks/credit/public-list': ({ url }) => {
        queries.push(url.searchParams);
        return ok({ records: [ROW], total: 1, curPage: 1, pageSize: 10, grades: GRADES });
      },
    });
    const { user } = renderWidget(<CreditPublicListPage />);
    expect(await screen.findByText('KS演示建设集团有限公司', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('AA')).toBeTruthy();
    // Personnel neither export nor open a credit file.
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'KS演示建设集团有限公司' })).toBeNull();
    await user.type(screen.getByPlaceholderText('企业名称'), '演示{Enter}');
    await waitFor(() => expect(queries.at(-1)?.get('keyword')).toBe('演示'));
  });

  it('says 暂无数据 when no enterprise is scored, and offers administrators the export', async () => {
    signInAs('M');
    mockFetch({
      'GET /ks/credit/public-list': ok({ records: [], total: 0, curPage: 1, pageSize: 10, grades: GRADES }),
    });
    renderWidget(<CreditPublicListPage />);
    expect((await screen.findAllByText('暂无数据', {}, WAIT)).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
  });

  it('shows a visitor without a session the published rows, filtered by the list’s own grades', async () => {
    const queries: URLSearchParams[] = [];
    const { userId: _account, ...published } = ROW;
    mockFetch({
      'GET /ks/credit/public-list': ({ url }) => {
        queries.push(url.searchParams);
        return ok({ records: [published], total: 1, curPage: 1, pageSize: 10, grades: GRADES });
      },
    });
    const { user } = renderWidget(<AnonymousCreditPublicList />);
    expect(await screen.findByText('KS演示建设集团有限公司', {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'KS演示建设集团有限公司' })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
    await user.click(screen.getByLabelText('信用等级'));
    await user.click(await screen.findByTitle('AAA'));
    await waitFor(() => expect(queries.at(-1)?.get('grade')).toBe('AAA'));
  });
});

describe('企业信用信息', () => {
  it('shows the score, grade, history chart and items by class, with the window state', async () => {
    signInAs('U');
    mockFetch({ 'GET /ks/credit/record': ok(RECORD) });
    const { user } = renderWidget(<CompanyCreditPage />, '/credit/companyInfo');
    expect(await screen.findByText('KS演示建设集团有限公司', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('85')).toBeTruthy();
    expect(await screen.findByTestId('chart', {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId('chart').textContent).toContain('"line"');
    await user.click(screen.getByRole('tab', { name: /优良信用信息（2）/ }));
    const table = await screen.findByText('获得优质工程奖');
    expect(table).toBeTruthy();
    expect(screen.getByText('已过公示期')).toBeTruthy();
    expect(screen.getByText('公示中')).toBeTruthy();
  });
});

describe('信用分析', () => {
  it('draws the grade distribution, trend and comparison for administrators', async () => {
    signInAs('M');
    mockFetch({
      'GET /ks/credit/management/top-titles': ok({
        enterprises: 3,
        scored: 2,
        average: 82.5,
        items: { basic: 1, good: 2, bad: 1 },
        signedLetters: 1,
      }),
      'GET /ks/credit/grade-overview': ok({
        grades: [
          { grade: 'AA', count: 1 },
          { grade: 'A', count: 1 },
        ],
        trend: [{ month: '2026-11', average: 82.5 }],
        byType: [{ qyType: '施工企业', average: 82.5, count: 2 }],
      }),
    });
    renderWidget(<CreditAnalysisPage />, '/credit/analysis');
    await waitFor(() => expect(screen.getAllByTestId('chart')).toHaveLength(3), WAIT);
    expect(screen.getByText('已评分企业')).toBeTruthy();
    expect(screen.getAllByTestId('chart')[0]?.textContent).toContain('"pie"');
  });

  // The roles each credit page refuses are the route's role gate's (app/router.test.tsx).
  it('says 暂无数据 when nobody is scored', async () => {
    signInAs('M');
    mockFetch({
      'GET /ks/credit/management/top-titles': ok({
        enterprises: 0,
        scored: 0,
        average: null,
        items: { basic: 0, good: 0, bad: 0 },
        signedLetters: 0,
      }),
      'GET /ks/credit/grade-overview': ok({ grades: [{ grade: 'A', count: 0 }], trend: [], byType: [] }),
    });
    renderWidget(<CreditAnalysisPage />, '/credit/analysis');
    expect((await screen.findAllByText('暂无数据', {}, WAIT)).length).toBeGreaterThan(0);
  });
});

describe('信用事项目录 and 评分模型与等级', () => {
  const TITLES = ok({
    enterprises: 0,
    scored: 0,
    average: null,
    items: { basic: 0, good: 0, bad: 0 },
    signedLetters: 0,
  });
  const OVERVIEW = ok({ grades: [], trend: [], byType: [] });

  it('lists the catalogue with its suggestions and retires an item type at its version', async () => {
    signInAs('M');
    const itemTypeId = makeRecordId();
    const retired: string[] = [];
    mockFetch({
      'GET /ks/credit/management/top-titles': TITLES,
      'GET /ks/credit/grade-overview': OVERVIEW,
      'GET /ks/credit/admin/item-types': ok([
        {
          id: itemTypeId,
          code: 'SG-G01',
          name: '获得省部级及以上表彰',
          qyType: '施工企业',
          creditClass: 'good',
          maxScore: 5,
          windowMonths: 36,
          defaultSeverity: '',
          suggestion: true,
          sort: 0,
          version: 3,
        },
      ]),
      [`DELETE /ks/credit/admin/item-types/${itemTypeId}`]: ({ url }) => {
        retired.push(url.searchParams.get('version') ?? '');
        return ok(null);
      },
    });
    const { user } = renderWidget(<CreditAnalysisPage />, '/credit/analysis');
    await user.click(await screen.findByRole('tab', { name: '信用事项目录' }, WAIT));
    expect(await screen.findByText('获得省部级及以上表彰', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('建议值')).toBeTruthy();
    expect(screen.getByText('36个月')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /停\s*用/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(retired).toEqual(['3']));
  });

  it('saves a new score model over the version it read', async () => {
    signInAs('M');
    const saved: unknown[] = [];
    mockFetch({
      'GET /ks/credit/management/top-titles': TITLES,
      'GET /ks/credit/grade-overview': OVERVIEW,
      'GET /ks/credit/level': ok(LEVEL),
      'PUT /ks/credit/level': ({ body }) => {
        saved.push(body);
        return ok({ ...LEVEL, modelVersion: 2 });
      },
    });
    const { user } = renderWidget(<CreditAnalysisPage />, '/credit/analysis');
    await user.click(await screen.findByRole('tab', { name: '评分模型与等级' }, WAIT));
    const base = await screen.findByLabelText('基础分', {}, WAIT);
    await waitFor(() => expect((base as HTMLInputElement).value).toBe('80'));
    await user.clear(base);
    await user.type(base, '70');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(saved).toEqual([expect.objectContaining({ base: 70, modelVersion: 1, bands: LEVEL.bands })]),
    );
  });
});

describe('信用承诺书', () => {
  it('lets an enterprise sign the version and text it read, once it agrees', async () => {
    signInAs('U');
    const signed: unknown[] = [];
    mockFetch({
      'GET /ks/credit/letter': ok(LETTER),
      'POST /ks/credit/letter/sign': ({ body }) => {
        signed.push(body);
        return ok({
          ...LETTER,
          mySignature: { signedAt: '2026-11-26T02:00:00Z', textSha256: LETTER.sha256 },
        });
      },
    });
    const { user } = renderWidget(<CommitmentBookPage />, '/credit/commitmentbook');
    expect(await screen.findByText('本单位郑重承诺：所提交材料真实有效。', {}, WAIT)).toBeTruthy();
    const button = screen.getByRole('button', { name: '签 署' });
    expect(button.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('checkbox'));
    await user.click(button);
    await waitFor(() => expect(signed).toEqual([{ templateVersion: 2, sha256: LETTER.sha256 }]));
  });

  it('shows a signed letter with its digest', async () => {
    signInAs('U');
    mockFetch({
      'GET /ks/credit/letter': ok({
        ...LETTER,
        mySignature: { signedAt: '2026-11-26T02:00:00Z', textSha256: LETTER.sha256 },
      }),
    });
    renderWidget(<CommitmentBookDetailPage />, '/credit/commitmentbookDetail');
    expect(await screen.findByText(/已于.*签署本承诺书/, {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('gives administrators the signatures and the template editor', async () => {
    signInAs('M');
    const saved: unknown[] = [];
    mockFetch({
      'GET /ks/credit/letter/signatures': ok([
        {
          id: makeRecordId(),
          userId: ENTERPRISE_ID,
          signerName: '演示企业联系人',
          enterpriseName: 'KS演示建设集团有限公司',
          templateVersion: 2,
          textSha256: LETTER.sha256,
          signedAt: '2026-11-26T02:00:00Z',
        },
      ]),
      'GET /ks/credit/letter': ok(LETTER),
      'PUT /ks/credit/letter': ({ body }) => {
        saved.push(body);
        return ok({ ...LETTER, templateVersion: 3 });
      },
    });
    const { user } = renderWidget(<CommitmentBookPage />, '/credit/commitmentbook');
    expect(await screen.findByText('演示企业联系人', {}, WAIT)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: '承诺书模板' }));
    const content = await screen.findByLabelText('内容');
    await user.clear(content);
    await user.type(content, '新的承诺内容');
    await user.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() =>
      expect(saved).toEqual([{ title: '信用承诺书', content: '新的承诺内容', templateVersion: 2 }]),
    );
    expect(within(document.body).getByText(/当前为第2版/)).toBeTruthy();
  });
});
