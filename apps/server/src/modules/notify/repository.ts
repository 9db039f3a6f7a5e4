import type { LoginRoleType } from '@ks/contract';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/identity.ts';
import { notifyDeliveries, notifyMessages, notifyTodos } from '../../db/schema/notify.ts';

export type MessageRow = typeof notifyMessages.$inferSelect;
export type TodoRow = typeof notifyTodos.$inferSelect;
export type NewMessage = typeof notifyMessages.$inferInsert;

const live = isNull(notifyMessages.deletedAt);

export async function insertMessage(db: Db, values: NewMessage): Promise<MessageRow> {
  const [row] = await db.insert(notifyMessages).values(values).returning();
  if (!row) throw new Error('message insert returned nothing');
  return row;
}

/**
 * Addresses a message to every active user, or to the users of some roles, in one statement:
 * the audience is fixed when the message is published.
 */
export async function insertDeliveriesForAudience(
  db: Db,
  messageId: number,
  roles: readonly LoginRoleType[] | null,
): Promise<void> {
  const roleFilter = roles
    ? sql`and login_role_type in (${sql.join(
        roles.map((r) => sql`${r}`),
        sql`, `,
      )})`
    : sql``;
  await db.execute(sql`
    insert into notify_deliveries (message_id, user_id)
    select ${messageId}, id from users
    where status = 'active' and deleted_at is null ${roleFilter}
    on conflict do nothing`);
}

export async function insertDelivery(db: Db, messageId: number, userId: string): Promise<void> {
  await db.insert(notifyDeliveries).values({ messageId, userId }).onConflictDoNothing();
}

export async function findLiveMessage(db: Db, id: number): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(notifyMessages)
    .where(and(eq(notifyMessages.id, id), live));
  return row ?? null;
}

export async function findMessageById(db: Db, id: number): Promise<MessageRow | null> {
  const [row] = await db.select().from(notifyMessages).where(eq(notifyMessages.id, id));
  return row ?? null;
}

/** Which of these users received the message (the users with a stream on this instance). */
export async function findRecipientsAmong(db: Db, messageId: number, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: notifyDeliveries.userId })
    .from(notifyDeliveries)
    .where(
      and(
        eq(notifyDeliveries.messageId, messageId),
        isNull(notifyDeliveries.confirmedAt),
        inArray(notifyDeliveries.userId, userIds),
      ),
    );
  return rows.map((row) => row.userId);
}

/** A user's unconfirmed live messages after `afterId`, oldest first: what a (re)connecting stream replays. */
export async function findUnconfirmedAfter(db: Db, userId: string, afterId: number, limit: number) {
  return db
    .select({ message: notifyMessages })
    .from(notifyDeliveries)
    .innerJoin(notifyMessages, eq(notifyMessages.id, notifyDeliveries.messageId))
    .where(
      and(
        eq(notifyDeliveries.userId, userId),
        isNull(notifyDeliveries.confirmedAt),
        gt(notifyDeliveries.messageId, afterId),
        live,
      ),
    )
    .orderBy(asc(notifyDeliveries.messageId))
    .limit(limit);
}

/** Marks one delivery confirmed (and read); null when the user has no such live message. */
export async function confirmDelivery(db: Db, userId: string, messageId: number) {
  const [row] = await db
    .update(notifyDeliveries)
    .set({
      confirmedAt: sql`coalesce(${notifyDeliveries.confirmedAt}, now())`,
      readAt: sql`coalesce(${notifyDeliveries.readAt}, now())`,
    })
    .where(
      and(
        eq(notifyDeliveries.userId, userId),
        eq(notifyDeliveries.messageId, messageId),
        sql`exists (select 1 from notify_messages m where m.id = ${notifyDeliveries.messageId} and m.deleted_at is null)`,
      ),
    )
    .returning({ id: notifyDeliveries.id });
  return row ?? null;
}

export async function markDeliveriesRead(
  db: Db,
  userId: string,
  messageIds: number[] | null,
): Promise<number> {
  const rows = await db
    .update(notifyDeliveries)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifyDeliveries.userId, userId),
        isNull(notifyDeliveries.readAt),
        messageIds ? inArray(notifyDeliveries.messageId, messageIds) : undefined,
      ),
    )
    .returning({ id: notifyDeliveries.id });
  return rows.length;
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifyDeliveries)
    .innerJoin(notifyMessages, eq(notifyMessages.id, notifyDeliveries.messageId))
    .where(and(eq(notifyDeliveries.userId, userId), isNull(notifyDeliveries.readAt), live));
  return row?.value ?? 0;
}

/** A page of the user's live messages, newest first, filtered by category and read state. */
export async function findUserMessages(
  db: Db,
  userId: string,
  filter: { category?: 'notice' | 'audit_rejected'; readState: 'all' | 'unread' | 'read' },
  page: { curPage: number; pageSize: number },
) {
  const where = and(
    eq(notifyDeliveries.userId, userId),
    live,
    filter.category ? eq(notifyMessages.category, filter.category) : undefined,
    filter.readState === 'unread' ? isNull(notifyDeliveries.readAt) : undefined,
    filter.readState === 'read' ? isNotNull(notifyDeliveries.readAt) : undefined,
  );
  const [total] = await db
    .select({ value: count() })
    .from(notifyDeliveries)
    .innerJoin(notifyMessages, eq(notifyMessages.id, notifyDeliveries.messageId))
    .where(where);
  const rows = await db
    .select({ message: notifyMessages, delivery: notifyDeliveries })
    .from(notifyDeliveries)
    .innerJoin(notifyMessages, eq(notifyMessages.id, notifyDeliveries.messageId))
    .where(where)
    .orderBy(desc(notifyDeliveries.messageId))
    .limit(page.pageSize)
    .offset((page.curPage - 1) * page.pageSize);
  return { rows, total: total?.value ?? 0 };
}

/** Recipient, read and confirmed counts per message. */
const deliveryCounts = (messageId: SQL | number) => ({
  recipientCount: sql<number>`(select count(*)::int from notify_deliveries d where d.message_id = ${messageId})`,
  readCount: sql<number>`(select count(*)::int from notify_deliveries d where d.message_id = ${messageId} and d.read_at is not null)`,
  confirmedCount: sql<number>`(select count(*)::int from notify_deliveries d where d.message_id = ${messageId} and d.confirmed_at is not null)`,
});

export async function findPublishedNotices(db: Db, page: { curPage: number; pageSize: number }) {
  const where = and(eq(notifyMessages.category, 'notice'), live);
  const [total] = await db.select({ value: count() }).from(notifyMessages).where(where);
  const rows = await db
    .select({ message: notifyMessages, ...deliveryCounts(sql`${notifyMessages.id}`) })
    .from(notifyMessages)
    .where(where)
    .orderBy(desc(notifyMessages.id))
    .limit(page.pageSize)
    .offset((page.curPage - 1) * page.pageSize);
  return { rows, total: total?.value ?? 0 };
}

export async function findNoticeCounts(db: Db, messageId: number) {
  const [row] = await db
    .select(deliveryCounts(messageId))
    .from(notifyMessages)
    .where(eq(notifyMessages.id, messageId));
  return row ?? { recipientCount: 0, readCount: 0, confirmedCount: 0 };
}

export async function findReceiptRows(
  db: Db,
  messageId: number,
  state: 'all' | 'unread' | 'read' | 'confirmed',
  page: { curPage: number; pageSize: number },
) {
  const where = and(
    eq(notifyDeliveries.messageId, messageId),
    state === 'unread' ? isNull(notifyDeliveries.readAt) : undefined,
    state === 'read'
      ? and(isNotNull(notifyDeliveries.readAt), isNull(notifyDeliveries.confirmedAt))
      : undefined,
    state === 'confirmed' ? isNotNull(notifyDeliveries.confirmedAt) : undefined,
  );
  const [total] = await db.select({ value: count() }).from(notifyDeliveries).where(where);
  const rows = await db
    .select({
      userCode: users.userCode,
      userName: users.userName,
      loginRoleType: users.loginRoleType,
      readAt: notifyDeliveries.readAt,
      confirmedAt: notifyDeliveries.confirmedAt,
    })
    .from(notifyDeliveries)
    .innerJoin(users, eq(users.id, notifyDeliveries.userId))
    .where(where)
    .orderBy(asc(users.userCode))
    .limit(page.pageSize)
    .offset((page.curPage - 1) * page.pageSize);
  return { rows, total: total?.value ?? 0 };
}

/** Soft-deletes a notice at the version the administrator saw; null when the version is stale or gone. */
export async function withdrawNotice(db: Db, messageId: number, version: number) {
  const [row] = await db
    .update(notifyMessages)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${notifyMessages.version} + 1` })
    .where(
      and(
        eq(notifyMessages.id, messageId),
        eq(notifyMessages.category, 'notice'),
        eq(notifyMessages.version, version),
        live,
      ),
    )
    .returning();
  return row ?? null;
}

// ---- to-dos

const openTodo = (userId: string) =>
  and(eq(notifyTodos.userId, userId), isNull(notifyTodos.doneAt), isNull(notifyTodos.deletedAt));

export async function insertTodo(db: Db, values: typeof notifyTodos.$inferInsert): Promise<TodoRow> {
  const [row] = await db.insert(notifyTodos).values(values).returning();
  if (!row) throw new Error('to-do insert returned nothing');
  return row;
}

/** Marks open to-dos done, by id or by business reference; returns the rows it closed. */
export async function completeTodos(db: Db, match: { id: string } | { businessId: string; userId?: string }) {
  const where =
    'id' in match
      ? eq(notifyTodos.id, match.id)
      : and(
          eq(notifyTodos.businessId, match.businessId),
          match.userId ? eq(notifyTodos.userId, match.userId) : undefined,
        );
  return db
    .update(notifyTodos)
    .set({ doneAt: sql`now()`, updatedAt: sql`now()`, version: sql`${notifyTodos.version} + 1` })
    .where(and(where, isNull(notifyTodos.doneAt), isNull(notifyTodos.deletedAt)))
    .returning();
}

export async function countOpenTodos(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(notifyTodos).where(openTodo(userId));
  return row?.value ?? 0;
}

export async function countOpenTodosBySystem(db: Db, userId: string) {
  return db
    .select({
      systemCoding: notifyTodos.systemCoding,
      systemName: sql<string>`max(${notifyTodos.systemName})`,
      todoCount: count(),
    })
    .from(notifyTodos)
    .where(openTodo(userId))
    .groupBy(notifyTodos.systemCoding)
    .orderBy(asc(notifyTodos.systemCoding));
}

export async function findOpenTodos(
  db: Db,
  userId: string,
  systemCoding: string,
  page: { curPage: number; pageSize: number },
) {
  const where = and(openTodo(userId), systemCoding ? eq(notifyTodos.systemCoding, systemCoding) : undefined);
  const [total] = await db.select({ value: count() }).from(notifyTodos).where(where);
  const rows = await db
    .select()
    .from(notifyTodos)
    .where(where)
    .orderBy(desc(notifyTodos.sbTime), asc(notifyTodos.id))
    .limit(page.pageSize)
    .offset((page.curPage - 1) * page.pageSize);
  return { rows, total: total?.value ?? 0 };
}

/** Those of `ids` whose session is still live: not ended, not past its idle or absolute expiry. */
export async function findLiveSessionIds(db: Db, ids: string[]): Promise<Set<string>> {
  const now = new Date();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        inArray(sessions.id, ids),
        isNull(sessions.endReason),
        gt(sessions.idleExpiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
