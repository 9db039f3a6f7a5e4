import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bigPdf, md5Of } from '../../../test/file-fixtures.ts';
import { RunningDigests } from './running-digests.ts';

const chunks = (content: Buffer, size: number) =>
  Array.from({ length: Math.ceil(content.length / size) }, (_, i) =>
    content.subarray(i * size, (i + 1) * size),
  );

describe('RunningDigests', () => {
  it('makes the whole md5 and keeps a copy of the first bytes of chunks that come in order', () => {
    const content = bigPdf(10_000);
    const parts = chunks(content, 3000);
    const digests = new RunningDigests();
    // Pieces of a chunk as a request hands them over.
    for (const [index, part] of parts.entries())
      digests.add('u', index, md5Of(part), [part.subarray(0, 7), part.subarray(7)]);
    digests.add('u', 1, md5Of(parts[1] as Buffer), [parts[1] as Buffer]);
    const whole = digests.finish('u', parts.map(md5Of));
    expect(whole).toMatchObject({ md5: md5Of(content), size: content.length });
    expect(whole?.head.equals(content.subarray(0, 3000))).toBe(true);
    expect(whole?.head.buffer).not.toBe(content.buffer);
    // Finished: a second merge reads the file back.
    expect(digests.finish('u', parts.map(md5Of))).toBeNull();
  });

  it('gives up on a gap, on other bytes for a chunk, and on chunk md5s that differ from the stored', () => {
    const content = bigPdf(9000);
    const parts = chunks(content, 3000);
    const digests = new RunningDigests();
    for (const index of [0, 2, 1])
      digests.add('gap', index, md5Of(parts[index] as Buffer), [parts[index] as Buffer]);
    expect(digests.finish('gap', parts.map(md5Of))).toBeNull();

    for (const [index, part] of parts.entries()) digests.add('again', index, md5Of(part), [part]);
    const other = bigPdf(3000);
    digests.add('again', 1, md5Of(other), [other]);
    expect(
      digests.finish(
        'again',
        [parts[0], other, parts[2]].map((p) => md5Of(p as Buffer)),
      ),
    ).toBeNull();

    for (const [index, part] of parts.entries()) digests.add('rows', index, md5Of(part), [part]);
    expect(
      digests.finish(
        'rows',
        [parts[0], other, parts[2]].map((p) => md5Of(p as Buffer)),
      ),
    ).toBeNull();
  });

  it('keeps the most recently fed runs only', () => {
    const digests = new RunningDigests(2);
    const part = Buffer.from('%PDF-1.7 small');
    for (const id of ['a', 'b', 'c']) digests.add(id, 0, md5Of(part), [part]);
    expect(digests.finish('a', [md5Of(part)])).toBeNull();
    expect(digests.finish('c', [md5Of(part)])?.md5).toBe(createHash('md5').update(part).digest('hex'));
    expect(digests.finish('c', [md5Of(part)])).toBeNull();
    digests.forget('b');
    expect(digests.finish('b', [md5Of(part)])).toBeNull();
  });
});
