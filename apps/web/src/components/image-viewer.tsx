import { Image } from 'antd';

export interface ViewerImage {
  src: string;
  name: string;
}

/** The image viewer: a full-screen preview of several images, starting at `current`. */
export function ImageViewer({
  images,
  open,
  current = 0,
  onClose,
}: {
  images: ViewerImage[];
  open: boolean;
  current?: number;
  onClose: () => void;
}) {
  if (images.length === 0) return null;
  return (
    <div style={{ display: 'none' }}>
      <Image.PreviewGroup
        items={images.map((image) => ({ src: image.src, alt: image.name }))}
        preview={{
          open,
          current,
          onOpenChange: (next) => {
            if (!next) onClose();
          },
        }}
      />
    </div>
  );
}
