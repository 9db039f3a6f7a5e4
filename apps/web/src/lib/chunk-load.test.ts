import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, withChunkTimeout } from './chunk-load.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('withChunkTimeout', () => {
  it('passes a loaded chunk through', async () => {
    await expect(withChunkTimeout(() => Promise.resolve('page'))()).resolves.toBe('page');
  });

  it('turns a failed load into a ChunkLoadError at once', async () => {
    const load = withChunkTimeout(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await expect(load()).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('fails with a ChunkLoadError after 120000 ms without an answer, not before', async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    const pending = withChunkTimeout(() => new Promise<never>(() => {}))().catch((error: unknown) => {
      settled(error);
    });
    await vi.advanceTimersByTimeAsync(119999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    const [error] = settled.mock.calls[0] ?? [];
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toBe('页面加载超时');
  });
});
