import type { AnnexWithFiles, UploadedFile } from '@ks/contract/files';

/** The marks to save: files added or deleted in this edit (untouched files are not sent). */
export function attachmentChanges(files: readonly UploadedFile[]) {
  return files
    .filter((f) => f.fileOperationType === 'add' || f.fileOperationType === 'del')
    .map((f) => ({ fileId: f.fileId, fileNo: f.fileNo, fileOperationType: f.fileOperationType }));
}

export const filesOfAnnexes = (annexes: readonly AnnexWithFiles[]) => annexes.flatMap((a) => a.fileList);
