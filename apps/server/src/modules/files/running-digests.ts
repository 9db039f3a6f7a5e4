import { createHash, type Hash } from 'node:crypto';
import { SNIFF_BYTES } from '../../platform/content-check.ts';

interface Run {
  hash: Hash;
  /** The md5 of each chunk hashed so far, by index: the merge compares them with the stored ones. */
  chunkMd5s: string[];
  /** Bytes hashed so far. */
  size: number;
  /** The file's first bytes, for the content check. */
  head: Buffer;
}

/**
 * Whole-file md5s of the uploads whose chunks reach this instance in order (the web client sends
 * them one after another), built as the chunks are stored, so that the merge need not read the
 * file back. Only a hint: chunks out of order, a chunk sent to another instance, a restart, or a
 * chunk replaced by other bytes leave a run unfinished or different from the stored chunks, and
 * the merge then reads the file once as before.
 *
 * Sound because the bytes stored for chunk i are the ones whose md5 the upload_chunks row i holds
 * (UploadService.putChunk keeps it so, also across instances and kill -9): a run whose chunk md5s
 * equal the rows' hashed exactly the bytes the stored file holds.
 */
export class RunningDigests {
  private readonly runs = new Map<string, Run>();

  /** `limit`: runs kept at most; the least recently fed is dropped (an abandoned upload's). */
  constructor(private readonly limit = 256) {}

  /** Hears that chunk `index` of an upload is stored with `md5`, its bytes being `bytes`. */
  add(uploadId: string, index: number, md5: string, bytes: readonly Buffer[]): void {
    let run = this.runs.get(uploadId);
    this.runs.delete(uploadId);
    if (!run) {
      if (index !== 0) return;
      // A copy of the first bytes: a view would keep the whole chunk in memory.
      const size = bytes.reduce((total, piece) => total + piece.length, 0);
      run = {
        hash: createHash('md5'),
        chunkMd5s: [],
        size: 0,
        head: Buffer.concat(bytes, Math.min(size, SNIFF_BYTES)),
      };
    }
    if (index < run.chunkMd5s.length) {
      // The same chunk again: the same bytes keep the run, other bytes end it.
      if (run.chunkMd5s[index] !== md5) return;
    } else if (index === run.chunkMd5s.length) {
      for (const piece of bytes) {
        run.hash.update(piece);
        run.size += piece.length;
      }
      run.chunkMd5s.push(md5);
    } else {
      // A gap: the chunks after it are not hashed, so this run can never finish.
      return;
    }
    this.runs.set(uploadId, run);
    if (this.runs.size > this.limit) this.runs.delete(this.runs.keys().next().value as string);
  }

  /**
   * The whole file's md5, size and first bytes when this instance hashed exactly the stored chunks
   * (`chunkMd5s` by index, all of them); else null. Either way the run is over.
   */
  finish(uploadId: string, chunkMd5s: readonly string[]): { md5: string; size: number; head: Buffer } | null {
    const run = this.runs.get(uploadId);
    this.runs.delete(uploadId);
    if (!run || run.chunkMd5s.length !== chunkMd5s.length) return null;
    if (run.chunkMd5s.some((md5, index) => md5 !== chunkMd5s[index])) return null;
    return { md5: run.hash.digest('hex'), size: run.size, head: run.head };
  }

  forget(uploadId: string): void {
    this.runs.delete(uploadId);
  }
}
