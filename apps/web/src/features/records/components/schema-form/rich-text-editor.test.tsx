import { EDITOR_MAX_IMAGE_SIZE, EDITOR_UPLOAD_TIMEOUT } from '@ks/contract/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failure, mockFetch, ok } from '@/test/fetch-mock.ts';
import { testTimeout, waitBound } from '@/test/waits.ts';
import { IMAGE_TOO_LARGE } from './rich-text-editor.tsx';
import { item, renderForm } from './test-helpers.tsx';
import { EDITOR_UPLOAD_URL, uploadEditorImage } from './upload-editor-image.ts';

// TipTap arrives through a lazy import, which has taken over 30 s under jsdom on a busy CI machine.
vi.setConfig({ testTimeout: testTimeout(12) });
const SLOW = waitBound(6);

const png = (name = '插图.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

/** Answers like fetch does when its signal aborts, so the client's timer can be observed. */
const hangingUntilAborted = ({ init }: { init: RequestInit }) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

describe('uploadEditorImage', () => {
  it('posts the image as multipart field file and answers its URL', async () => {
    const fetchMock = mockFetch({
      [`POST ${EDITOR_UPLOAD_URL}`]: ok({ url: '/ks/file/v1/images/1', fileName: '插图.png' }),
    });
    await expect(uploadEditorImage(png())).resolves.toEqual({
      url: '/ks/file/v1/images/1',
      fileName: '插图.png',
    });
    const body = fetchMock.mock.calls[0]?.[1]?.body as FormData;
    expect((body.get('file') as File).name).toBe('插图.png');
  });

  it(`gives up after ${EDITOR_UPLOAD_TIMEOUT} ms: 请求超时`, async () => {
    vi.useFakeTimers();
    mockFetch({ [`POST ${EDITOR_UPLOAD_URL}`]: hangingUntilAborted });
    const settled = vi.fn();
    const upload = uploadEditorImage(png());
    upload.then(settled, settled);
    await vi.advanceTimersByTimeAsync(EDITOR_UPLOAD_TIMEOUT - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(upload).rejects.toThrow('请求超时');
  });

  it("answers the server's refusal", async () => {
    mockFetch({ [`POST ${EDITOR_UPLOAD_URL}`]: failure(400, 400, '格式错误，请上传【 jpg 】格式') });
    await expect(uploadEditorImage(png('a.pdf'))).rejects.toThrow('格式错误，请上传【 jpg 】格式');
  });
});

describe('editor item', () => {
  const editorItem = item({ code: 'content', name: '公告内容', type: 'editor' });

  it('edits in a 350 px editor with a toolbar and inserts an uploaded image into the value', async () => {
    mockFetch({ [`POST ${EDITOR_UPLOAD_URL}`]: ok({ url: '/ks/file/v1/images/abc', fileName: '插图.png' }) });
    const { handle } = renderForm({ items: [editorItem], initialValues: { content: '<p>第一段</p>' } });
    const editor = await screen.findByTestId('rich-text-editor', {}, SLOW);
    expect(editor.style.height).toBe('350px');
    expect(within(editor).getByRole('toolbar')).toBeTruthy();
    expect(within(editor).getByText('第一段')).toBeTruthy();
    fireEvent.change(within(editor).getByLabelText('选择图片'), { target: { files: [png()] } });
    await waitFor(() =>
      expect(editor.querySelector('img')?.getAttribute('src')).toBe('/ks/file/v1/images/abc'),
    );
    expect(String(handle().getValues().content)).toContain(
      '<img src="/ks/file/v1/images/abc" alt="插图.png">',
    );
    expect(String(handle().getValues().content)).toContain('<p>第一段</p>');
  });

  it('toggles bold on the selection from the toolbar', async () => {
    const { handle } = renderForm({ items: [editorItem], initialValues: { content: '<p>文字</p>' } });
    const editor = await screen.findByTestId('rich-text-editor', {}, SLOW);
    fireEvent.click(within(editor).getByRole('button', { name: '加粗' }));
    await waitFor(() =>
      expect(within(editor).getByRole('button', { name: '加粗' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(handle().getValues()).toEqual({ content: '<p>文字</p>' });
  });

  it('refuses an image over the size limit without sending it', async () => {
    const fetchMock = mockFetch({});
    renderForm({ items: [editorItem] });
    const editor = await screen.findByTestId('rich-text-editor', {}, SLOW);
    const huge = png();
    Object.defineProperty(huge, 'size', { value: EDITOR_MAX_IMAGE_SIZE + 1 });
    fireEvent.change(within(editor).getByLabelText('选择图片'), { target: { files: [huge] } });
    expect(await screen.findByText(IMAGE_TOO_LARGE)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells the person when the upload fails', async () => {
    mockFetch({ [`POST ${EDITOR_UPLOAD_URL}`]: failure(400, 400, '文件格式不支持') });
    renderForm({ items: [editorItem] });
    const editor = await screen.findByTestId('rich-text-editor', {}, SLOW);
    fireEvent.change(within(editor).getByLabelText('选择图片'), { target: { files: [png()] } });
    expect(await screen.findByText('文件格式不支持')).toBeTruthy();
    expect(editor.querySelector('img')).toBeNull();
  });

  it('is read-only, 450 px, with the placeholder 请填写内容 in the detail form', async () => {
    const { handle } = renderForm({ items: [editorItem], readOnly: true, initialValues: { content: '' } });
    const editor = await screen.findByTestId('rich-text-editor', {}, SLOW);
    expect(editor.style.height).toBe('450px');
    expect(within(editor).queryByRole('toolbar')).toBeNull();
    const body = within(editor).getByRole('textbox');
    expect(body.getAttribute('contenteditable')).toBe('false');
    expect(editor.querySelector('[data-placeholder]')?.getAttribute('data-placeholder')).toBe('请填写内容');
    expect(handle().getValues()).toEqual({ content: null });
  });
});
