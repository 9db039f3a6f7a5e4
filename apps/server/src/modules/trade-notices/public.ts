import type { TradeNotice } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { publishedNoticesOf } from './service.ts';

/** What other modules (the portal) may read of the trade-notices module (decision 0076). */

export type PublishedNoticeFilter = (
  | { projectId: string; sectionId?: undefined }
  | { sectionId: string; projectId?: undefined }
) & { kind?: 'tender' | 'prequalification' };

/**
 * The published notices of a project or of a section (optionally of one kind), each with every
 * published version in order — the original first, then its change notices; `spreadAt` on a version
 * says it was spread to the portal.
 */
export const publishedNotices = (db: Db, filter: PublishedNoticeFilter): Promise<TradeNotice[]> =>
  publishedNoticesOf(db, filter);
