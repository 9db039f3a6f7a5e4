import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRecordId } from '@/test/factories.ts';
import { failure, mockFetch, ok, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { waitBound } from '@/test/waits.ts';
import { ProjectTenderDocuments } from '../components/section-documents.tsx';
import { makeDocument, makeOnSaleSection, makeSectionDocuments } from '../test-fixtures.ts';
import { OnSalePage } from './on-sale-page.tsx';

const WAIT = waitBound(2);

afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

const page = (
  <Routes>
    <Route path="/trade/onSale" element={<OnSalePage />} />
  </Routes>
);

describe('招标文件发售 (/trade/onSale)', () => {
  it('lets a bidder sign up from the server’s button, the server’s refusal under the field', async () => {
    signInAs('U');
    const row = makeOnSaleSection();
    let signedUp = false;
    const bodies: unknown[] = [];
    mockFetch({
      'POST /ks/trade/file/on-sale': () =>
        ok([signedUp ? { ...row, signedUp: true, actions: ['records', 'downloadStatus'] } : row]),
      'POST /ks/trade/sign-up': ({ body }) => {
        bodies.push(body);
        if (bodies.length === 1)
          return failure(400, 400, '请输入正确的手机号码', { contactPhone: '请输入正确的手机号码' });
        signedUp = true;
        return ok({
          id: makeRecordId(),
          bidderName: '演示企业',
          contactName: '李四',
          contactPhone: '13912345678',
          signedUpAt: '2026-11-29 20:00',
        });
      },
    });
    const { user } = renderWidget(page, '/trade/onSale');
    expect(await screen.findByText('滨江路道路提升工程', {}, WAIT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /报\s*名/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await user.type(within(dialog).getByLabelText('联系人'), '李四');
    await user.type(within(dialog).getByLabelText('联系电话'), '123');
    await user.click(within(dialog).getByRole('button', { name: /报\s*名/ }));
    expect(await within(dialog).findByText('请输入正确的手机号码', {}, WAIT)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('联系电话'));
    await user.type(within(dialog).getByLabelText('联系电话'), '13912345678');
    await user.click(within(dialog).getByRole('button', { name: /报\s*名/ }));
    await waitFor(() => expect(bodies).toHaveLength(2), WAIT);
    expect(bodies[1]).toEqual({ sectionId: row.sectionId, contactName: '李四', contactPhone: '13912345678' });
    expect(await screen.findByText('已报名', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /报\s*名/ })).toBeNull(), WAIT);
  });

  it('opens a section to its documents: 下载 only where the server gives it', async () => {
    signInAs('U');
    const row = makeOnSaleSection({ signedUp: true, actions: ['records', 'downloadStatus'] });
    const given = makeDocument({ fileName: '招标文件正文.pdf', actions: ['download'] });
    mockFetch({
      'POST /ks/trade/file/on-sale': ok([row]),
      'POST /ks/trade/file/files': ({ body }) =>
        (body as { sectionId: string }).sectionId === row.sectionId
          ? ok(
              makeSectionDocuments({
                sectionId: row.sectionId,
                signedUp: true,
                documents: [given],
                actions: ['records', 'downloadStatus'],
              }),
            )
          : failure(200, 404, '标段不存在'),
      'POST /ks/trade/file/download-status': ok({
        sectionId: row.sectionId,
        signedUp: true,
        signedUpAt: '2026-11-28 10:00',
        documents: [
          {
            documentId: given.id,
            fileName: given.fileName,
            kind: 'tender',
            downloaded: true,
            firstDownloadedAt: '2026-11-28 10:05',
          },
        ],
      }),
    });
    const { user } = renderWidget(page, '/trade/onSale');
    await screen.findByText('滨江路道路提升工程', {}, WAIT);
    await user.click(screen.getByRole('button', { name: /展开行|Expand row/ }));
    expect(await screen.findByText('招标文件正文.pdf', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { name: /^下\s*载$/ })).toBeTruthy();
    expect(await screen.findByText('已下载', {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /上传/ })).toBeNull();
  });

  it('says so when nothing is on sale', async () => {
    signInAs('U');
    mockFetch({ 'POST /ks/trade/file/on-sale': ok([]) });
    renderWidget(page, '/trade/onSale');
    expect(await screen.findByText('当前没有正在发售文件的标段', {}, WAIT)).toBeTruthy();
  });
});

describe('a project’s documents (the five-in-one 资格预审文件 tab)', () => {
  const section = { id: makeRecordId(), code: 'JY202611290001-001', name: '施工一标段' };

  it('offers the tenderee upload and delete from the server, and no records before the deadline', async () => {
    signInAs('U');
    const document = makeDocument({
      kind: 'prequal',
      fileName: '资格预审文件.pdf',
      actions: ['download', 'delete'],
    });
    mockFetch({
      'POST /ks/trade/file/files': ({ body }) =>
        (body as { kind?: string }).kind === 'prequal'
          ? ok(
              makeSectionDocuments({
                sectionId: section.id,
                side: 'tenderee',
                signedUp: null,
                onSale: false,
                documents: [document],
                actions: ['upload'],
              }),
            )
          : failure(200, 400, '文件类型无效'),
    });
    renderWidget(<ProjectTenderDocuments sections={[section]} kind="prequal" />);
    expect(await screen.findByText('资格预审文件.pdf', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { name: /上传资格预审文件/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /删\s*除/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '报名及下载记录' })).toBeNull();
    expect(screen.queryByText(/报名人数/)).toBeNull();
  });

  it('shows the centre the count and the sign-up and download records', async () => {
    signInAs('M');
    mockFetch({
      'POST /ks/trade/file/files': ok(
        makeSectionDocuments({
          sectionId: section.id,
          side: 'centre',
          signedUp: null,
          actions: ['records', 'quantity'],
        }),
      ),
      'POST /ks/trade/registrations/quantity': ok({ sectionId: section.id, count: 2 }),
      'POST /ks/trade/file/records': ok({
        sectionId: section.id,
        signUps: [
          {
            id: makeRecordId(),
            bidderName: '甲建设公司',
            contactName: '甲',
            contactPhone: '13912345678',
            signedUpAt: '2026-11-28 10:00',
          },
          {
            id: makeRecordId(),
            bidderName: '乙建设公司',
            contactName: '乙',
            contactPhone: '13912345679',
            signedUpAt: '2026-11-28 11:00',
          },
        ],
        downloads: [
          {
            id: makeRecordId(),
            documentId: makeRecordId(),
            fileName: '资格预审文件.pdf',
            kind: 'prequal',
            bidderName: '甲建设公司',
            downloadedAt: '2026-11-28 10:05',
            ip: '10.0.0.8',
          },
        ],
      }),
    });
    const { user } = renderWidget(<ProjectTenderDocuments sections={[section]} kind="prequal" />);
    expect(await screen.findByText('报名人数：2', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('暂无文件')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /上传/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: '报名及下载记录' }));
    expect(await screen.findByText('乙建设公司', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('10.0.0.8')).toBeTruthy();
  });
});
