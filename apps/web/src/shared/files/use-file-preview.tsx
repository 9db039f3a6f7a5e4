import { isImageName, isPdfName, isVideoName, UPLOAD_MESSAGES, type UploadedFile } from '@ks/contract/files';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ImageViewer } from '@/components/image-viewer.tsx';
import { PreviewDialog } from '@/components/preview-dialog.tsx';
import { VideoModal } from '@/components/video-modal.tsx';
import { downloadFile, getFileBlob } from './get-file-blob.ts';
import { uploadErrorMessage } from './upload-error.ts';

type Shown =
  | { kind: 'image'; images: { src: string; name: string }[] }
  | { kind: 'pdf' | 'video'; src: string; name: string };

/**
 * Previews stored files: images in the image viewer, PDF in the 780 px preview dialog, video in
 * the modal player; anything else downloads under its original name. Files need the Bearer
 * header, so they are fetched as blobs and shown from object URLs (released on close).
 */
export function useFilePreview({ withBmp = false }: { withBmp?: boolean } = {}) {
  const { message } = App.useApp();
  const [shown, setShown] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);
  const urls = useRef<string[]>([]);

  const release = useCallback(() => {
    for (const url of urls.current) URL.revokeObjectURL(url);
    urls.current = [];
  }, []);
  useEffect(() => release, [release]);

  const objectUrl = useCallback(async (file: UploadedFile) => {
    const url = URL.createObjectURL(await getFileBlob(file.url, true));
    urls.current.push(url);
    return url;
  }, []);

  /** Opens every image of the list in the viewer; '请先选择要查看的图片' when there is none. */
  const viewImages = useCallback(
    async (files: UploadedFile[]) => {
      const images = files.filter((f) => isImageName(f.fileName, withBmp));
      if (images.length === 0) {
        message.warning(UPLOAD_MESSAGES.noImage);
        return;
      }
      try {
        const loaded = await Promise.all(
          images.map(async (f) => ({ src: await objectUrl(f), name: f.fileName })),
        );
        setShown({ kind: 'image', images: loaded });
        setOpen(true);
      } catch (error) {
        message.error(uploadErrorMessage(error));
      }
    },
    [message, objectUrl, withBmp],
  );

  const preview = useCallback(
    async (file: UploadedFile) => {
      try {
        if (isImageName(file.fileName, withBmp)) return viewImages([file]);
        if (isPdfName(file.fileName) || isVideoName(file.fileName)) {
          setShown({
            kind: isPdfName(file.fileName) ? 'pdf' : 'video',
            src: await objectUrl(file),
            name: file.fileName,
          });
          setOpen(true);
          return;
        }
        await downloadFile(file.url, file.fileName);
      } catch (error) {
        message.error(uploadErrorMessage(error));
      }
    },
    [message, objectUrl, viewImages, withBmp],
  );

  const close = useCallback(() => setOpen(false), []);

  const element = (
    <>
      {shown?.kind === 'image' && <ImageViewer images={shown.images} open={open} onClose={close} />}
      <PreviewDialog
        open={open && shown?.kind === 'pdf'}
        src={shown?.kind === 'pdf' ? shown.src : ''}
        title={shown?.kind === 'pdf' ? shown.name : ''}
        onClose={close}
      />
      <VideoModal
        open={open && shown?.kind === 'video'}
        src={shown?.kind === 'video' ? shown.src : ''}
        title={shown?.kind === 'video' ? shown.name : ''}
        onClose={close}
      />
    </>
  );
  return { preview, viewImages, element };
}
