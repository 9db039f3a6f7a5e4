import type { ReviewNotices } from '../../engine/review-notices.ts';
import { createApprovedMessage, createRejectedMessage } from './service.ts';
import type { TodoService } from './todo-service.ts';

/** The workflow's notices as the notify module delivers them: to-dos and banner messages. */
export function reviewNotices(todos: TodoService): ReviewNotices {
  return {
    openTodo: (tx, todo) => todos.createTodo(todo, tx),
    closeTodo: async (tx, todoId) => {
      await todos.completeTodo({ id: todoId }, tx);
    },
    sendResult: async (tx, { outcome, ...message }) => {
      await (outcome === 'approved' ? createApprovedMessage : createRejectedMessage)(tx, message);
    },
  };
}
