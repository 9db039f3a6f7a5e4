import { UPLOAD_MESSAGES } from '@ks/contract';
import type { Config } from '../config.ts';
import { checkEntry, readZipDirectory, type ZipLimits, ZipRefusal, type ZipRefusalKind } from './zip.ts';

export const zipLimitsOf = (
  config: Pick<Config, 'UPLOAD_UNPACKED_MAX_MB' | 'ZIP_ENTRIES_MAX' | 'ZIP_RATIO_MAX'>,
): ZipLimits => ({
  unpackedBytes: config.UPLOAD_UNPACKED_MAX_MB * 1024 * 1024,
  entries: config.ZIP_ENTRIES_MAX,
  ratio: config.ZIP_RATIO_MAX,
});

/** The person's message for a refusal; a broken zip is the caller's own "not the right file". */
export function zipRefusalMessage(kind: Exclude<ZipRefusalKind, 'broken'>, limits: ZipLimits): string {
  if (kind === 'unpacked')
    return UPLOAD_MESSAGES.unpackedSize(Math.round(limits.unpackedBytes / 1024 / 1024));
  if (kind === 'entries') return UPLOAD_MESSAGES.zipEntries(limits.entries);
  if (kind === 'ratio') return UPLOAD_MESSAGES.zipRatio;
  return UPLOAD_MESSAGES.zipForged;
}

/** The directory's check alone (no unpacking): the refusal's message, or null when it passes. */
export function zipDirectoryRefusal(zip: Buffer, limits: ZipLimits, brokenMessage: string): string | null {
  try {
    readZipDirectory(zip, limits);
    return null;
  } catch (error) {
    if (!(error instanceof ZipRefusal)) throw error;
    return error.kind === 'broken' ? brokenMessage : zipRefusalMessage(error.kind, limits);
  }
}

/**
 * Checks a whole zip upload that is stored rather than parsed (a docx template): its directory
 * against the limits, then every entry unpacked (on zlib's thread pool, not the event loop) and
 * counted against its declared size. Answers the refusal's message, or null when the zip passes;
 * `brokenMessage` is the caller's word for a file that is no zip.
 */
export async function zipUploadRefusal(
  zip: Buffer,
  limits: ZipLimits,
  brokenMessage: string,
): Promise<string | null> {
  try {
    for (const entry of readZipDirectory(zip, limits)) await checkEntry(zip, entry);
    return null;
  } catch (error) {
    if (!(error instanceof ZipRefusal)) throw error;
    return error.kind === 'broken' ? brokenMessage : zipRefusalMessage(error.kind, limits);
  }
}
