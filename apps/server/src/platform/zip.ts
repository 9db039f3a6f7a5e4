import { createInflateRaw } from 'node:zlib';

/** What unpacking one uploaded zip (xlsx, docx) may cost, from the configuration. */
export type ZipLimits = {
  /** The sum of every entry's uncompressed size. */
  unpackedBytes: number;
  entries: number;
  /** Uncompressed over compressed size of one entry (checked on entries above RATIO_FLOOR_BYTES). */
  ratio: number;
};

/**
 * Entries smaller than this are not held to the ratio: unpacking one costs nothing worth refusing,
 * and small repetitive XML parts (an empty sheet's styles) compress far better than large ones.
 */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

/** Why a zip was refused: no readable zip, or the limit it passed. */
export type ZipRefusalKind = 'broken' | 'unpacked' | 'entries' | 'ratio' | 'forged';

/**
 * A zip refused before or while unpacking. It carries no message: it is thrown in worker threads
 * too, which load as little as they can (zip-limits.ts words it where the answer is made).
 */
export class ZipRefusal extends Error {
  constructor(readonly kind: ZipRefusalKind) {
    super(`zip refused: ${kind}`);
    this.name = 'ZipRefusal';
  }
}

const broken = () => new ZipRefusal('broken');

export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated: the only methods Office writes, and the only ones read. */
  method: number;
  compressedSize: number;
  /** As the central directory declares it; unpacking stops when the data says otherwise. */
  size: number;
  localOffset: number;
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The end record (22 bytes) plus the longest comment it may carry. */
const EOCD_SEARCH = 22 + 0xffff;

/**
 * The entries of a zip as its central directory lists them, refused (ZipRefusal) when their
 * declared sizes, count or ratio pass the limits. Reads the directory only: nothing is unpacked, so
 * the refusal costs microseconds whatever the archive would unpack to. ZIP64 archives are refused
 * as unreadable: an upload small enough to be parsed here never needs one.
 */
export function readZipDirectory(zip: Buffer, limits: ZipLimits): ZipEntry[] {
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - EOCD_SEARCH); at--) {
    if (zip.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw broken();
  const declaredCount = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (declaredCount === 0xffff || directoryOffset === 0xffffffff || directoryOffset + directorySize > end)
    throw broken();
  const entries: ZipEntry[] = [];
  let unpacked = 0;
  // The directory is walked rather than its declared count trusted: the count decides nothing.
  for (let at = directoryOffset; at < directoryOffset + directorySize; ) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL) throw broken();
    if (entries.length >= limits.entries) throw new ZipRefusal('entries');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    // Encrypted entries (bit 0) and methods other than stored and deflate are not Office files.
    if (flags & 1 || (method !== 0 && method !== 8)) throw broken();
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset >= end) throw broken();
    if (method === 0 && compressedSize !== size) throw broken();
    unpacked += size;
    if (unpacked > limits.unpackedBytes) throw new ZipRefusal('unpacked');
    if (size > RATIO_FLOOR_BYTES && size > compressedSize * limits.ratio) throw new ZipRefusal('ratio');
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    entries.push({ name, method, compressedSize, size, localOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * The bytes of one entry, unpacked as they are read (constant memory whatever the entry's size).
 * The declared size is not trusted: unpacking stops as soon as the data passes it (a forged
 * header), and data that ends short of it is refused too.
 */
export async function* unpackEntry(zip: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw broken();
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw broken();
  if (entry.method === 0) {
    yield data;
    return;
  }
  const inflater = createInflateRaw();
  inflater.end(data);
  let produced = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      produced += chunk.length;
      if (produced > entry.size) throw new ZipRefusal('forged');
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ZipRefusal) throw error;
    throw broken();
  } finally {
    inflater.destroy();
  }
  if (produced !== entry.size) throw new ZipRefusal('forged');
}

/** An entry's text, decoded as UTF-8 across chunk boundaries (a character may straddle two). */
export async function* unpackText(zip: Buffer, entry: ZipEntry): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of unpackEntry(zip, entry)) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** Checks a whole entry's unpacked bytes against its declared size without keeping them. */
export async function checkEntry(zip: Buffer, entry: ZipEntry): Promise<void> {
  for await (const _chunk of unpackEntry(zip, entry)) {
    // Only the count matters: unpackEntry refuses on its own.
  }
}
