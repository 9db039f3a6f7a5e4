import { UPLOAD_CHUNK_SIZE } from '@ks/contract/constants';
import type { AnnexWithFiles, UploadedFile } from '@ks/contract/files';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers.tsx';
import { EmptyMessage, EmptyState } from '@/components/empty-state.tsx';
import { makeRecordId } from '@/test/factories.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { AnnexUploader } from './annex-uploader.tsx';
import { SimpleUploader } from './simple-uploader.tsx';

/** The upload task the server opens: its later calls must send this UUID back. */
const UPLOAD_ID = makeRecordId();

const setupUser = () =>
  userEvent.setup({ delay: null, applyAccept: false, pointerEventsCheck: PointerEventsCheckLevel.Never });

const uploaded = (name: string, extra: Partial<UploadedFile> = {}): UploadedFile => ({
  url: `/ks/file/v1/files/${name}`,
  host: '',
  fileId: `id-${name}`,
  fileName: name,
  fileType: name.split('.').pop() ?? '',
  fileSize: 10,
  fileNo: '',
  ...extra,
});

function SimpleHarness({ onChange }: { onChange?: (files: UploadedFile[]) => void }) {
  const [files, setFiles] = useState<UploadedFile[]>([]);
  return (
    <SimpleUploader
      value={files}
      onChange={(next) => {
        setFiles(next);
        onChange?.(next);
      }}
      gnCoding="g"
      systemCoding="s"
    />
  );
}

const fileInput = (container: HTMLElement, index = 0) =>
  container.querySelectorAll<HTMLInputElement>('input[type=file]')[index] as HTMLInputElement;

describe('SimpleUploader', () => {
  it('refuses a non-image, non-PDF file before sending: 请上传图片或PDF文件', async () => {
    const fetchMock = mockFetch({});
    const { container } = render(
      <AppProviders>
        <SimpleHarness />
      </AppProviders>,
    );
    await setupUser().upload(fileInput(container), new File(['x'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('请上传图片或PDF文件')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText(/至少上传一个附件/)).toBeTruthy();
  });

  it('uploads an image and lists it marked add', async () => {
    mockFetch({ 'POST /ks/common/common/upload/attachment': ok(uploaded('执照.png')) });
    const onChange = vi.fn();
    const { container } = render(
      <AppProviders>
        <SimpleHarness onChange={onChange} />
      </AppProviders>,
    );
    await setupUser().upload(fileInput(container), new File(['x'], '执照.png', { type: 'image/png' }));
    expect(await screen.findByText('执照.png')).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith([
      expect.objectContaining({ fileName: '执照.png', fileOperationType: 'add' }),
    ]);
  });

  it.each([
    [
      'the server message',
      {
        status: 400,
        body: { code: 400, data: null, message: '文件内容与扩展名不符，请上传真实的【png】文件' },
      },
      '文件内容与扩展名不符，请上传真实的【png】文件',
    ],
    [
      '文件上传失败，请重新上传！ without an envelope',
      new Response('<html>413</html>', { status: 413, headers: { 'Content-Type': 'text/html' } }),
      '文件上传失败，请重新上传！',
    ],
  ])('shows %s when the server refuses', async (_label, answer, text) => {
    mockFetch({ 'POST /ks/common/common/upload/attachment': answer });
    const { container } = render(
      <AppProviders>
        <SimpleHarness />
      </AppProviders>,
    );
    await setupUser().upload(fileInput(container), new File(['x'], 'a.png', { type: 'image/png' }));
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('of four images chosen at once uploads three, refuses the fourth, and keeps all three listed', async () => {
    const sent: string[] = [];
    mockFetch({
      'POST /ks/common/common/upload/attachment': async ({ body }) => {
        const name = ((body as FormData).get('file') as File).name;
        sent.push(name);
        // Answers arrive one after another, as they do from a real server.
        await new Promise((resolve) => setTimeout(resolve, 20 * sent.length));
        return ok(uploaded(name));
      },
    });
    const onChange = vi.fn();
    const { container } = render(
      <AppProviders>
        <SimpleHarness onChange={onChange} />
      </AppProviders>,
    );
    const images = [1, 2, 3, 4].map((n) => new File(['x'], `图${n}.png`, { type: 'image/png' }));
    await setupUser().upload(fileInput(container), images);
    expect(await screen.findByText('最多只能上传3个文件')).toBeTruthy();
    await waitFor(() => expect(onChange.mock.lastCall?.[0]).toHaveLength(3));
    expect(sent).toEqual(['图1.png', '图2.png', '图3.png']);
    const listed = onChange.mock.lastCall?.[0] as UploadedFile[];
    expect(listed.map((f) => f.fileName)).toEqual(['图1.png', '图2.png', '图3.png']);
    expect(screen.getByRole('button', { name: '上传附件' }).closest('button')?.disabled).toBe(true);
  });

  it('says 当前网络拥堵，请重新上传！ when the network fails', async () => {
    mockFetch({
      'POST /ks/common/common/upload/attachment': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { container } = render(
      <AppProviders>
        <SimpleHarness />
      </AppProviders>,
    );
    await setupUser().upload(fileInput(container), new File(['x'], 'a.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('当前网络拥堵，请重新上传！')).toBeTruthy();
  });

  it('warns 请先选择要查看的图片 when only PDFs are listed', async () => {
    mockFetch({});
    render(
      <AppProviders>
        <SimpleUploader
          value={[uploaded('a.pdf')]}
          onChange={() => {}}
          gnCoding="g"
          systemCoding="s"
          readOnly
        />
      </AppProviders>,
    );
    await setupUser().click(screen.getByRole('button', { name: '查看图片' }));
    expect(await screen.findByText('请先选择要查看的图片')).toBeTruthy();
  });

  it('uploads a large file in chunks, sending only the chunks the server lacks', async () => {
    const chunks: number[] = [];
    mockFetch({
      'POST /ks/upload/v1/upload-task': ({ body }) =>
        ok({
          uploadId: UPLOAD_ID,
          chunkSize: UPLOAD_CHUNK_SIZE,
          chunkCount: 2,
          uploadedChunks: [0],
          status: 'uploading',
          file: null,
          echo: body,
        }),
      'POST /ks/upload/v1/chunk-upload': ({ body }) => {
        chunks.push(Number((body as FormData).get('chunk')));
        return ok({
          uploadId: UPLOAD_ID,
          chunkSize: UPLOAD_CHUNK_SIZE,
          chunkCount: 2,
          uploadedChunks: [0, 1],
          status: 'uploading',
          file: null,
        });
      },
      'POST /ks/upload/v1/file-merge': ok({
        uploadId: UPLOAD_ID,
        chunkSize: UPLOAD_CHUNK_SIZE,
        chunkCount: 2,
        uploadedChunks: [0, 1],
        status: 'done',
        file: uploaded('大文件.pdf'),
      }),
    });
    const { container } = render(
      <AppProviders>
        <SimpleHarness />
      </AppProviders>,
    );
    const big = new File([new Uint8Array(UPLOAD_CHUNK_SIZE + 100)], '大文件.pdf', {
      type: 'application/pdf',
    });
    await setupUser().upload(fileInput(container), big);
    expect(await screen.findByText('上传成功')).toBeTruthy();
    expect(chunks).toEqual([1]);
    expect(screen.getByRole('button', { name: '删除' })).toBeTruthy();
  });
});

const annex = (extra: Partial<AnnexWithFiles> = {}): AnnexWithFiles => ({
  id: makeRecordId(),
  gnCoding: 'g',
  annexNo: 'lic',
  annexName: '营业执照',
  annexFormat: ['pdf'],
  annexSize: 1,
  isRequired: true,
  annexCount: 3,
  description: '',
  fileList: [],
  ...extra,
});

function AnnexHarness({
  initial,
  onChange,
}: {
  initial: AnnexWithFiles[];
  onChange?: (a: AnnexWithFiles[]) => void;
}) {
  const [annexes, setAnnexes] = useState(initial);
  return (
    <AnnexUploader
      annexes={annexes}
      onChange={(next) => {
        setAnnexes(next);
        onChange?.(next);
      }}
      gnCoding="g"
      systemCoding="s"
    />
  );
}

describe('AnnexUploader', () => {
  it.each([
    ['a name over 64 characters', `${'名'.repeat(61)}.pdf`, 10, '文件名超过64位字符，请重新命名后上传！'],
    ['a wrong format', 'a.png', 10, '格式错误，请上传【 pdf 】格式'],
    ['a file over the slot size', 'a.pdf', 1024 * 1024 + 1, '文件大小不能超过【1MB】!'],
  ])('refuses %s', async (_label, name, size, text) => {
    const file = new File([new Uint8Array(size)], name);
    const fetchMock = mockFetch({});
    const { container } = render(
      <AppProviders>
        <AnnexHarness initial={[annex()]} />
      </AppProviders>,
    );
    await setupUser().upload(fileInput(container), file);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps both files when uploads in two slots finish one after the other', async () => {
    mockFetch({
      'POST /ks/common/common/upload/annex': async ({ body }) => {
        const fileNo = String((body as FormData).get('fileNo'));
        const name = ((body as FormData).get('file') as File).name;
        // The first slot's upload is the slower one: it finishes after the second slot's.
        await new Promise((resolve) => setTimeout(resolve, fileNo === 'lic' ? 300 : 10));
        return ok(uploaded(name, { fileNo }));
      },
    });
    const onChange = vi.fn();
    const { container } = render(
      <AppProviders>
        <AnnexHarness
          initial={[annex(), annex({ id: makeRecordId(), annexNo: 'other', annexName: '其他材料' })]}
          onChange={onChange}
        />
      </AppProviders>,
    );
    const user = setupUser();
    await user.upload(fileInput(container, 0), new File(['x'], '慢.pdf'));
    await user.upload(fileInput(container, 1), new File(['x'], '快.pdf'));
    expect(await screen.findByRole('button', { name: '快.pdf' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: '慢.pdf' })).toBeTruthy();
    const last = onChange.mock.lastCall?.[0] as AnnexWithFiles[];
    expect(last.map((a) => a.fileList.map((f) => f.fileName))).toEqual([['慢.pdf'], ['快.pdf']]);
  });

  it('uploads into the slot with its fileNo, and hides a deleted file while keeping its del mark', async () => {
    let sentFileNo = '';
    mockFetch({
      'POST /ks/common/common/upload/annex': ({ body }) => {
        sentFileNo = String((body as FormData).get('fileNo'));
        return ok(uploaded('新执照.pdf', { fileNo: 'lic' }));
      },
    });
    const onChange = vi.fn();
    const existing = uploaded('旧执照.pdf', { fileNo: 'lic' });
    const { container } = render(
      <AppProviders>
        <AnnexHarness initial={[annex({ fileList: [existing] })]} onChange={onChange} />
      </AppProviders>,
    );
    const user = setupUser();
    await user.upload(fileInput(container), new File(['x'], '新执照.pdf'));
    expect(await screen.findByText('新执照.pdf')).toBeTruthy();
    expect(sentFileNo).toBe('lic');
    await user.click(screen.getAllByRole('button', { name: '删除' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByText('旧执照.pdf')).toBeNull());
    const last = onChange.mock.lastCall?.[0] as AnnexWithFiles[];
    expect(last[0]?.fileList.map((f) => [f.fileName, f.fileOperationType])).toEqual([
      ['旧执照.pdf', 'del'],
      ['新执照.pdf', 'add'],
    ]);
  });
});

describe('empty states', () => {
  it('prefixes the area title: -1 not started, -2 no data', () => {
    render(
      <>
        <EmptyState state={-1} area={{ id: '1', title: '资格审查' }} />
        <EmptyState state="-2" area={{ id: '2', title: '开标记录' }} />
        <EmptyMessage />
      </>,
    );
    expect(screen.getByText('资格审查流程尚未开始')).toBeTruthy();
    expect(screen.getByText('开标记录暂无数据或尚未提交')).toBeTruthy();
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});
