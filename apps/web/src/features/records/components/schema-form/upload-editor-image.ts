import { EDITOR_UPLOAD_TIMEOUT } from '@ks/contract/constants';
import { TIMEOUT_MESSAGE } from '@/lib/constants.ts';
import { http, isApiError } from '@/lib/http.ts';

export const EDITOR_UPLOAD_URL = '/ks/common/common/upload/file-attachment';
export const EDITOR_UPLOAD_FAILED = '图片上传失败，请重试';

export type EditorImage = { url: string; fileName: string };

/**
 * Sends one editor image (multipart field `file`) and answers its public URL. The spec gives editor
 * uploads 5000 ms, shorter than the main client's timeout, so this call aborts on its own timer.
 * Quiet: the editor tells the person what failed in a message instead of the generic dialog.
 */
export async function uploadEditorImage(file: File): Promise<EditorImage> {
  const controller = new AbortController();
  let hasTimedOut = false;
  const timer = setTimeout(() => {
    hasTimedOut = true;
    controller.abort();
  }, EDITOR_UPLOAD_TIMEOUT);
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    return await http.post<EditorImage>(EDITOR_UPLOAD_URL, form, { quiet: true, signal: controller.signal });
  } catch (error) {
    if (hasTimedOut) throw new Error(TIMEOUT_MESSAGE);
    if (isApiError(error) && error.kind === 'api') throw new Error(error.message);
    throw new Error(EDITOR_UPLOAD_FAILED);
  } finally {
    clearTimeout(timer);
  }
}
