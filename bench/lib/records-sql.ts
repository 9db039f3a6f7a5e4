/**
 * The SQL the records runtime (apps/server/src/modules/records: service.ts `list`, `cappedCount`,
 * `count` and `totalOf`, record-store.ts `recordSelect`, row-scope.ts `readScope`,
 * filter-compiler.ts) sends for one list page of the bench's order node as an enterprise user,
 * written out by hand with the same expressions, casts, joins and ORDER BY, for the bare-`pg`
 * baseline and for EXPLAIN ANALYZE. `list` sends one statement: the page, whose every row also
 * carries the capped count of the matching rows (`_total`); the count on its own only for a page
 * past the end (no rows, offset > 0), and the planner's estimate only when the capped count passes
 * EXACT_COUNT_LIMIT. While that estimate is held (10 s), the page is sent without the count. The bench checks that it answers the same ids and total as the platform
 * before measuring it.
 */

/** The node table and the caller's enterprise the SQL is scoped to. */
export interface ListScope {
  /** Node table name inside ks_data (checked identifier). */
  table: string;
  enterpriseId: string;
}

/** The bench's filter: order_status = status and quantity > quantityGt (FilterTree `and` of two conditions). */
export interface OrderFilter {
  status: string;
  quantityGt: number;
}

const IDENT = /^[a-z][a-z0-9_]{0,62}$/;

function tableOf(scope: ListScope): string {
  if (!IDENT.test(scope.table)) throw new Error(`bad table name ${scope.table}`);
  return `"ks_data"."${scope.table}"`;
}

/** The record envelope and the order fields, as record-store.ts `recordSelect` reads them. */
const SELECT = `r.id::text as "_id", r.business_id as "_business_id",
  r.owner_user_id::text as "_owner_user_id", r.owner_enterprise_id::text as "_owner_enterprise_id",
  r.status as "_status", r.audit_state as "_audit_state", r.schema_version as "_schema_version",
  r.submitted_at as "_submitted_at", r.confirmed_at as "_confirmed_at", r.created_at as "_created_at",
  r.updated_at as "_updated_at", r.version as "_version",
  r."title" as "title", r."customer" as "customer", r."quantity" as "quantity", r."amount"::text as "amount",
  r."order_status" as "order_status", to_char(r."order_date", 'YYYY-MM-DD HH24:MI:SS') as "order_date",
  r."paid" as "paid", r."note" as "note"`;

/**
 * service.ts `listWhere` for the bench's enterprise user, who reviews none of the node's records:
 * the node lookup says so (viewer-reviews.ts), and row-scope.ts `readScope` then leaves out the
 * reviewer branch ($1 enterprise), with the bench's filter ($2 status, $3 quantity).
 */
function whereOf(filter: OrderFilter | null): string {
  const condition = filter ? ` and ((r."order_status" = $2 and r."quantity" > $3::integer))` : '';
  return `r."deleted_at" is null and r."owner_enterprise_id" = $1::uuid${condition}`;
}

export interface ListStatements {
  /**
   * The page (service.ts `list`): the page's ids, then the owner join and the review state for
   * those rows, each row carrying the capped count as `_total` (service.ts `cappedCount`).
   */
  page: { text: string; values: unknown[] };
  /** The page without the count, sent while an estimate is held (list-estimates.ts `held`). */
  heldPage: { text: string; values: unknown[] };
  /**
   * The capped exact count on its own (service.ts `count`): at most EXACT_COUNT_LIMIT + 1 rows are
   * counted. The platform sends it only when the page has no rows and offset > 0.
   */
  count: { text: string; values: unknown[] };
  /** The planner's estimate (service.ts `totalOf`), asked when the capped count passes EXACT_COUNT_LIMIT. */
  estimate: { text: string; values: unknown[] };
}

/** service.ts `cappedCount`: the matching rows counted up to the cap ($capParam); its `r` shadows the page's. */
function cappedCount(table: string, where: string, capParam: number): string {
  return `select count(*)::int from (select 1 from ${table} r where ${where} limit $${capParam}) s`;
}

/** The statements of one list page sorted by creation time, newest first (the node's default sort). */
export function listStatements(
  scope: ListScope,
  filter: OrderFilter | null,
  page: { limit: number; offset: number },
  exactCountLimit: number,
): ListStatements {
  const values: unknown[] = filter
    ? [scope.enterpriseId, filter.status, String(filter.quantityGt)]
    : [scope.enterpriseId];
  const where = whereOf(filter);
  const n = values.length;
  const table = tableOf(scope);
  /** service.ts `list`: the page's ids, then the owner join; `count` adds the capped count. */
  const pageText = (
    count: string,
    limitParam: number,
  ) => `select ${SELECT}, u.user_name as "_owner_name", false as "_can_audit"${count}
      from (select r.id from ${table} r
        where ${where} order by r."created_at" desc, r."id" desc limit $${limitParam} offset $${limitParam + 1}) page
      join ${table} r on r.id = page.id
      left join users u on u.id = r.owner_user_id
      order by r."created_at" desc, r."id" desc`;
  return {
    // Parameters in the order they appear: scope and filter, the cap, then limit and offset.
    page: {
      // service.ts ROW_EXTRA: the review state is a constant for a user with no pending step.
      text: pageText(`,\n        (${cappedCount(table, where, n + 1)}) as "_total"`, n + 2),
      values: [...values, exactCountLimit + 1, page.limit, page.offset],
    },
    heldPage: { text: pageText('', n + 1), values: [...values, page.limit, page.offset] },
    count: {
      text: `select (${cappedCount(table, where, n + 1)}) as n`,
      values: [...values, exactCountLimit + 1],
    },
    estimate: {
      text: `explain (format json) select 1 from ${table} r where ${where}`,
      values,
    },
  };
}
