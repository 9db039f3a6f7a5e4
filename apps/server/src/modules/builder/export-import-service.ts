import {
  type DocumentNode,
  type ImportSystemBody,
  type ImportSystemResult,
  NewSystemBodySchema,
  type NodeDefinition,
  NodeDefinitionShapeSchema,
  type NodeFunction,
  type NodeId,
  SYSTEM_CODING_TAKEN_MESSAGE,
  SYSTEM_DOCUMENT_FORMAT,
  SYSTEM_DOCUMENT_VERSION,
  type SystemDocument,
  SystemDocumentSchema,
} from '@ks/contract';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditOrgs, nodeFunctionGrants } from '../../db/schema/authority.ts';
import { users } from '../../db/schema/identity.ts';
import { nodeDataSources, nodeDefinitions, nodeSchemaVersions } from '../../db/schema/node-config.ts';
import { menuNodeRoles } from '../../db/schema/shell.ts';
import { replaceGrants } from '../../engine/grants.ts';
import { defaultTableName } from '../../engine/node-tables.ts';
import type { SessionUser } from '../../platform/access.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import type { DefinitionService } from './definition-service.ts';
import * as repo from './repository.ts';

/** Live nodes in tree order: parents before children, siblings by their sort. */
function treeOrder(nodes: repo.NodeRow[]): repo.NodeRow[] {
  const ids = new Set<string>(nodes.map((node) => node.id));
  const ordered: repo.NodeRow[] = [];
  const visit = (parentId: string | null) => {
    const children = nodes
      .filter((node) => (node.parentId ?? null) === parentId)
      .sort((a, b) => a.sort - b.sort || a.gnCoding.localeCompare(b.gnCoding));
    for (const child of children) {
      ordered.push(child);
      visit(child.id);
    }
  };
  visit(null);
  // Nodes under a deleted parent went with it and are not part of the system any more.
  return ordered.filter((node) => node.parentId === null || ids.has(node.parentId));
}

/** Where a document problem is, in words a developer can find in the file. */
function documentProblem(issue: { path: PropertyKey[]; message: string }): string {
  const [head, index] = issue.path;
  if (head === 'nodes' && typeof index === 'number') return `第${index + 1}个节点：${issue.message}`;
  if (head === 'displayGroups' && typeof index === 'number')
    return `第${index + 1}个展示分组：${issue.message}`;
  return issue.message;
}

/**
 * A whole system as one JSON document (docs/architecture.md, "Drafts and published definitions"): menu tree with references by code,
 * display groups, each node's draft and latest published definition, its grants and data-source
 * mode. Importing recreates it all in one transaction under the document's or a new system code.
 */
export class ExportImportService {
  constructor(
    private readonly db: Db,
    private readonly definitions: DefinitionService,
  ) {}

  async exportSystem(systemCoding: string): Promise<SystemDocument> {
    const system = await repo.findLiveSystemByCoding(this.db, systemCoding);
    if (!system) throw notFound('系统不存在');
    const nodes = treeOrder(await repo.findLiveNodes(this.db, system.id));
    const ids = nodes.map((node) => node.id);
    const codeOf = new Map<string, string>(nodes.map((node) => [node.id, node.gnCoding]));
    const any = ids.length > 0;
    const roles = any
      ? await this.db.select().from(menuNodeRoles).where(inArray(menuNodeRoles.nodeId, ids))
      : [];
    const drafts = any
      ? await this.db.select().from(nodeDefinitions).where(inArray(nodeDefinitions.nodeId, ids))
      : [];
    const versions = any
      ? await this.db
          .select()
          .from(nodeSchemaVersions)
          .where(inArray(nodeSchemaVersions.nodeId, ids))
          .orderBy(desc(nodeSchemaVersions.schemaVersion))
      : [];
    const sources = any
      ? await this.db
          .select()
          .from(nodeDataSources)
          .where(and(inArray(nodeDataSources.nodeId, ids), isNull(nodeDataSources.deletedAt)))
      : [];
    const grants = any
      ? await this.db.select().from(nodeFunctionGrants).where(inArray(nodeFunctionGrants.nodeId, ids))
      : [];
    const orgNames = new Map(
      (await this.db.select().from(auditOrgs).where(isNull(auditOrgs.deletedAt))).map((org) => [
        org.id,
        org.name,
      ]),
    );

    const documentNodes: DocumentNode[] = nodes.map((node) => {
      const draft = drafts.find((row) => row.nodeId === node.id);
      const latest = versions.find((row) => row.nodeId === node.id);
      const source = sources.find((row) => row.nodeId === node.id);
      const nodeGrants = grants
        .filter((grant) => grant.nodeId === node.id)
        .sort((a, b) => a.functionCode.localeCompare(b.functionCode) || a.subject.localeCompare(b.subject));
      return {
        gnCoding: node.gnCoding,
        parentCoding: node.parentId ? (codeOf.get(node.parentId) ?? null) : null,
        title: node.title,
        icon: node.icon as DocumentNode['icon'],
        itShows: node.itShows,
        nodeProperties: node.nodeProperties as DocumentNode['nodeProperties'],
        style: node.style,
        nodeSetFlag: node.nodeSetFlag,
        disabled: node.disabled,
        sort: node.sort,
        menuRoles: roles
          .filter((role) => role.nodeId === node.id)
          .map((role) => role.loginRoleType)
          .sort(),
        draft: draft ? NodeDefinitionShapeSchema.parse(draft.draft) : null,
        published: latest
          ? {
              schemaVersion: latest.schemaVersion,
              definition: NodeDefinitionShapeSchema.parse(latest.definition),
            }
          : null,
        dataSource: source ? { mode: source.mode, tableName: source.tableName } : null,
        grants: {
          roles: nodeGrants
            .filter((grant) => grant.subjectType === 'role')
            .map((grant) => ({
              functionCode: grant.functionCode as NodeFunction,
              role: grant.subject as 'M' | 'D' | 'U' | 'P',
            })),
          orgs: nodeGrants
            .filter((grant) => grant.subjectType === 'org' && orgNames.has(grant.subject))
            .map((grant) => ({
              functionCode: grant.functionCode as NodeFunction,
              orgName: orgNames.get(grant.subject) as string,
            })),
        },
      };
    });

    const definitions = documentNodes.flatMap((node) => [node.draft, node.published?.definition ?? null]);
    const levels = definitions.flatMap((definition) => definition?.audit.levels ?? []);
    const reviewerIds = [
      ...new Set(levels.filter((level) => level.way === 'single').map((level) => level.reviewerUserId)),
    ].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    const reviewers = reviewerIds.length
      ? await this.db
          .select({ id: users.id, userCode: users.userCode })
          .from(users)
          .where(inArray(users.id, reviewerIds))
      : [];
    const orgIds = new Set(levels.filter((level) => level.way !== 'single').map((level) => level.orgId));

    const groups = await repo.findLiveDisplayGroups(this.db, system.id);
    return {
      format: SYSTEM_DOCUMENT_FORMAT,
      formatVersion: SYSTEM_DOCUMENT_VERSION,
      exportedAt: new Date().toISOString(),
      system: {
        systemName: system.systemName,
        title: system.title,
        gnCoding: system.gnCoding,
        levels: system.levels,
      },
      nodes: documentNodes,
      displayGroups: groups.map((group) => ({
        name: group.name,
        icon: group.icon as SystemDocument['displayGroups'][number]['icon'],
        nodeCodings: group.nodeIds.flatMap((id) => (codeOf.has(id) ? [codeOf.get(id) as string] : [])),
        sort: group.sort,
      })),
      references: {
        reviewers: Object.fromEntries(reviewers.map((user) => [user.id, user.userCode])),
        orgs: Object.fromEntries(
          [...orgIds].flatMap((id) => {
            const name = orgNames.get(id);
            return name === undefined ? [] : [[id, name] as const];
          }),
        ),
      },
    };
  }

  async importSystem(user: SessionUser, body: ImportSystemBody, ip: string): Promise<ImportSystemResult> {
    const parsed = SystemDocumentSchema.safeParse(body.document);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        fields[`document.${issue.path.join('.')}`.replace(/\.$/, '')] ??= documentProblem(issue);
      throw badRequest(Object.values(fields)[0] ?? '导入文件有误', fields);
    }
    const document = parsed.data;
    const coding = NewSystemBodySchema.shape.gnCoding.safeParse(body.gnCoding ?? document.system.gnCoding);
    if (!coding.success) {
      const message = coding.error.issues[0]?.message ?? '请输入系统编码';
      throw badRequest(message, { gnCoding: message });
    }
    const gnCoding = coding.data;
    const systemName = body.systemName ?? document.system.systemName;
    const warnings: string[] = [];
    const warn = (message: string) => {
      if (!warnings.includes(message)) warnings.push(message);
    };

    return this.db.transaction(async (tx) => {
      if (await repo.isSystemCodingTaken(tx, gnCoding)) {
        throw badRequest(SYSTEM_CODING_TAKEN_MESSAGE, { gnCoding: SYSTEM_CODING_TAKEN_MESSAGE });
      }
      const system = await repo.insertSystem(tx, {
        systemName,
        title: document.system.title,
        gnCoding,
        levels: document.system.levels,
      });
      const resolve = await this.referenceResolver(tx, document);
      const idOf = new Map<string, NodeId>();
      let published = 0;
      // Parents come before children in an exported document; any order is accepted all the same.
      const pending = [...document.nodes];
      while (pending.length > 0) {
        const index = pending.findIndex((node) => node.parentCoding === null || idOf.has(node.parentCoding));
        if (index < 0) throw badRequest('导入文件中的节点上级关系有循环');
        const [node] = pending.splice(index, 1) as [DocumentNode];
        const row = await repo.insertNode(tx, {
          systemId: system.id,
          parentId: node.parentCoding === null ? null : (idOf.get(node.parentCoding) ?? null),
          title: node.title,
          icon: node.icon,
          itShows: node.itShows,
          nodeProperties: node.nodeProperties,
          gnCoding: node.gnCoding,
          style: node.style,
          nodeSetFlag: node.nodeSetFlag,
          disabled: node.disabled,
          sort: node.sort,
        });
        idOf.set(node.gnCoding, row.id);
        if (node.menuRoles.length > 0) {
          await tx
            .insert(menuNodeRoles)
            .values([...new Set(node.menuRoles)].map((loginRoleType) => ({ nodeId: row.id, loginRoleType })));
        }
        await this.importGrants(tx, row.id, node, resolve.orgIdByName, warn);
        if (await this.importDefinitions(tx, user, row.id, node, resolve, warn, ip)) published++;
      }
      for (const group of document.displayGroups) {
        await repo.insertDisplayGroup(tx, {
          systemId: system.id,
          name: group.name,
          icon: group.icon,
          nodeIds: group.nodeCodings.map((code) => idOf.get(code) as NodeId),
          sort: group.sort,
        });
      }
      await recordOperation(tx, {
        user,
        action: '导入系统',
        targetType: 'system',
        targetId: gnCoding,
        targetName: systemName,
        detail: `来源系统：${document.system.gnCoding}，${document.nodes.length}个节点，发布${published}个`,
        ip,
      });
      return {
        id: system.id,
        gnCoding,
        systemName,
        nodes: document.nodes.length,
        published,
        warnings,
      };
    });
  }

  /** Maps the document's reviewer and organisation references onto this deployment's rows. */
  private async referenceResolver(tx: Db, document: SystemDocument) {
    const userCodes = [...new Set(Object.values(document.references.reviewers))];
    const admins = userCodes.length
      ? await tx
          .select({ id: users.id, userCode: users.userCode })
          .from(users)
          .where(
            and(
              inArray(users.userCode, userCodes),
              eq(users.loginRoleType, 'M'),
              eq(users.status, 'active'),
              isNull(users.deletedAt),
            ),
          )
      : [];
    const adminByCode = new Map(admins.map((admin) => [admin.userCode, admin.id]));
    const orgIdByName = new Map<string, string>();
    for (const org of await tx.select().from(auditOrgs).where(isNull(auditOrgs.deletedAt))) {
      if (!orgIdByName.has(org.name)) orgIdByName.set(org.name, org.id);
    }
    return {
      orgIdByName,
      reviewer: (id: string) => {
        const code = document.references.reviewers[id];
        return code ? adminByCode.get(code) : undefined;
      },
      org: (id: string) => {
        const name = document.references.orgs[id];
        return name ? orgIdByName.get(name) : undefined;
      },
      reviewerLabel: (id: string) => document.references.reviewers[id] ?? id,
      orgLabel: (id: string) => document.references.orgs[id] ?? id,
    };
  }

  private async importGrants(
    tx: Db,
    nodeId: NodeId,
    node: DocumentNode,
    orgIdByName: Map<string, string>,
    warn: (message: string) => void,
  ) {
    const grants: { functionCode: NodeFunction; subjectType: 'role' | 'org'; subject: string }[] =
      node.grants.roles.map((grant) => ({
        functionCode: grant.functionCode,
        subjectType: 'role' as const,
        subject: grant.role,
      }));
    for (const grant of node.grants.orgs) {
      const orgId = orgIdByName.get(grant.orgName);
      if (orgId) grants.push({ functionCode: grant.functionCode, subjectType: 'org', subject: orgId });
      else warn(`节点「${node.title}」的功能授权机构「${grant.orgName}」在本平台不存在，已忽略`);
    }
    const unique = [...new Map(grants.map((grant) => [JSON.stringify(grant), grant])).values()];
    if (unique.length > 0) await replaceGrants(tx, nodeId, unique);
  }

  /**
   * Writes the node's definitions: the published one is saved and published first (creating the
   * node's table under the new system code), then the draft on top when it differs. Answers whether
   * the node was published.
   */
  private async importDefinitions(
    tx: Db,
    user: SessionUser,
    nodeId: NodeId,
    node: DocumentNode,
    resolve: Awaited<ReturnType<ExportImportService['referenceResolver']>>,
    warn: (message: string) => void,
    ip: string,
  ): Promise<boolean> {
    const localise = (definition: NodeDefinition): NodeDefinition => {
      const levels = definition.audit.levels.flatMap((level) => {
        if (level.way === 'single') {
          const id = resolve.reviewer(level.reviewerUserId);
          if (id) return [{ ...level, reviewerUserId: id }];
          warn(
            `节点「${node.title}」第${level.level}级审核人（${resolve.reviewerLabel(level.reviewerUserId)}）在本平台不存在或不是管理员，已删除该审核级别`,
          );
          return [];
        }
        const id = resolve.org(level.orgId);
        if (id) return [{ ...level, orgId: id }];
        warn(
          `节点「${node.title}」第${level.level}级审核机构（${resolve.orgLabel(level.orgId)}）在本平台不存在，已删除该审核级别`,
        );
        return [];
      });
      return {
        ...definition,
        audit: { levels: levels.map((level, index) => ({ ...level, level: index + 1 })) },
      };
    };
    const write = async (definition: NodeDefinition, version: number) => {
      try {
        return await this.definitions.writeDraft(tx, user, nodeId, definition, version, ip, '导入节点配置');
      } catch (error) {
        if (error instanceof AppError) throw badRequest(`节点「${node.title}」：${error.message}`, {});
        throw error;
      }
    };
    let version = 0;
    let isPublished = false;
    if (node.published) {
      version = (await write(localise(node.published.definition), version)).version;
      await this.definitions.publishIn(tx, user, nodeId, ip);
      isPublished = true;
      if (node.dataSource?.mode === 'bound') {
        warn(`节点「${node.title}」原绑定数据表 ${node.dataSource.tableName}，导入后已新建自己的数据表`);
      }
    }
    if (node.draft) {
      const draft = localise(node.draft);
      const current = await this.definitions.draft(nodeId, tx);
      if (JSON.stringify(current.definition) !== JSON.stringify(draft) || version === 0) {
        version = (await write(draft, version)).version;
      }
    }
    if (!isPublished && node.dataSource) {
      if (node.dataSource.mode === 'created') {
        const definition = (await this.definitions.draft(nodeId, tx)).definition;
        const refs = await this.definitions.liveNode(tx, nodeId);
        const tableName = defaultTableName(refs.systemCoding, refs.gnCoding);
        await this.definitions.createTable(tx, user, nodeId, tableName, definition.form.items);
        await tx.insert(nodeDataSources).values({ nodeId, tableName, mode: 'created' });
      } else {
        warn(
          `节点「${node.title}」原绑定数据表 ${node.dataSource.tableName}，导入后未设置数据源，请重新绑定`,
        );
      }
    }
    return isPublished;
  }
}
