import { CANCEL_UPLOAD_WAIT_MS, UPLOAD_CHUNK_SIZE } from '@ks/contract/constants';
import { UPLOAD_MESSAGES, type UploadedFile } from '@ks/contract/files';
import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { isAbort, uploadErrorMessage } from '../../../shared/files/upload-error.ts';
import { cancelUpload } from '../api/chunk-upload.ts';
import { type UploadTarget, uploadFile } from '../api/upload-file.ts';
import { type UploadPhase, uploadInChunks } from '../lib/chunked-upload.ts';

/** A file on its way up: the progress bar and cancel button show for files of 5 MB and more. */
export interface UploadingItem {
  uid: string;
  name: string;
  fileNo: string;
  phase: UploadPhase;
  percent: number;
  isChunked: boolean;
  isCancelling: boolean;
}

interface UploadEntry {
  abort: AbortController;
  fileNo: string;
  uploadId?: string;
}

const PHASE_LABELS: Record<UploadPhase, string> = {
  hashing: '正在校验文件',
  uploading: '正在上传',
  merging: '正在合并',
};
export const phaseLabel = (phase: UploadPhase) => PHASE_LABELS[phase];

/**
 * Runs uploads for an uploader: under 5 MB in one request, from 5 MB in chunks with progress and
 * a cancel that asks '确认取消上传吗?' and waits 3 s before the entry disappears.
 */
export function useUploads(onUploaded: (file: UploadedFile, fileNo: string) => void) {
  const { message, modal } = App.useApp();
  const [items, setItems] = useState<UploadingItem[]>([]);
  const controllers = useRef(new Map<string, UploadEntry>());

  const patch = useCallback((uid: string, change: Partial<UploadingItem>) => {
    setItems((current) => current.map((item) => (item.uid === uid ? { ...item, ...change } : item)));
  }, []);
  const remove = useCallback((uid: string) => {
    controllers.current.delete(uid);
    setItems((current) => current.filter((item) => item.uid !== uid));
  }, []);

  const start = useCallback(
    async (file: File, target: UploadTarget) => {
      const uid = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const isChunked = file.size >= UPLOAD_CHUNK_SIZE;
      const abort = new AbortController();
      const entry: UploadEntry = { abort, fileNo: target.fileNo ?? '' };
      controllers.current.set(uid, entry);
      setItems((current) => [
        ...current,
        {
          uid,
          name: file.name,
          fileNo: target.fileNo ?? '',
          phase: 'uploading',
          percent: 0,
          isChunked,
          isCancelling: false,
        },
      ]);
      try {
        const uploaded = isChunked
          ? await uploadInChunks(file, target, {
              signal: abort.signal,
              onTask: (uploadId) => {
                entry.uploadId = uploadId;
              },
              onProgress: (phase, percent) => patch(uid, { phase, percent }),
            })
          : await uploadFile(file, target, abort.signal);
        remove(uid);
        onUploaded(uploaded, target.fileNo ?? '');
        message.success('上传成功');
      } catch (error) {
        if (abort.signal.aborted || isAbort(error)) return;
        remove(uid);
        message.error(uploadErrorMessage(error));
      }
    },
    [message, onUploaded, patch, remove],
  );

  const cancel = useCallback(
    (uid: string) => {
      modal.confirm({
        title: '提示',
        content: UPLOAD_MESSAGES.confirmCancel,
        okText: '确定',
        cancelText: '取消',
        onOk: async () => {
          const entry = controllers.current.get(uid);
          entry?.abort.abort();
          patch(uid, { isCancelling: true });
          if (entry?.uploadId) await cancelUpload(entry.uploadId).catch(() => {});
          // The cancelled entry stays 3 s (requests in flight settle) before it goes.
          setTimeout(() => remove(uid), CANCEL_UPLOAD_WAIT_MS);
        },
      });
    },
    [modal, patch, remove],
  );

  /**
   * Uploads under way (for one slot when `fileNo` is given), counted synchronously: files chosen
   * together are checked one after another before React renders, so `items` would still be stale.
   */
  const pendingCount = useCallback(
    (fileNo?: string) =>
      [...controllers.current.values()].filter((entry) => fileNo === undefined || entry.fileNo === fileNo)
        .length,
    [],
  );

  return { items, start, cancel, pendingCount };
}
