import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { editable } from './columns.ts';
import { users } from './identity.ts';

/**
 * The credit module's own tables (decision 0048): what the law fixes — the catalogue of credit item
 * types, the score model and its grade bands, the score history, commitment letters and their
 * signatures. The credit items themselves are engine records of the 信用信息 system.
 */

/** One credit item type per enterprise type and class, with its highest score and window. */
export const creditItemTypes = pgTable(
  'credit_item_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The value the item-type select stores (stable across renames). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** 企业类型 (the enterprises' enterpriseType). */
    qyType: text('qy_type').notNull(),
    creditClass: text('credit_class', { enum: ['basic', 'good', 'bad'] }).notNull(),
    maxScore: doublePrecision('max_score').notNull(),
    /** Publication window in months; 0 = long-term. */
    windowMonths: integer('window_months').notNull().default(0),
    /** Bad items: the default severity A / B / C; '' otherwise. */
    defaultSeverity: text('default_severity').notNull().default(''),
    /** A seeded default whose value the sources do not fix (docs/domain.md §8 "suggestion"). */
    suggestion: boolean('suggestion').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    ...editable,
  },
  (t) => [uniqueIndex('credit_item_types_code_live').on(t.code).where(sql`${t.deletedAt} is null`)],
);

export type CreditGradeBand = { grade: string; min: number };
/** One version of the score model; the newest row is the model in force. */
export const creditScoreModels = pgTable('credit_score_models', {
  id: uuid('id').primaryKey().defaultRandom(),
  modelVersion: integer('model_version').notNull().unique(),
  base: doublePrecision('base').notNull(),
  fullScore: doublePrecision('full_score').notNull(),
  /** Highest sum a class may add (good) or deduct (bad); null = uncapped. */
  goodCap: doublePrecision('good_cap'),
  badCap: doublePrecision('bad_cap'),
  /** Basic items add their score too (the Tianjin model's basic part); off by default. */
  basicCounts: boolean('basic_counts').notNull().default(false),
  /** Grades from the highest minimum down. */
  bands: jsonb('bands').$type<CreditGradeBand[]>().notNull(),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An enterprise's current score (one row per enterprise user account). */
export const creditScores = pgTable('credit_scores', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  score: doublePrecision('score').notNull(),
  grade: text('grade').notNull(),
  modelVersion: integer('model_version').notNull(),
  goodSum: doublePrecision('good_sum').notNull().default(0),
  badSum: doublePrecision('bad_sum').notNull().default(0),
  basicSum: doublePrecision('basic_sum').notNull().default(0),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every computed score that differs from the one before it, for the charts. */
export const creditScoreHistory = pgTable(
  'credit_score_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    score: doublePrecision('score').notNull(),
    grade: text('grade').notNull(),
    modelVersion: integer('model_version').notNull(),
    /** Why it was computed: 审核通过, 变更通过, 公示期变化, 模型调整. */
    reason: text('reason').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_score_history_user').on(t.userId, t.computedAt)],
);

/** The commitment letter's text, one row per version; the newest is the one enterprises sign. */
export const creditLetterTemplates = pgTable('credit_letter_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  templateVersion: integer('template_version').notNull().unique(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A signature: who signed which version when, and the sha256 of the exact text signed. */
export const creditLetterSignatures = pgTable(
  'credit_letter_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => creditLetterTemplates.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    signerName: text('signer_name').notNull(),
    textSha256: text('text_sha256').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('credit_letter_signatures_once').on(t.templateId, t.userId)],
);
