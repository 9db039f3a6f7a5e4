import type { BidDocumentAction, BidProjectAction } from '@ks/contract';
import type { SessionUser } from '../../platform/access.ts';
import { isCentre } from '../file-analysis/public.ts';

/**
 * Who may do what with bid documents, in one place: the service's checks and the `actions` each
 * answer carries read these, so a button is offered exactly when its call would pass. The centre
 * keeps a project's requirements, re-detection and publicity and deletes any document; an enterprise deletes what it uploaded.
 */
export function documentActions(user: SessionUser, doc: { uploadedBy: string }): BidDocumentAction[] {
  return isCentre(user) || doc.uploadedBy === user.id ? ['delete'] : [];
}

export function projectDocumentActions(user: SessionUser): BidProjectAction[] {
  return isCentre(user) ? ['requirements', 'redetect', 'publicity'] : [];
}
