import {
  asNodeId,
  DICTIONARY_NOT_FOUND_MESSAGE,
  type DraftState,
  emptyNodeDefinition,
  type FormItem,
  type NodeDefinition,
  type NodeDefinitionInput,
  NodeDefinitionSchema,
  NodeDefinitionShapeSchema,
  type NodeId,
  type PublishedNode,
  unavailableFunctionsProblem,
  VALUE_RANGE_NOT_FOUND_MESSAGE,
} from '@ks/contract';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditOrgs } from '../../db/schema/authority.ts';
import { users } from '../../db/schema/identity.ts';
import {
  nodeDataSources,
  nodeDefinitions,
  nodeMigrations,
  nodeSchemaVersions,
} from '../../db/schema/node-config.ts';
import { menuNodes, systems } from '../../db/schema/shell.ts';
import { recomputeComputedFields } from '../../engine/computed-fields.ts';
import { lockLiveSources } from '../../engine/definition-usage.ts';
import type { ModuleActions } from '../../engine/module-actions.ts';
import { requireNodeUse } from '../../engine/node-functions.ts';
import {
  addColumnStatement,
  alterTypeStatement,
  type ColumnInfo,
  columnTypeOf,
  createIndexStatement,
  createTableStatement,
  defaultTableName,
  envelopeIndexStatements,
  indexedCodes,
  indexNameOf,
  statementText,
  tableColumns,
  tableExists,
  tableIndexNames,
  tableRef,
} from '../../engine/node-tables.ts';
import { NODE_NOT_FOUND_MESSAGE, NOT_PUBLISHED_MESSAGE, resolveNode } from '../../engine/record-store.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';

export const DATA_TABLE_CLASH_MESSAGE = (tableName: string) =>
  `数据表 ${tableName} 已存在，请先为节点设置数据源或换一个功能编码`;
export const reviewerMissingMessage = (level: number) => `第${level}级审核人不存在或不是管理员`;
export const auditOrgMissingMessage = (level: number) => `第${level}级审核机构不存在`;
export type MigrationKind = 'create_table' | 'add_column' | 'alter_type' | 'create_index' | 'bind';
export type NodeRef = { id: NodeId; title: string; gnCoding: string; systemCoding: string };
export const typeChangeRefusedMessage = (item: FormItem, from: string, to: string) =>
  `字段「${item.name}」已有数据无法从 ${from} 转换为 ${to}，未做任何修改；请先处理这些数据，或新增一个字段`;

/**
 * A node's definition: the draft developers edit and the published versions the runtime serves.
 * Publishing applies the DDL the draft needs (create the table, add columns, change types) in the
 * same transaction that freezes the new schema version, so a refused step changes nothing.
 */
export class DefinitionService {
  constructor(
    private readonly db: Db,
    /** The registered module actions: a draft may offer those and the built-in functions only (decision 0030). */
    private readonly actions: ModuleActions,
  ) {}

  async draft(nodeId: NodeId, db: Db = this.db): Promise<DraftState> {
    const node = await this.liveNode(db, nodeId);
    const [row] = await db.select().from(nodeDefinitions).where(eq(nodeDefinitions.nodeId, node.id));
    const [source] = await db
      .select()
      .from(nodeDataSources)
      .where(and(eq(nodeDataSources.nodeId, node.id), isNull(nodeDataSources.deletedAt)));
    return {
      nodeId: node.id,
      definition: row ? NodeDefinitionShapeSchema.parse(row.draft) : emptyNodeDefinition(),
      version: row?.version ?? 0,
      publishedVersion: row?.publishedVersion ?? 0,
      dataSource: source ? { tableName: source.tableName, mode: source.mode } : null,
    };
  }

  /** Saves the draft; `version` is the one the developer loaded (0 for a node never saved). */
  async saveDraft(
    user: SessionUser,
    nodeId: NodeId,
    input: NodeDefinitionInput,
    version: number,
    ip: string,
  ): Promise<DraftState> {
    return this.db.transaction((tx) => this.writeDraft(tx, user, nodeId, input, version, ip));
  }

  /** saveDraft inside the caller's transaction (imports write many drafts in one). */
  async writeDraft(
    tx: Db,
    user: SessionUser,
    nodeId: NodeId,
    input: NodeDefinitionInput,
    version: number,
    ip: string,
    action = '保存节点配置草稿',
  ): Promise<DraftState> {
    const parsed = NodeDefinitionSchema.safeParse(input);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
      throw badRequest(parsed.error.issues[0]?.message ?? '配置有误', fields);
    }
    const unavailable = unavailableFunctionsProblem(parsed.data.functions, (code) => this.actions.has(code));
    if (unavailable) throw badRequest(unavailable, { functions: unavailable });
    await this.checkAuditReferences(tx, parsed.data);
    await this.lockOptionSources(tx, parsed.data);
    const node = await this.liveNode(tx, nodeId);
    const [existing] = await tx.select().from(nodeDefinitions).where(eq(nodeDefinitions.nodeId, node.id));
    if (!existing) {
      if (version !== 0) throw conflict();
      await tx.insert(nodeDefinitions).values({ nodeId: node.id, draft: parsed.data });
    } else {
      const updated = await tx
        .update(nodeDefinitions)
        .set({ draft: parsed.data, version: sql`${nodeDefinitions.version} + 1`, updatedAt: new Date() })
        .where(and(eq(nodeDefinitions.nodeId, node.id), eq(nodeDefinitions.version, version)))
        .returning({ version: nodeDefinitions.version });
      if (updated.length === 0) throw conflict();
    }
    await recordOperation(tx, {
      user,
      action,
      targetType: 'node',
      targetId: node.gnCoding,
      targetName: node.title,
      ip,
    });
    return this.draft(node.id, tx);
  }

  /**
   * The people and organisations audit levels name must exist here: a single reviewer is a live
   * administrator, an any-one-of or all-of level a live reviewer organisation. The organisations
   * are share-locked for the caller's transaction, as the option sources are (lockOptionSources).
   * `reviewers: false` leaves the single reviewers unchecked (a publish: users are not catalogue
   * entries with an in-use check, and the draft's save checked them).
   */
  private async checkAuditReferences(tx: Db, definition: NodeDefinition, { reviewers = true } = {}) {
    const levels = definition.audit.levels;
    const userIds = reviewers
      ? levels.filter((level) => level.way === 'single').map((level) => level.reviewerUserId)
      : [];
    const orgIds = levels.filter((level) => level.way !== 'single').map((level) => level.orgId);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const admins = new Set(
      userIds.some((id) => uuid.test(id))
        ? (
            await tx
              .select({ id: users.id })
              .from(users)
              .where(
                and(
                  inArray(
                    users.id,
                    userIds.filter((id) => uuid.test(id)),
                  ),
                  eq(users.loginRoleType, 'M'),
                  eq(users.status, 'active'),
                  isNull(users.deletedAt),
                ),
              )
          ).map((row) => row.id)
        : [],
    );
    const orgs = new Set(
      orgIds.some((id) => uuid.test(id))
        ? (
            await tx
              .select({ id: auditOrgs.id })
              .from(auditOrgs)
              .where(
                and(
                  inArray(
                    auditOrgs.id,
                    orgIds.filter((id) => uuid.test(id)),
                  ),
                  isNull(auditOrgs.deletedAt),
                ),
              )
              .for('share')
          ).map((row) => row.id)
        : [],
    );
    for (const [index, level] of levels.entries()) {
      if (reviewers && level.way === 'single' && !admins.has(level.reviewerUserId)) {
        const message = reviewerMissingMessage(level.level);
        throw badRequest(message, { [`audit.levels.${index}.reviewerUserId`]: message });
      }
      if (level.way !== 'single' && !orgs.has(level.orgId)) {
        const message = auditOrgMissingMessage(level.level);
        throw badRequest(message, { [`audit.levels.${index}.orgId`]: message });
      }
    }
  }

  /**
   * The dictionaries and value ranges a definition's items take their options from must be live,
   * and stay so until the caller's transaction ends: they are share-locked. A delete soft-deletes
   * first and asks findNodesUsingSource second, so it either waits for this transaction and then
   * sees the definition it wrote (and refuses), or has deleted the entry already and this refuses.
   * Without the lock both would commit, leaving a form whose options come from a deleted entry.
   */
  private async lockOptionSources(tx: Db, definition: NodeDefinition) {
    const items = definition.form.items;
    const codesOf = (kind: 'dictionary' | 'value-range') => [
      ...new Set(items.flatMap((item) => (item.source.kind === kind ? [item.source.code] : []))),
    ];
    const live = {
      dictionary: await lockLiveSources(tx, 'dictionary', codesOf('dictionary')),
      'value-range': await lockLiveSources(tx, 'value-range', codesOf('value-range')),
    };
    for (const [index, item] of items.entries()) {
      if (item.source.kind === 'static' || live[item.source.kind].has(item.source.code)) continue;
      const message =
        item.source.kind === 'dictionary' ? DICTIONARY_NOT_FOUND_MESSAGE : VALUE_RANGE_NOT_FOUND_MESSAGE;
      throw badRequest(message, { [`form.items.${index}.source`]: message });
    }
  }

  /** Publishes the draft as the next schema version, creating or altering the node table first. */
  async publish(
    user: SessionUser,
    nodeId: NodeId,
    ip: string,
  ): Promise<{ schemaVersion: number; tableName: string }> {
    return this.db.transaction((tx) => this.publishIn(tx, user, nodeId, ip));
  }

  /** publish inside the caller's transaction. */
  async publishIn(
    tx: Db,
    user: SessionUser,
    nodeId: NodeId,
    ip: string,
  ): Promise<{ schemaVersion: number; tableName: string }> {
    const node = await this.liveNode(tx, nodeId);
    const state = await this.draft(node.id, tx);
    if (state.version === 0) throw badRequest('请先保存节点配置再发布');
    const items = state.definition.form.items;
    if (items.length === 0) throw badRequest('表单至少需要一个字段才能发布');
    // The version frozen here names these entries too: held like a draft save's (lockOptionSources).
    await this.checkAuditReferences(tx, state.definition, { reviewers: false });
    await this.lockOptionSources(tx, state.definition);
    let tableName = state.dataSource?.tableName;
    let converted: string[] = [];
    if (!tableName) {
      tableName = defaultTableName(node.systemCoding, node.gnCoding);
      await this.createTable(tx, user, node.id, tableName, items);
      await tx.insert(nodeDataSources).values({ nodeId: node.id, tableName, mode: 'created' });
    } else {
      converted = await this.alignColumns(tx, user, node.id, tableName, items);
    }
    await this.ensureIndexes(tx, user, node.id, tableName, state.definition);
    const schemaVersion = state.publishedVersion + 1;
    await tx.insert(nodeSchemaVersions).values({
      nodeId: node.id,
      schemaVersion,
      definition: state.definition,
      publishedBy: user.id,
    });
    await tx
      .update(nodeDefinitions)
      .set({ publishedVersion: schemaVersion, updatedAt: new Date() })
      .where(eq(nodeDefinitions.nodeId, node.id));
    // A record keeps the form it was made with, unless this publish converted a column under it: the
    // old form's types no longer describe the converted data (a select's value is now an array, a
    // decimal field an integer one), and its saves would fail or round what the person typed. Such
    // records move to this version's form. Running flows keep their copied levels and snapshots.
    if (converted.length > 0)
      await tx.execute(
        sql`update ${tableRef(tableName)} set schema_version = ${schemaVersion} where schema_version < ${schemaVersion}`,
      );
    await recomputeComputedFields(tx, tableName, items, schemaVersion);
    await recordOperation(tx, {
      user,
      action: '发布节点配置',
      targetType: 'node',
      targetId: node.gnCoding,
      targetName: node.title,
      detail: `版本 ${schemaVersion}，数据表 ${tableName}${
        converted.length > 0 ? `；字段 ${converted.join('、')} 类型已转换，已有数据改用本版本表单` : ''
      }`,
      ip,
    });
    return { schemaVersion, tableName };
  }

  /** Creates a node table (refusing a name already taken in the data schema) and records it. */
  async createTable(
    tx: Db,
    user: SessionUser,
    nodeId: NodeId,
    tableName: string,
    items: readonly FormItem[],
  ) {
    if (await tableExists(tx, tableName)) {
      const message = DATA_TABLE_CLASH_MESSAGE(tableName);
      throw badRequest(message, { tableName: message });
    }
    const statement = createTableStatement(tableName, items);
    await tx.execute(statement);
    await this.recordMigration(tx, user, nodeId, tableName, 'create_table', statementText(statement));
    // The list's default order and the row scope are served by indexes from the start.
    await this.ensureEnvelopeIndexes(tx, user, nodeId, tableName, new Set());
  }

  /** Creates and records the envelope indexes the table lacks (node-tables.ts ENVELOPE_INDEXES). */
  private async ensureEnvelopeIndexes(
    tx: Db,
    user: SessionUser,
    nodeId: NodeId,
    tableName: string,
    existing: ReadonlySet<string>,
  ) {
    for (const index of envelopeIndexStatements(tableName)) {
      if (existing.has(index.indexName)) continue;
      await tx.execute(index.statement);
      await this.recordMigration(
        tx,
        user,
        nodeId,
        tableName,
        'create_index',
        statementText(index.statement),
        index.columns.join(', '),
      );
    }
  }

  /**
   * The envelope indexes, and searchable and sortable columns and filter fields, get an index when
   * the node is published (docs/architecture.md, "Dynamic node tables"); only missing ones are created and recorded, so
   * republishing adds nothing.
   */
  private async ensureIndexes(
    tx: Db,
    user: SessionUser,
    nodeId: NodeId,
    tableName: string,
    definition: NodeDefinition,
  ) {
    // A table from before an envelope index was introduced gets it here, at its next publish.
    const existing = await tableIndexNames(tx, tableName);
    await this.ensureEnvelopeIndexes(tx, user, nodeId, tableName, existing);
    const columns = new Map((await tableColumns(tx, tableName)).map((column) => [column.name, column]));
    for (const code of indexedCodes(definition)) {
      const column = columns.get(code);
      if (!column) continue;
      const indexName = indexNameOf(tableName, code);
      if (existing.has(indexName)) continue;
      const statement = createIndexStatement(tableName, indexName, code, column.type.endsWith('[]'));
      await tx.execute(statement);
      await this.recordMigration(tx, user, nodeId, tableName, 'create_index', statementText(statement), code);
    }
  }

  /** The published definition the runtime serves: the latest, or a given schema version. */
  /**
   * The published definition (columns, filters, form, audit levels with their reviewers): for the
   * developers who build the node and for users who use it or review its records, no one else.
   */
  async published(
    user: SessionUser,
    systemCoding: string,
    gnCoding: string,
    schemaVersion?: number,
  ): Promise<PublishedNode> {
    const [node] = await this.db
      .select({ id: menuNodes.id, title: menuNodes.title })
      .from(menuNodes)
      .innerJoin(systems, eq(systems.id, menuNodes.systemId))
      .where(
        and(
          eq(systems.gnCoding, systemCoding),
          eq(menuNodes.gnCoding, gnCoding),
          isNull(menuNodes.deletedAt),
          isNull(systems.deletedAt),
        ),
      );
    if (!node) throw notFound(NODE_NOT_FOUND_MESSAGE);
    const [version] = await this.db
      .select()
      .from(nodeSchemaVersions)
      .where(
        and(
          eq(nodeSchemaVersions.nodeId, node.id),
          schemaVersion === undefined ? undefined : eq(nodeSchemaVersions.schemaVersion, schemaVersion),
        ),
      )
      .orderBy(desc(nodeSchemaVersions.schemaVersion))
      .limit(1);
    if (!version) throw notFound(NOT_PUBLISHED_MESSAGE);
    if (user.loginRoleType !== 'D')
      await requireNodeUse(
        this.db,
        user,
        await resolveNode(this.db, systemCoding, gnCoding, undefined, user),
      );
    return {
      nodeId: asNodeId(node.id),
      systemCoding,
      gnCoding,
      title: node.title,
      schemaVersion: version.schemaVersion,
      definition: NodeDefinitionShapeSchema.parse(version.definition),
    };
  }

  /** The table holding a node's records, or null while the node has none. */
  async tableOf(nodeId: NodeId, db: Db = this.db): Promise<string | null> {
    const [source] = await db
      .select({ tableName: nodeDataSources.tableName })
      .from(nodeDataSources)
      .where(and(eq(nodeDataSources.nodeId, nodeId), isNull(nodeDataSources.deletedAt)));
    return source?.tableName ?? null;
  }

  /**
   * Adds missing columns and changes changed types; never drops a column. A type change whose data
   * does not convert is refused with the field named, and the transaction leaves everything as it was.
   * Answers the codes whose column type changed.
   */
  private async alignColumns(
    tx: Db,
    user: SessionUser,
    nodeId: NodeId,
    tableName: string,
    items: FormItem[],
  ): Promise<string[]> {
    const converted: string[] = [];
    const existing = new Map(
      (await tableColumns(tx, tableName)).map((column: ColumnInfo) => [column.name, column]),
    );
    for (const item of items) {
      const column = existing.get(item.code);
      const target = columnTypeOf(item);
      if (!column) {
        const statement = addColumnStatement(tableName, item);
        await tx.execute(statement);
        await this.recordMigration(tx, user, nodeId, tableName, 'add_column', statementText(statement));
        continue;
      }
      if (column.type === target) continue;
      const statement = alterTypeStatement(tableName, item, column.type);
      try {
        await tx.execute(statement);
      } catch {
        // The failed statement aborted the transaction; throwing rolls every step of this publish back.
        throw badRequest(typeChangeRefusedMessage(item, column.type, target), {
          [item.code]: typeChangeRefusedMessage(item, column.type, target),
        });
      }
      await this.recordMigration(
        tx,
        user,
        nodeId,
        tableName,
        'alter_type',
        statementText(statement),
        `${column.type} → ${target}`,
      );
      converted.push(item.code);
    }
    return converted;
  }

  async recordMigration(
    tx: Db,
    user: SessionUser,
    nodeId: NodeId,
    tableName: string,
    kind: MigrationKind,
    statement: string,
    detail = '',
  ) {
    await tx
      .insert(nodeMigrations)
      .values({ nodeId, tableName, kind, statement, detail, appliedBy: user.id });
  }

  async liveNode(db: Db, nodeId: NodeId): Promise<NodeRef> {
    const [node] = await db
      .select({
        id: menuNodes.id,
        title: menuNodes.title,
        gnCoding: menuNodes.gnCoding,
        systemCoding: systems.gnCoding,
      })
      .from(menuNodes)
      .innerJoin(systems, eq(systems.id, menuNodes.systemId))
      .where(and(eq(menuNodes.id, nodeId), isNull(menuNodes.deletedAt), isNull(systems.deletedAt)));
    if (!node) throw notFound(NODE_NOT_FOUND_MESSAGE);
    return { ...node, id: asNodeId(node.id) };
  }
}
