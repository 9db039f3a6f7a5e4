import type { ThemeConfig } from '@ks/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { editable } from './columns.ts';
import { users } from './identity.ts';

/** A business system (系统): a tree of menu nodes. The builder issue adds its configuration beside it. */
export const systems = pgTable(
  'systems',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    systemName: text('system_name').notNull(),
    /** Short name, 1–8 characters. */
    title: text('title').notNull(),
    /** System code: letter first, then letters, digits or underscores; never changes once created. */
    gnCoding: text('gn_coding').notNull(),
    levels: text('levels').notNull().default('0'),
    sort: integer('sort').notNull().default(0),
    ...editable,
  },
  (t) => [uniqueIndex('systems_gn_coding').on(t.gnCoding)],
);

/** A node of a system's menu tree; nodeProperties decides which page a click opens. */
export const menuNodes = pgTable(
  'menu_nodes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    systemId: uuid('system_id')
      .notNull()
      .references(() => systems.id),
    parentId: uuid('parent_id'),
    title: text('title').notNull(),
    icon: text('icon').notNull().default(''),
    /** '是' shown in the menu, '否' hidden. */
    itShows: text('it_shows', { enum: ['是', '否'] })
      .notNull()
      .default('是'),
    nodeProperties: text('node_properties').notNull(),
    /** Node code (功能编码), unique within its system. */
    gnCoding: text('gn_coding').notNull(),
    style: text('style').notNull().default(''),
    nodeSetFlag: boolean('node_set_flag').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    ...editable,
  },
  (t) => [
    uniqueIndex('menu_nodes_system_gn_coding_live').on(t.systemId, t.gnCoding).where(sql`deleted_at is null`),
    index('menu_nodes_parent').on(t.systemId, t.parentId),
  ],
);

/** Which roles see a node; administrators see every node, developers every node to configure it. */
export const menuNodeRoles = pgTable(
  'menu_node_roles',
  {
    nodeId: uuid('node_id')
      .notNull()
      .references(() => menuNodes.id),
    loginRoleType: text('login_role_type', { enum: ['M', 'D', 'U', 'P'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.loginRoleType] })],
);

/** Items of the header dropdown (业务办理, 权限设置, …), data rather than code. */
export const headerItems = pgTable(
  'header_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    path: text('path').notNull(),
    sort: integer('sort').notNull().default(0),
    ...editable,
  },
  (t) => [uniqueIndex('header_items_code').on(t.code)],
);

export const headerItemRoles = pgTable(
  'header_item_roles',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => headerItems.id),
    loginRoleType: text('login_role_type', { enum: ['M', 'D', 'U', 'P'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.loginRoleType] })],
);

/** Each user's theme; validated with the contract's ThemeConfigSchema before it is written. */
export const userThemes = pgTable('user_themes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  config: jsonb('config').$type<ThemeConfig>().notNull(),
  ...editable,
});
