import { BID_MESSAGES, type BidDocumentState } from '@ks/contract/bid-detection';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRecordId } from '@/test/factories.ts';
import { failure, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { bidderDialogRoutes, ENTERPRISE_B, ENTERPRISE_B_OPTION } from '../test-fixtures.ts';
import { BidDocumentsSection } from './bid-documents-section.tsx';

const XM = '7f1f0c8e-2d2a-4a57-9b55-0a3c7d1e9a11';
const DOCUMENT_ID = makeRecordId();
/** What the server offers on a project's documents: the centre's rights and a bidder's. */
const CENTRE_RIGHTS = { actions: ['requirements', 'redetect', 'publicity'], choosesBidder: true } as const;
const BIDDER_RIGHTS = { actions: [], choosesBidder: false } as const;

const doc = (over: Partial<BidDocumentState>): BidDocumentState => ({
  documentId: DOCUMENT_ID,
  bidderName: '甲公司',
  fileName: '投标文件.pdf',
  state: 'checked',
  errorMessage: '',
  pageCount: 8,
  directoryFindings: 1,
  achievementFindings: 0,
  score: '33.57',
  checkedAt: '2026-11-26T01:00:00Z',
  // The centre deletes any document (as a bidder its own).
  actions: ['delete'],
  ...over,
});

const head = {
  documentId: DOCUMENT_ID,
  bidderName: '甲公司',
  state: 'checked',
  errorMessage: '',
  checkedAt: '2026-11-26T01:00:00Z',
};

function mockApi(
  options: {
    documents: BidDocumentState[];
    refuse?: string;
    publicity?: 'none' | 'open';
    rights?: typeof CENTRE_RIGHTS | typeof BIDDER_RIGHTS;
  },
  extra: Parameters<typeof mockFetch>[0] = {},
) {
  const calls = { publish: [] as unknown[], saves: [] as unknown[] };
  const requirements = {
    xmId: XM,
    chapters: ['投标函', '项目管理机构'],
    scoreItems: [],
    publicityDays: 5,
    version: 3,
    updatedAt: '2026-11-26T01:00:00Z',
  };
  const publicity = {
    xmId: XM,
    state: options.publicity ?? 'none',
    publicityDays: 5,
    startsAt: null,
    endsAt: null,
  };
  const result = (data: unknown) => () => (options.refuse ? failure(403, 403, options.refuse) : ok(data));
  mockFetch({
    'POST /ks/analyse/bid-documents/list': ok({
      xmId: XM,
      projectName: '示例项目',
      documents: options.documents,
      ...(options.rights ?? CENTRE_RIGHTS),
    }),
    'POST /ks/file/detection/publicity': ({ body }) => {
      if ((body as { action?: string }).action) {
        calls.publish.push(body);
        return ok({ ...publicity, state: 'open' });
      }
      return ok(publicity);
    },
    'POST /ks/file/detection/requirements': ok(requirements),
    'POST /ks/file/detection/requirements/save': ({ body }) => {
      calls.saves.push(body);
      return ok({ ...requirements, version: 4, redetected: options.documents.length });
    },
    'POST /ks/file/detection/directories': result({
      ...head,
      rows: [
        { chapter: '投标函', order: 1, result: 'ok', page: 3, message: '第3页' },
        {
          chapter: '项目管理机构',
          order: 2,
          result: 'missing',
          page: null,
          message: '未找到必备章节“项目管理机构”',
        },
      ],
    }),
    'POST /ks/file/detection/achievement': result({
      ...head,
      note: '投标文件中未找到业绩章节，未核对业绩',
      rows: [],
    }),
    'POST /ks/file/detection/score': result({
      ...head,
      total: '33.57',
      maxTotal: '35.00',
      rows: [
        {
          kind: 'price',
          name: '投标报价得分',
          maxPoints: '30.00',
          points: '28.57',
          evidence: '最低价法',
          page: null,
        },
      ],
    }),
    ...extra,
  });
  return calls;
}

describe('投标文件检测 section', () => {
  it('lists the documents with their states and shows a document’s result', async () => {
    mockApi({
      documents: [
        doc({}),
        doc({
          documentId: makeRecordId(),
          bidderName: '乙公司',
          state: 'scanned',
          errorMessage: BID_MESSAGES.scanned,
          score: null,
        }),
      ],
    });
    signInAs('M');
    const { user } = renderWidget(<BidDocumentsSection xmId={XM} />);
    const row = (await screen.findByText('甲公司')).closest('tr') as HTMLElement;
    expect(within(row).getByText('已检测')).toBeTruthy();
    expect(within(row).getByText('33.57')).toBeTruthy();
    expect(screen.getByText(BID_MESSAGES.scanned)).toBeTruthy();
    await user.click(within(row).getByText('甲公司'));
    expect(await screen.findByText('未找到必备章节“项目管理机构”')).toBeTruthy();
    expect(screen.getByText('缺失')).toBeTruthy();
    await user.click(screen.getByText('客观分 33.57 / 35.00'));
    expect(await screen.findByText('28.57')).toBeTruthy();
  });

  it('shows the result of a re-detection once it finishes, not the one from before', async () => {
    let lists = 0;
    mockApi(
      { documents: [] },
      {
        // Waiting for its re-detection first (the previous result still stored), then checked anew.
        'POST /ks/analyse/bid-documents/list': () => {
          lists += 1;
          const document =
            lists === 1
              ? doc({ state: 'pending', directoryFindings: 0 })
              : doc({ checkedAt: '2026-11-26T02:00:00Z', directoryFindings: 1 });
          return ok({ xmId: XM, projectName: '示例项目', documents: [document], ...CENTRE_RIGHTS });
        },
        'POST /ks/file/detection/directories': () =>
          ok({
            ...head,
            rows:
              lists > 1
                ? [{ chapter: '安全生产许可证', order: 1, result: 'missing', page: null, message: '新结果' }]
                : [{ chapter: '投标函', order: 1, result: 'ok', page: 3, message: '旧结果' }],
          }),
      },
    );
    signInAs('M');
    const { user } = renderWidget(<BidDocumentsSection xmId={XM} />);
    await user.click(await screen.findByText('甲公司'));
    expect(await screen.findByText('甲公司：未解析')).toBeTruthy();
    // The list asks again while a document waits; the finished detection's result is fetched.
    expect(await screen.findByText('新结果')).toBeTruthy();
    expect(screen.queryByText('旧结果')).toBeNull();
  });

  it('lets an administrator publish the results', async () => {
    const calls = mockApi({ documents: [doc({})] });
    signInAs('M');
    const { user } = renderWidget(<BidDocumentsSection xmId={XM} />);
    expect(await screen.findByText('未公示')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '公示检测结果' }));
    await waitFor(() => expect(calls.publish).toEqual([{ xmId: XM, action: 'publish' }]));
  });

  it('saving the requirements says every document is being detected again', async () => {
    const calls = mockApi({
      documents: [doc({}), doc({ documentId: makeRecordId(), bidderName: '乙公司' })],
    });
    signInAs('M');
    const { user } = renderWidget(<BidDocumentsSection xmId={XM} />);
    await user.click(await screen.findByRole('button', { name: '招标要求' }));
    const dialog = await screen.findByRole('dialog', { name: '招标要求' });
    expect(await within(dialog).findByText('项目管理机构')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.saves).toEqual([
        { xmId: XM, chapters: ['投标函', '项目管理机构'], scoreItems: [], publicityDays: 5, version: 3 },
      ]),
    );
    expect(await screen.findByText('保存成功，已按新要求重新检测 2 份投标文件')).toBeTruthy();
  });

  it('lets an administrator choose the bidder from the registered enterprises, else name it', async () => {
    const calls = { keywords: [] as (string | null)[], attached: [] as unknown[] };
    mockApi(
      { documents: [] },
      {
        ...bidderDialogRoutes(calls.keywords, 'pdf'),
        'POST /ks/analyse/bid-documents': ({ body }) => {
          calls.attached.push(body);
          return ok(doc({ bidderName: ENTERPRISE_B.enterpriseName }));
        },
      },
    );
    signInAs('M');
    const { user } = renderWidget(<BidDocumentsSection xmId={XM} />);
    const open = async () => {
      await user.click(await screen.findByRole('button', { name: '上传投标文件' }));
      return screen.findByRole('dialog', { name: '上传投标文件' });
    };
    const choose = async (dialog: HTMLElement, name: string) => {
      const input = dialog.querySelector<HTMLInputElement>('input[type=file]') as HTMLInputElement;
      await user.upload(input, new File(['%PDF'], name, { type: 'application/pdf' }));
      expect(await within(dialog).findByText(`已上传：${name}`)).toBeTruthy();
    };

    // Chosen from the list (searched on the server): the account is sent, no name is asked.
    let dialog = await open();
    await user.type(within(dialog).getByLabelText('投标企业'), '乙建设');
    await waitFor(() => expect(calls.keywords).toContain('乙建设'));
    await user.click(await screen.findByText(ENTERPRISE_B_OPTION));
    expect(within(dialog).queryByLabelText('投标人名称')).toBeNull();
    await choose(dialog, '乙.pdf');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.attached).toEqual([
        { projectId: XM, fileId: 'id-乙.pdf', bidderUserId: ENTERPRISE_B.userId, bidderName: '' },
      ]),
    );

    // None chosen: the name is required and sent, for the server's exact match.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '上传投标文件' })).toBeNull());
    dialog = await open();
    await choose(dialog, '丙.pdf');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText(BID_MESSAGES.bidderRequired)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('投标人名称'), '丙公司');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.attached.at(-1)).toEqual({ projectId: XM, fileId: 'id-丙.pdf', bidderName: '丙公司' }),
    );
  });

  it('tells a bidder its result is not published yet, and has no administrator controls', async () => {
    mockApi({ documents: [doc({})], refuse: BID_MESSAGES.notPublished, rights: BIDDER_RIGHTS });
    signInAs('U');
    const { user } = renderWidget(<BidDocumentsSection xmId={XM} />);
    await user.click(await screen.findByText('甲公司'));
    expect(await screen.findByText(BID_MESSAGES.notPublished)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '公示检测结果' })).toBeNull();
    expect(screen.queryByRole('button', { name: '招标要求' })).toBeNull();
    expect(screen.queryByRole('button', { name: '重新检测' })).toBeNull();
    // Its own document it may delete, as the server offers.
    expect(screen.getByRole('button', { name: /删\s*除/ })).toBeTruthy();
  });

  it('offers no delete on a document uploaded for the bidder by the centre', async () => {
    mockApi({ documents: [doc({ actions: [] })], rights: BIDDER_RIGHTS });
    signInAs('U');
    renderWidget(<BidDocumentsSection xmId={XM} />);
    expect(await screen.findByText('甲公司')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });

  it('says so when no document was uploaded', async () => {
    mockApi({ documents: [] });
    signInAs('M');
    renderWidget(<BidDocumentsSection xmId={XM} />);
    expect(await screen.findByText('尚未上传投标文件')).toBeTruthy();
  });
});
