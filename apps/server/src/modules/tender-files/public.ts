import { asUserId, type UserId } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import * as repo from './repository.ts';

/** What other modules may read of the tender-files module (decision 0077): never its tables. */

export interface Downloader {
  userId: UserId;
  enterpriseName: string;
  /** The bidder's first download of any document of the section. */
  downloadedAt: Date;
}

/**
 * Distinct bidders who downloaded any document of the section (the clarifications' recipients), or
 * the one `bidderId` when given.
 */
export async function downloadersOf(db: Db, sectionId: string, bidderId?: string): Promise<Downloader[]> {
  const rows = await repo.downloadersOf(db, sectionId, bidderId);
  return rows.map((row) => ({
    userId: asUserId(row.userId),
    enterpriseName: row.enterpriseName,
    downloadedAt: row.downloadedAt as Date,
  }));
}

export interface SignedUpBidder {
  userId: UserId;
  enterpriseName: string;
  contactName: string;
  contactPhone: string;
  signedUpAt: Date;
}

/** Every bidder signed up for the section, earliest first (the opening hall). */
export async function signedUpBidders(db: Db, sectionId: string): Promise<SignedUpBidder[]> {
  const rows = await repo.signedUpBidders(db, sectionId);
  return rows.map((row) => ({ ...row, userId: asUserId(row.userId) }));
}

/**
 * What another module does when a bidder downloads a section's document, in the download's
 * transaction (modules/index.ts wires the clarifications' delivery of those already sent to it).
 */
export type AfterBidderDownload = (tx: Db, sectionId: string, downloader: Downloader) => Promise<unknown>;
