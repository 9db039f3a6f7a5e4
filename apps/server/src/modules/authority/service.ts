import type { NodeId } from '@ks/contract';
import {
  AUDIT_ORG_NAME_TAKEN_MESSAGE,
  AUDIT_ORG_NOT_FOUND_MESSAGE,
  type AuditOrg,
  auditOrgInUseMessage,
  type CreateAuditOrgBody,
  type FunctionGrant,
  type FunctionNode,
  functionNotOfferedMessage,
  GRANTABLE_ROLES,
  type GrantableRole,
  LOGIN_ROLE_TYPE_LABELS,
  type NodeAuthority,
  type NodeFunction,
  type NodeFunctionOption,
  notAdministratorMessage,
  REVIEWER_NOT_FOUND_MESSAGE,
  type Reviewer,
  type SaveFunctionsBody,
  type UpdateAuditOrgBody,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { findNodesUsingAuditOrg, isUniqueViolation } from '../../engine/definition-usage.ts';
import { isDefaultGrant, replaceGrants } from '../../engine/grants.ts';
import type { ModuleActions } from '../../engine/module-actions.ts';
import { NODE_NOT_FOUND_MESSAGE } from '../../engine/record-store.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import * as repo from './repository.ts';

export const SYSTEM_NOT_FOUND_MESSAGE = '系统不存在';
/** Reviewer pickers list at most this many matches; the keyword narrows further. */
export const REVIEWER_PICKER_LIMIT = 50;

const roleNames = (roles: readonly GrantableRole[]) =>
  roles.map((role) => LOGIN_ROLE_TYPE_LABELS[role]).join('、') || '无';

/** The operation-log line of a permission save: each function's grantees, then the menu roles. */
function describeSave(body: SaveFunctionsBody, labelOf: (code: string) => string): string {
  const grants = body.grants.map((grant) => {
    const orgs = grant.orgIds.length ? [`${grant.orgIds.length}个审核机构`] : [];
    const who = [roleNames(grant.roles), ...orgs].filter((part) => part !== '无').join('、') || '无';
    return `${labelOf(grant.functionCode)}：${who}`;
  });
  return [...grants, `菜单可见：${roleNames(body.visibleRoles)}`].join('；');
}

/**
 * Reviewer organisations (审核机构) and node function authority: who may use which function of a
 * node, and which roles see it in the menu. Reviewers are administrators; an organisation a node's
 * audit flow names cannot be deleted.
 */
export class AuthorityService {
  constructor(
    private readonly db: Db,
    /** Module actions are granted like built-in functions, under the labels they registered (decision 0030). */
    private readonly actions: ModuleActions,
  ) {}

  private labelled(codes: readonly NodeFunction[]): NodeFunctionOption[] {
    return codes.map((code) => ({ code, label: this.actions.labelOf(code) }));
  }

  // ————— reviewer organisations —————
  async findAuditOrgs(): Promise<AuditOrg[]> {
    return this.withMembers(this.db, await repo.findAuditOrgs(this.db));
  }

  async findReviewers(keyword: string): Promise<Reviewer[]> {
    return repo.findReviewers(this.db, keyword, REVIEWER_PICKER_LIMIT);
  }

  async createAuditOrg(user: SessionUser, body: CreateAuditOrgBody, ip: string): Promise<AuditOrg> {
    return this.uniquely(() =>
      this.db.transaction(async (tx) => {
        await this.checkReviewers(tx, body.memberIds);
        if (await repo.findAuditOrgByName(tx, body.name)) throw conflict(AUDIT_ORG_NAME_TAKEN_MESSAGE);
        const row = await repo.insertAuditOrg(tx, body.name);
        await repo.replaceMembers(tx, row.id, body.memberIds);
        await recordOperation(tx, {
          user,
          action: '新增审核机构',
          targetType: 'audit-org',
          targetId: row.id,
          targetName: row.name,
          detail: `成员${body.memberIds.length}人`,
          ip,
        });
        const [org] = await this.withMembers(tx, [row]);
        return org as AuditOrg;
      }),
    );
  }

  async updateAuditOrg(user: SessionUser, body: UpdateAuditOrgBody, ip: string): Promise<AuditOrg> {
    return this.uniquely(() =>
      this.db.transaction(async (tx) => {
        if (!(await repo.findAuditOrg(tx, body.id))) throw notFound(AUDIT_ORG_NOT_FOUND_MESSAGE);
        await this.checkReviewers(tx, body.memberIds);
        if (await repo.findAuditOrgByName(tx, body.name, body.id))
          throw conflict(AUDIT_ORG_NAME_TAKEN_MESSAGE);
        const row = await repo.updateAuditOrg(tx, body.id, body.version, body.name);
        if (!row) throw conflict();
        await repo.replaceMembers(tx, row.id, body.memberIds);
        await recordOperation(tx, {
          user,
          action: '修改审核机构',
          targetType: 'audit-org',
          targetId: row.id,
          targetName: row.name,
          detail: `成员${body.memberIds.length}人`,
          ip,
        });
        const [org] = await this.withMembers(tx, [row]);
        return org as AuditOrg;
      }),
    );
  }

  /** Deletes an organisation no audit flow names; the function grants it held go with it. */
  async deleteAuditOrg(user: SessionUser, id: string, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Deleted first, asked second: the update waits for any definition save or publish holding
      // the organisation (it share-locks the ones its levels name), so the question below sees it,
      // and for any function save granting it, so the grants dropped below include that one's; and
      // for a delete of the same organisation, after which there is nothing left to delete.
      const row = await repo.softDeleteAuditOrg(tx, id);
      if (!row) throw notFound(AUDIT_ORG_NOT_FOUND_MESSAGE);
      const nodes = await findNodesUsingAuditOrg(tx, id);
      if (nodes.length) throw badRequest(auditOrgInUseMessage(nodes));
      await repo.deleteOrgGrants(tx, id);
      await recordOperation(tx, {
        user,
        action: '删除审核机构',
        targetType: 'audit-org',
        targetId: row.id,
        targetName: row.name,
        ip,
      });
    });
  }

  /** Members must be live administrators: reviewers act with the administrators' functions. */
  private async checkReviewers(db: Db, memberIds: string[]) {
    const found = await repo.findLiveUsers(db, memberIds);
    if (found.length !== memberIds.length) throw badRequest(REVIEWER_NOT_FOUND_MESSAGE);
    const notAdmin = found.find((candidate) => candidate.loginRoleType !== 'M');
    if (notAdmin) throw badRequest(notAdministratorMessage(notAdmin.userName));
  }

  private async withMembers(db: Db, rows: repo.AuditOrgRow[]): Promise<AuditOrg[]> {
    const members = await repo.findMembersOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      members: members
        .filter((member) => member.orgId === row.id)
        .map(({ id, userName, account }) => ({ id, userName, account })),
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  private async uniquely<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(AUDIT_ORG_NAME_TAKEN_MESSAGE);
      throw error;
    }
  }

  // ————— node function authority —————
  /**
   * A node's functions (those its draft offers), who may use each, and who sees it in the menu.
   * While nobody has saved it, the grants shown are the defaults in effect.
   */
  async getNodeAuthority(nodeId: NodeId, db: Db = this.db): Promise<NodeAuthority> {
    const node = await repo.findLiveNode(db, nodeId);
    if (!node) throw notFound(NODE_NOT_FOUND_MESSAGE);
    const [offered, version, visibleRoles] = await Promise.all([
      repo.findOfferedFunctions(db, node.id),
      repo.findAuthorityVersion(db, node.id),
      repo.findMenuRoles(db, node.id),
    ]);
    const customised = version > 0;
    let grants: FunctionGrant[];
    if (!customised) {
      grants = offered.map((functionCode) => ({
        functionCode,
        roles: GRANTABLE_ROLES.filter((role) => isDefaultGrant(role, functionCode)),
        orgIds: [],
      }));
    } else {
      const rows = await repo.findGrantRows(db, node.id);
      const liveOrgs = new Set(
        await repo.findLiveAuditOrgIds(db, [
          ...new Set(rows.filter((row) => row.subjectType === 'org').map((row) => row.subject)),
        ]),
      );
      grants = offered.map((functionCode) => {
        const mine = rows.filter((row) => row.functionCode === functionCode);
        return {
          functionCode,
          roles: GRANTABLE_ROLES.filter((role) =>
            mine.some((row) => row.subjectType === 'role' && row.subject === role),
          ),
          orgIds: mine
            .filter((row) => row.subjectType === 'org' && liveOrgs.has(row.subject))
            .map((row) => row.subject),
        };
      });
    }
    return { nodeId: node.id, offered: this.labelled(offered), grants, visibleRoles, customised, version };
  }

  /** Replaces a node's grants and menu roles together, over the version the page loaded. */
  async saveFunctions(user: SessionUser, body: SaveFunctionsBody, ip: string): Promise<NodeAuthority> {
    return this.db.transaction(async (tx) => {
      const node = await repo.findLiveNode(tx, body.nodeId);
      if (!node) throw notFound(NODE_NOT_FOUND_MESSAGE);
      const offered = await repo.findOfferedFunctions(tx, node.id);
      const stray = body.grants.find((grant) => !offered.includes(grant.functionCode));
      if (stray) throw badRequest(functionNotOfferedMessage(this.actions.labelOf(stray.functionCode)));
      const orgIds = [...new Set(body.grants.flatMap((grant) => grant.orgIds))];
      const liveOrgs = await repo.lockLiveAuditOrgIds(tx, orgIds);
      if (liveOrgs.length !== orgIds.length) throw badRequest(AUDIT_ORG_NOT_FOUND_MESSAGE);

      if (body.version === 0) {
        if ((await repo.findAuthorityVersion(tx, node.id)) !== 0) throw conflict();
        await repo.insertAuthority(tx, node.id, user.id);
      } else if (!(await repo.bumpAuthority(tx, node.id, body.version, user.id))) {
        throw conflict();
      }
      await replaceGrants(
        tx,
        node.id,
        body.grants.flatMap((grant) => [
          ...[...new Set(grant.roles)].map((role) => ({
            functionCode: grant.functionCode,
            subjectType: 'role' as const,
            subject: role,
          })),
          ...[...new Set(grant.orgIds)].map((orgId) => ({
            functionCode: grant.functionCode,
            subjectType: 'org' as const,
            subject: orgId,
          })),
        ]),
      );
      await repo.replaceMenuRoles(tx, node.id, body.visibleRoles);
      await recordOperation(tx, {
        user,
        action: '保存功能权限',
        targetType: 'node',
        targetId: node.gnCoding,
        targetName: node.title,
        detail: describeSave(body, (code) => this.actions.labelOf(code)),
        ip,
      });
      return this.getNodeAuthority(node.id, tx);
    });
  }

  /** A system's nodes with the functions their drafts offer and whether their authority is customised. */
  async findFunctionNodes(systemCoding: string): Promise<FunctionNode[]> {
    const systemId = await repo.findLiveSystemId(this.db, systemCoding);
    if (!systemId) throw notFound(SYSTEM_NOT_FOUND_MESSAGE);
    const rows = await repo.findSystemNodes(this.db, systemId);
    return rows.map((row) => ({
      nodeId: row.id,
      parentId: row.parentId,
      title: row.title,
      gnCoding: row.gnCoding,
      nodeProperties: row.nodeProperties,
      functions: this.labelled(repo.offeredOf(row.draft)),
      customised: row.authorityVersion !== null,
    }));
  }

  async findFunctionList(nodeId: NodeId): Promise<NodeFunctionOption[]> {
    const node = await repo.findLiveNode(this.db, nodeId);
    if (!node) throw notFound(NODE_NOT_FOUND_MESSAGE);
    return this.labelled(await repo.findOfferedFunctions(this.db, node.id));
  }
}
