import type { NodeId } from '@ks/contract';
import {
  DATA_SOURCE_HAS_RECORDS_MESSAGE,
  DATA_TABLE_EXISTS_MESSAGE,
  DATA_TABLE_MISSING_MESSAGE,
  DATA_TABLE_SAME_MESSAGE,
  DATA_TABLE_TAKEN_MESSAGE,
  type DataSourceResult,
  type DataTable,
  envelopeColumnsMissingMessage,
  FIELD_CODE_PATTERN,
  type FormItemInput,
  type FormItemType,
  type NodeMigration,
  type NodeVersion,
  RECORD_ENVELOPE_COLUMNS,
  type UpdateDataSourceBody,
  UpdateDataSourceBodySchema,
} from '@ks/contract';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/identity.ts';
import { nodeDataSources, nodeMigrations, nodeSchemaVersions } from '../../db/schema/node-config.ts';
import { menuNodes } from '../../db/schema/shell.ts';
import {
  DATA_SCHEMA,
  defaultTableName,
  hasRows,
  rowsOf,
  tableColumns,
  tableExists,
} from '../../engine/node-tables.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import type { DefinitionService } from './definition-service.ts';

/**
 * The form item type a bound table's column becomes, from its PostgreSQL type (format_type
 * spelling). Anything without a closer match is text: every value reads as a string.
 */
export function itemTypeOfColumn(pgType: string): FormItemType {
  if (pgType.endsWith('[]')) return pgType === 'date[]' ? 'daterange' : 'select-multiple';
  if (pgType === 'integer' || pgType === 'smallint') return 'input-number';
  if (/^(bigint|numeric|real|double precision)/.test(pgType)) return 'number';
  if (pgType === 'boolean') return 'switch';
  if (pgType === 'date') return 'date';
  if (pgType.startsWith('timestamp')) return 'datetime';
  if (pgType === 'json' || pgType === 'jsonb') return 'textarea';
  return 'text';
}

const ENVELOPE = new Set<string>(RECORD_ENVELOPE_COLUMNS);

/**
 * A node's data source (docs/architecture.md, "Dynamic node tables"): a table the builder creates from
 * the draft now, or an existing table of the business-data schema that it binds. Platform tables
 * live in another schema and are never offered.
 */
export class DataSourceService {
  constructor(
    private readonly db: Db,
    private readonly definitions: DefinitionService,
  ) {}

  /** Tables of the business-data schema that no live node uses, with columns and row estimates. */
  async listFreeTables(): Promise<DataTable[]> {
    const result = await this.db.execute<{ table_name: string; estimated_rows: string }>(sql`
      select c.relname as table_name, greatest(c.reltuples, 0)::bigint as estimated_rows
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${DATA_SCHEMA} and c.relkind = 'r'
        and not exists (
          select 1 from ${nodeDataSources} s join ${menuNodes} m on m.id = s.node_id
          where s.table_name = c.relname and s.deleted_at is null and m.deleted_at is null)
      order by c.relname`);
    const tables = rowsOf<{ table_name: string; estimated_rows: string }>(result);
    if (tables.length === 0) return [];
    // One catalogue query for every offered table's columns, in column order.
    const columns = rowsOf<{ table_name: string; name: string; type: string }>(
      await this.db.execute(sql`
        select c.relname as table_name, a.attname as name, format_type(a.atttypid, a.atttypmod) as type
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${DATA_SCHEMA} and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attnum`),
    );
    return tables.map((table) => ({
      tableName: table.table_name,
      estimatedRows: Number(table.estimated_rows),
      columns: columns
        .filter((column) => column.table_name === table.table_name)
        .map(({ name, type }) => ({ name, type })),
    }));
  }

  /** Sets a node's data source: creates its table now, or binds a free table of the data schema. */
  async updateDataSource(
    user: SessionUser,
    input: UpdateDataSourceBody,
    ip: string,
  ): Promise<DataSourceResult> {
    const body = UpdateDataSourceBodySchema.parse(input);
    return this.db.transaction(async (tx) => {
      const node = await this.definitions.liveNode(tx, body.nodeId);
      const state = await this.definitions.draft(node.id, tx);
      const current = state.dataSource;
      const tableName =
        body.mode === 'create'
          ? (body.tableName ?? defaultTableName(node.systemCoding, node.gnCoding))
          : (body.tableName as string);
      if (current) {
        if (current.tableName === tableName) {
          throw badRequest(DATA_TABLE_SAME_MESSAGE, { tableName: DATA_TABLE_SAME_MESSAGE });
        }
        // Records name the table they live in: once there are any, the node keeps its table.
        if ((await tableExists(tx, current.tableName)) && (await hasRows(tx, current.tableName))) {
          throw badRequest(DATA_SOURCE_HAS_RECORDS_MESSAGE, { tableName: DATA_SOURCE_HAS_RECORDS_MESSAGE });
        }
      }
      let addedItems: string[] = [];
      let skippedColumns: string[] = [];
      let draftVersion = state.version;
      if (body.mode === 'create') {
        if (await tableExists(tx, tableName)) {
          throw badRequest(DATA_TABLE_EXISTS_MESSAGE, { tableName: DATA_TABLE_EXISTS_MESSAGE });
        }
        await this.definitions.createTable(tx, user, node.id, tableName, state.definition.form.items);
      } else {
        if (!(await tableExists(tx, tableName))) {
          throw badRequest(DATA_TABLE_MISSING_MESSAGE, { tableName: DATA_TABLE_MISSING_MESSAGE });
        }
        const owner = await this.ownerOf(tx, tableName);
        if (owner?.live) throw badRequest(DATA_TABLE_TAKEN_MESSAGE, { tableName: DATA_TABLE_TAKEN_MESSAGE });
        if (owner) {
          // The table's last node was deleted: its binding is released before this node takes it.
          await tx
            .update(nodeDataSources)
            .set({ deletedAt: new Date() })
            .where(and(eq(nodeDataSources.nodeId, owner.nodeId), isNull(nodeDataSources.deletedAt)));
        }
        const columns = await tableColumns(tx, tableName);
        const names = new Set(columns.map((column) => column.name));
        const missing = RECORD_ENVELOPE_COLUMNS.filter((name) => !names.has(name));
        if (missing.length > 0) {
          const message = envelopeColumnsMissingMessage(missing);
          throw badRequest(message, { tableName: message });
        }
        const known = new Set(state.definition.form.items.map((item) => item.code));
        const others = columns.filter((column) => !ENVELOPE.has(column.name) && !known.has(column.name));
        skippedColumns = others.filter((column) => !FIELD_CODE_PATTERN.test(column.name)).map((c) => c.name);
        const added: FormItemInput[] = others
          .filter((column) => FIELD_CODE_PATTERN.test(column.name))
          .map((column) => ({
            code: column.name,
            name: (column.comment || column.name).slice(0, 40),
            type: itemTypeOfColumn(column.type),
          }));
        addedItems = added.map((item) => item.code as string);
        if (added.length > 0) {
          const saved = await this.definitions.writeDraft(
            tx,
            user,
            node.id,
            {
              ...state.definition,
              form: { ...state.definition.form, items: [...state.definition.form.items, ...added] },
            },
            state.version,
            ip,
            '绑定数据表时补充表单字段',
          );
          draftVersion = saved.version;
        }
        await this.definitions.recordMigration(
          tx,
          user,
          node.id,
          tableName,
          'bind',
          `-- bind ${DATA_SCHEMA}.${tableName}`,
          addedItems.length > 0 ? `新增表单字段：${addedItems.join('、')}` : '',
        );
      }
      const mode = body.mode === 'create' ? ('created' as const) : ('bound' as const);
      await this.saveBinding(tx, node.id, tableName, mode);
      await recordOperation(tx, {
        user,
        action: body.mode === 'create' ? '新建节点数据表' : '绑定节点数据表',
        targetType: 'node',
        targetId: node.gnCoding,
        targetName: node.title,
        detail: current ? `${current.tableName} → ${tableName}` : tableName,
        ip,
      });
      return { tableName, mode, addedItems, skippedColumns, draftVersion };
    });
  }

  /** The DDL history of a node's tables, oldest first. */
  async listMigrations(nodeId: NodeId): Promise<NodeMigration[]> {
    const node = await this.definitions.liveNode(this.db, nodeId);
    const rows = await this.db
      .select({
        id: nodeMigrations.id,
        tableName: nodeMigrations.tableName,
        kind: nodeMigrations.kind,
        statement: nodeMigrations.statement,
        detail: nodeMigrations.detail,
        appliedByName: users.userName,
        appliedAt: nodeMigrations.appliedAt,
      })
      .from(nodeMigrations)
      .leftJoin(users, eq(users.id, nodeMigrations.appliedBy))
      .where(eq(nodeMigrations.nodeId, node.id))
      .orderBy(asc(nodeMigrations.id));
    return rows.map((row) => ({
      ...row,
      appliedByName: row.appliedByName ?? '',
      appliedAt: row.appliedAt.toISOString(),
    }));
  }

  /** Published schema versions of a node, newest first. */
  async listVersions(nodeId: NodeId): Promise<NodeVersion[]> {
    const node = await this.definitions.liveNode(this.db, nodeId);
    const rows = await this.db
      .select({
        version: nodeSchemaVersions.schemaVersion,
        publishedAt: nodeSchemaVersions.publishedAt,
        publisherName: users.userName,
      })
      .from(nodeSchemaVersions)
      .leftJoin(users, eq(users.id, nodeSchemaVersions.publishedBy))
      .where(eq(nodeSchemaVersions.nodeId, node.id))
      .orderBy(desc(nodeSchemaVersions.schemaVersion));
    return rows.map((row) => ({
      version: row.version,
      publishedAt: row.publishedAt.toISOString(),
      publisherName: row.publisherName ?? '',
    }));
  }

  /**
   * Points the node at its table. Two developers binding the same free table at once both pass the
   * checks; the unique index lets one through and the other gets the same words as a checked clash.
   */
  private async saveBinding(tx: Db, nodeId: NodeId, tableName: string, mode: 'created' | 'bound') {
    try {
      await tx
        .insert(nodeDataSources)
        .values({ nodeId, tableName, mode })
        .onConflictDoUpdate({
          target: nodeDataSources.nodeId,
          set: {
            tableName,
            mode,
            deletedAt: null,
            updatedAt: new Date(),
            version: sql`${nodeDataSources.version} + 1`,
          },
        });
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).cause?.code ??
        (error as { code?: string }).code;
      if (code === '23505')
        throw badRequest(DATA_TABLE_TAKEN_MESSAGE, { tableName: DATA_TABLE_TAKEN_MESSAGE });
      throw error;
    }
  }

  /** The node holding a table's live binding, and whether that node is itself live. */
  private async ownerOf(tx: Db, tableName: string) {
    const [row] = await tx
      .select({ nodeId: nodeDataSources.nodeId, deletedAt: menuNodes.deletedAt })
      .from(nodeDataSources)
      .innerJoin(menuNodes, eq(menuNodes.id, nodeDataSources.nodeId))
      .where(and(eq(nodeDataSources.tableName, tableName), isNull(nodeDataSources.deletedAt)));
    return row ? { nodeId: row.nodeId, live: row.deletedAt === null } : null;
  }
}
