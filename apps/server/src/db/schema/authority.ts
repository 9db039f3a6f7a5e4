import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { editable } from './columns.ts';
import { users } from './identity.ts';
import { menuNodes } from './shell.ts';

/**
 * Who may use which function (button) of a node: a role ('M', 'U', 'P') or a reviewer organisation.
 * A node without any grant row uses the defaults of modules/authority/grants.ts.
 */
export const nodeFunctionGrants = pgTable(
  'node_function_grants',
  {
    nodeId: uuid('node_id')
      .notNull()
      .references(() => menuNodes.id),
    functionCode: text('function_code').notNull(),
    subjectType: text('subject_type', { enum: ['role', 'org'] }).notNull(),
    /** A login role type for 'role', an audit organisation id for 'org'. */
    subject: text('subject').notNull(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.functionCode, t.subjectType, t.subject] })],
);

/** A reviewer organisation (审核机构): the people an any-one-of or all-of audit level goes to. */
export const auditOrgs = pgTable(
  'audit_orgs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ...editable,
  },
  (t) => [uniqueIndex('audit_orgs_name_live').on(t.name).where(sql`deleted_at is null`)],
);

export const auditOrgMembers = pgTable(
  'audit_org_members',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => auditOrgs.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId] }), index('audit_org_members_user').on(t.userId)],
);

/**
 * A node whose function authority has been saved (customised): from then on its grant rows alone
 * decide, even when there are none; `version` guards concurrent saves of the permission page.
 */
export const nodeAuthorities = pgTable('node_authorities', {
  nodeId: uuid('node_id')
    .primaryKey()
    .references(() => menuNodes.id),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id),
});
