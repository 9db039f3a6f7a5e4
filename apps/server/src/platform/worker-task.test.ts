import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerTaskFailed, WorkerTasks } from './worker-task.ts';

const ECHO = fileURLToPath(new URL('../../test/echo-worker.ts', import.meta.url));
const tasks = new WorkerTasks<{ value?: number; exit?: number }, number>(ECHO, {
  timeoutMs: 60_000,
  maxHeapMb: 64,
  idleMs: 60_000,
});
afterAll(() => tasks.close());

describe('WorkerTasks', () => {
  it('answers tasks in order from one thread, and moves transferred buffers to it', async () => {
    const buffer = new ArrayBuffer(8);
    const answers = await Promise.all([tasks.run({ value: 1 }, [buffer]), tasks.run({ value: 2 })]);
    expect(answers).toEqual([1, 2]);
    expect(buffer.byteLength).toBe(0);
  });

  it('refuses a task whose thread ends without answering, and starts a new thread for the next', async () => {
    await expect(tasks.run({ exit: 3 })).rejects.toBeInstanceOf(WorkerTaskFailed);
    expect(await tasks.run({ value: 4 })).toBe(4);
  });
});
