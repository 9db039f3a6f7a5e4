import type { ApprovedEstimate, SaveApprovedEstimateBody } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import * as repo from './repository.ts';

export const ESTIMATE_PROJECT_MISSING_MESSAGE = '项目不存在';
export const ESTIMATE_STALE_MESSAGE = '项目已被他人修改，请刷新后重试';

type ProjectRow = repo.ProjectRow;

const toEstimate = (row: ProjectRow): ApprovedEstimate => ({
  xmId: row.id,
  projectName: row.name,
  approvedEstimate: row.approvedEstimate,
  version: row.version,
});

/**
 * The approved estimate (批准的概算) of a cost project: project configuration the project's owner
 * keeps (administrators, decision 0043) and C18 checks the control price against. A save names
 * the project version it edited, so two administrators cannot overwrite each other unseen.
 */
export class ApprovedEstimateService {
  constructor(private readonly db: Db) {}

  async find(xmId: string): Promise<ApprovedEstimate> {
    const project = await repo.findProject(this.db, xmId);
    if (!project) throw notFound(ESTIMATE_PROJECT_MISSING_MESSAGE);
    return toEstimate(project);
  }

  async save(user: SessionUser, body: SaveApprovedEstimateBody, ip: string): Promise<ApprovedEstimate> {
    return this.db.transaction(async (tx) => {
      const row = await repo.saveApprovedEstimate(tx, body);
      if (!row) {
        if (!(await repo.findProject(tx, body.xmId))) throw notFound(ESTIMATE_PROJECT_MISSING_MESSAGE);
        throw conflict(ESTIMATE_STALE_MESSAGE);
      }
      await recordOperation(tx, {
        user,
        action: body.approvedEstimate === null ? '清除批准的概算' : '设置批准的概算',
        targetType: 'cost_project',
        targetId: row.id,
        targetName: `${row.code} ${row.name}`,
        detail: body.approvedEstimate ?? '',
        ip,
      });
      return toEstimate(row);
    });
  }
}
