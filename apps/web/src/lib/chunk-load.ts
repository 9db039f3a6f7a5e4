import { CHUNK_LOAD_TIMEOUT } from '@/lib/constants.ts';

/** A page's code could not be loaded: the network failed, or it did not answer in time. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/**
 * Wraps a lazy import so that it fails as a ChunkLoadError — on a load failure at once, or after
 * CHUNK_LOAD_TIMEOUT ms without an answer, instead of leaving the page loading forever.
 */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT,
): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError('页面加载超时')), timeoutMs);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError('页面加载失败', { cause: error }));
        },
      );
    });
}
