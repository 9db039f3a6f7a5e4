import { UPLOAD_MESSAGES } from '@ks/contract/files';
import { isApiError } from '@/lib/http.ts';

/**
 * What a failed upload tells a person: a dropped or congested network says so, a
 * refusal shows the server's message, a failure without one '文件上传失败，请重新上传！', anything
 * else '上传失败！'.
 */
export function uploadErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.kind === 'network' || error.kind === 'timeout') return UPLOAD_MESSAGES.network;
    // No envelope at all (a proxy's 413 page, a 500 HTML page): nothing the server said to show.
    if (error.kind === 'http') return UPLOAD_MESSAGES.failedRetry;
    return error.message || UPLOAD_MESSAGES.failed;
  }
  return UPLOAD_MESSAGES.failed;
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
