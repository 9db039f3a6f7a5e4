import type { TodoPage, TodoSystem } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { notifyInstances } from './push-bus.ts';
import * as repo from './repository.ts';

export interface CreateTodoInput {
  userId: string;
  systemCoding: string;
  systemName: string;
  gnName: string;
  businessName: string;
  /** The business record the to-do is about, so it can be completed by reference. */
  businessId?: string;
  /** The node (功能编码) of the business record: with systemCoding and businessId, the record's page. */
  gnCoding?: string;
  /** Who submitted the business (申报人). */
  submitterName: string;
  sbTime?: Date;
}

/**
 * To-dos of the reviewers (to-do system and record). The workflow calls createTodo and
 * completeTodo inside its own transaction, so a to-do exists exactly when its review step does; the
 * owner's open streams get a `todo` event once that transaction commits.
 */
export class TodoService {
  constructor(private readonly db: Db) {}

  async createTodo(input: CreateTodoInput, tx: Db = this.db): Promise<string> {
    const row = await repo.insertTodo(tx, {
      userId: input.userId,
      systemCoding: input.systemCoding,
      systemName: input.systemName,
      gnName: input.gnName,
      businessName: input.businessName,
      businessId: input.businessId ?? '',
      gnCoding: input.gnCoding ?? '',
      submitterName: input.submitterName,
      sbTime: input.sbTime ?? new Date(),
    });
    await notifyInstances(tx, { t: 't', u: input.userId });
    return row.id;
  }

  /** Closes open to-dos by id or business reference; closing a closed one does nothing. Returns how many closed. */
  async completeTodo(
    match: { id: string } | { businessId: string; userId?: string },
    tx: Db = this.db,
  ): Promise<number> {
    const rows = await repo.completeTodos(tx, match);
    for (const userId of new Set(rows.map((row) => row.userId)))
      await notifyInstances(tx, { t: 't', u: userId });
    return rows.length;
  }

  countTodos(userId: string): Promise<number> {
    return repo.countOpenTodos(this.db, userId);
  }

  async findTodoSystems(userId: string): Promise<TodoSystem[]> {
    const rows = await repo.countOpenTodosBySystem(this.db, userId);
    return rows.map((row) => ({ ...row, todoCount: Number(row.todoCount) }));
  }

  async findTodos(
    userId: string,
    query: { systemCoding: string; curPage: number; pageSize: number },
  ): Promise<TodoPage> {
    const page = { curPage: query.curPage, pageSize: query.pageSize };
    const { rows, total } = await repo.findOpenTodos(this.db, userId, query.systemCoding, page);
    return {
      records: rows.map((row) => ({
        id: row.id,
        systemCoding: row.systemCoding,
        systemName: row.systemName,
        gnName: row.gnName,
        gnCoding: row.gnCoding,
        businessId: row.businessId,
        businessName: row.businessName,
        userName: row.submitterName,
        sbTime: row.sbTime.toISOString(),
      })),
      total,
      ...page,
    };
  }
}
