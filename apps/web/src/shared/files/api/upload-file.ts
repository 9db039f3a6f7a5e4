import type { UploadedFile } from '@ks/contract/files';
import { http } from '@/lib/http.ts';

/** Where an upload goes: the node (and, for a slot, its annexNo as fileNo). */
export interface UploadTarget {
  gnCoding: string;
  systemCoding: string;
  /** Annex slot number; absent for the simple uploader. */
  fileNo?: string;
  dxCode?: string;
}

/**
 * One-request upload (files under 5 MB). Quiet: the uploaders show the spec's upload messages
 * ('当前网络拥堵，请重新上传！', the server's message or '上传失败！') instead of the generic dialog.
 */
export function uploadFile(file: File, target: UploadTarget, signal?: AbortSignal): Promise<UploadedFile> {
  const form = new FormData();
  // Fields before the file: the server reads them as they stream in.
  form.append('gnCoding', target.gnCoding);
  form.append('systemCoding', target.systemCoding);
  if (target.fileNo) {
    form.append('fileNo', target.fileNo);
    form.append('fileType', file.name.split('.').pop() ?? '');
    if (target.dxCode) form.append('dxCode', target.dxCode);
  }
  form.append('file', file, file.name);
  const url = target.fileNo ? '/ks/common/common/upload/annex' : '/ks/common/common/upload/attachment';
  return http.post<UploadedFile>(url, form, { quiet: true, signal });
}
