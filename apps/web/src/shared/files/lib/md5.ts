import SparkMD5 from 'spark-md5';

type WorkerMessage =
  | { type: 'progress'; percent: number }
  | { type: 'done'; md5: string }
  | { type: 'error'; message: string };

/** The bytes of a blob; FileReader where Blob.arrayBuffer is missing (older WebViews, jsdom). */
function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** md5 of a (small) blob in this thread: one 5 MB chunk takes milliseconds. */
export async function md5OfBlob(blob: Blob): Promise<string> {
  return SparkMD5.ArrayBuffer.hash(await readBytes(blob));
}

/**
 * md5 of a whole file in a Web Worker, so hashing a large file never freezes the page; reports
 * progress in percent. Where workers do not exist (tests in jsdom) it hashes here, slice by slice.
 */
export function md5OfFile(
  file: Blob,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  if (typeof Worker === 'undefined') return md5InThread(file, onProgress);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(new DOMException('cancelled', 'AbortError'));
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.type === 'progress') return onProgress(message.percent);
      worker.terminate();
      signal?.removeEventListener('abort', stop);
      if (message.type === 'done') resolve(message.md5);
      else reject(new Error(message.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage({ file });
  });
}

async function md5InThread(file: Blob, onProgress: (percent: number) => void): Promise<string> {
  const slice = 5 * 1024 * 1024;
  const spark = new SparkMD5.ArrayBuffer();
  for (let offset = 0; offset < file.size; offset += slice) {
    spark.append(await readBytes(file.slice(offset, offset + slice)));
    onProgress(Math.min(100, Math.round(((offset + slice) / file.size) * 100)));
  }
  return spark.end();
}
