import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Cost files (造价文件) and their parsed bill of quantities (docs/domain.md §11). The shape is fixed
 * by GB 50500-2013, so it is the module's own schema, not engine nodes (docs/architecture.md,
 * "Business modules and the engine's seams"). Money is `numeric(18,2)` in yuan and quantities
 * `numeric(20,4)`; they reach TypeScript as strings and are compared with the tolerances of the
 * checks, never as floats in SQL.
 *
 * A file is parsed into `cost_nodes` (project → single projects → unit projects, with the money
 * columns of the summary) and `cost_items` (the items of each unit project's five lists). Every parse
 * writes its rows under a new generation in short transactions; readers see only the rows of the
 * file's `tree_generation`, which one short transaction moves to the new generation once it is
 * complete. So a reader sees the previous tree or the new one, never part of either, while the
 * embedded database stays free for other requests between the batches (decision 0067).
 */

/** A checked project (xmId): the tender BOQ, the control price and the bids are its files. */
export const costProjects = pgTable('cost_projects', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Project number shown to users (项目编号). */
  code: text('code').notNull(),
  name: text('name').notNull(),
  /** Province or city code whose rates apply (the rule configuration is chosen by it). */
  region: text('region').notNull(),
  /**
   * The approved estimate (批准的概算) in yuan, set by the project's owner: C18 checks the control
   * price against it. Null until set.
   */
  approvedEstimate: numeric('approved_estimate', { precision: 18, scale: 2 }),
  createdBy: uuid('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/**
 * One uploaded cost file of a project. `kind`: `tender-boq` 招标工程量清单, `control-price` 招标控制价,
 * `bid` 投标报价 (one per bidder). `parseState`: `pending` → `parsed` | `failed` (with `parseError`).
 */
export const costFiles = pgTable(
  'cost_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id').notNull(),
    kind: text('kind').notNull(),
    /** The bidder of a bid: its enterprise account; null for the tender BOQ and the control price. */
    bidderUserId: uuid('bidder_user_id'),
    /** Shown name of the bidder (投标人), kept as uploaded. */
    bidderName: text('bidder_name'),
    /** The stored file (stored_files.id). */
    fileId: uuid('file_id').notNull(),
    /** sha256 of the bytes, for C20 (identical files across bidders). */
    sha256: text('sha256'),
    /**
     * The header's origin (pricing program, version, lock serial, machine code, MAC address) when
     * the file carries one, for C20: field → text.
     */
    origin: jsonb('origin').$type<Record<string, string>>(),
    /** The layout the parser recognised (`ks-cost-xml-1`, …). */
    layout: text('layout'),
    parseState: text('parse_state').notNull().default('pending'),
    parseError: text('parse_error'),
    /** `general` 一般计税 | `simple` 简易计税, as the file declares. */
    taxMethod: text('tax_method'),
    itemCount: integer('item_count').notNull().default(0),
    /**
     * The generation of `cost_nodes` / `cost_items` readers see (0: the rows written before parses
     * had generations, or none). Rows of any other generation are a parse being written or an old
     * tree being deleted.
     */
    treeGeneration: integer('tree_generation').notNull().default(0),
    /** The newest generation a parse has taken; a parse whose generation is no longer it is superseded. */
    lastGeneration: integer('last_generation').notNull().default(0),
    uploadedBy: uuid('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    parsedAt: timestamp('parsed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('cost_files_project').on(t.projectId)],
);

/**
 * The summary tree of a parsed file: the project, its single projects (单项工程) and their unit
 * projects (单位工程), each with the money columns of a cost file. `path` is the dotted position
 * (`1`, `1.2`, `1.2.3`), so a page of the tree reads in order by `path`.
 */
export const costNodes = pgTable(
  'cost_nodes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id').notNull(),
    /** The parse that wrote the row (cost_files.tree_generation says which one readers see). */
    generation: integer('generation').notNull().default(0),
    parentId: uuid('parent_id'),
    /** `project` | `single` | `unit`. */
    level: text('level').notNull(),
    path: text('path').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Specialty (专业) of a unit project, e.g. 建筑工程, 安装工程, 市政工程. */
    zy: text('zy'),
    zzj: numeric('zzj', { precision: 18, scale: 2 }).notNull(),
    fbfxf: numeric('fbfxf', { precision: 18, scale: 2 }).notNull(),
    csxmf: numeric('csxmf', { precision: 18, scale: 2 }).notNull(),
    aqwmsgf: numeric('aqwmsgf', { precision: 18, scale: 2 }).notNull(),
    qtxmf: numeric('qtxmf', { precision: 18, scale: 2 }).notNull(),
    gf: numeric('gf', { precision: 18, scale: 2 }).notNull(),
    sj: numeric('sj', { precision: 18, scale: 2 }).notNull(),
    zzsxxse: numeric('zzsxxse', { precision: 18, scale: 2 }).notNull(),
    /** Fee bases a unit project declares (人工费, 机械费, 暂列金额 …): name → yuan as a string. */
    bases: jsonb('bases').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [uniqueIndex('cost_nodes_file_path').on(t.fileId, t.generation, t.path)],
);

/**
 * One item of a unit project's lists. `list`: `fbfx` 分部分项, `csxm` 措施项目, `qtxm` 其他项目,
 * `gf` 规费, `sj` 税金. `category` marks items the checks treat specially: `provisional-sum` 暂列金额,
 * `provisional-price` 暂估价, `daywork` 计日工, `contract-service` 总承包服务费, `safety` 安全文明施工费,
 * `enterprise-safety` 企业安全生产费; null for ordinary items.
 */
export const costItems = pgTable(
  'cost_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fileId: uuid('file_id').notNull(),
    /** The parse that wrote the row, as on cost_nodes. */
    generation: integer('generation').notNull().default(0),
    unitNodeId: uuid('unit_node_id').notNull(),
    /** Position within the unit project, in document order. */
    seq: integer('seq').notNull(),
    list: text('list').notNull(),
    category: text('category'),
    /** 12-digit BOQ code for 分部分项 items; other lists may use their own codes. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    features: text('features'),
    unit: text('unit'),
    quantity: numeric('quantity', { precision: 20, scale: 4 }),
    unitPrice: numeric('unit_price', { precision: 18, scale: 2 }),
    total: numeric('total', { precision: 18, scale: 2 }).notNull(),
    /** Rate (费率, %) of a fee item computed from a base, as the file declares it. */
    rate: numeric('rate', { precision: 9, scale: 4 }),
    /** The name of the base a rate item is computed on, as the file declares it. */
    base: text('base'),
  },
  (t) => [
    index('cost_items_unit').on(t.unitNodeId, t.seq),
    index('cost_items_file_code').on(t.fileId, t.generation, t.code),
  ],
);
