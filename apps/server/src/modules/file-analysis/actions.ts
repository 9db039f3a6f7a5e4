import {
  COST_FILE_KINDS,
  type CostFileAction,
  type CostFileKindValue,
  type CostProject,
  type CostProjectAction,
  type CostProjectListAction,
} from '@ks/contract';
import type { SessionUser } from '../../platform/access.ts';

/**
 * Who may do what with cost files (decision 0043), in one place: the routes' access, the
 * services' checks and the `actions` each answer carries all read these, so the web offers a
 * button exactly when its call would pass. The centre (administrators) keeps projects and every
 * file; an enterprise uploads its own bids and deletes what it uploaded.
 */
export const CENTRE_ROLES = ['M'] as const;
export const CENTRE_AND_ENTERPRISES = ['M', 'U'] as const;

export const isCentre = (user: SessionUser) =>
  (CENTRE_ROLES as readonly string[]).includes(user.loginRoleType);

export function projectListActions(user: SessionUser): CostProjectListAction[] {
  return isCentre(user) ? ['create'] : [];
}

export function projectActions(user: SessionUser): CostProjectAction[] {
  return isCentre(user) ? ['delete'] : [];
}

/** The kinds the caller may attach, and whether it chooses the bidder of a bid. */
export function uploadRights(user: SessionUser): CostProject['upload'] {
  return isCentre(user)
    ? { kinds: [...COST_FILE_KINDS], choosesBidder: true }
    : { kinds: ['bid'], choosesBidder: false };
}

export const mayAttach = (user: SessionUser, kind: CostFileKindValue) =>
  (uploadRights(user).kinds as readonly string[]).includes(kind);

export function fileActions(user: SessionUser, file: { uploadedBy: string }): CostFileAction[] {
  const actions: CostFileAction[] = [];
  if (isCentre(user)) actions.push('reparse');
  if (isCentre(user) || file.uploadedBy === user.id) actions.push('delete');
  return actions;
}
