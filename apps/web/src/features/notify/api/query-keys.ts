/** Query keys of the notify area: invalidating a prefix reloads everything under it. */
export const notifyKeys = {
  messages: ['notify', 'messages'] as const,
  unreadCount: ['notify', 'messages', 'unread-count'] as const,
  messageList: (query: object) => ['notify', 'messages', 'list', query] as const,
  todos: ['notify', 'todos'] as const,
  todoCount: ['notify', 'todos', 'count'] as const,
  todoSystems: ['notify', 'todos', 'systems'] as const,
  todoList: (query: object) => ['notify', 'todos', 'list', query] as const,
  published: ['notify', 'published'] as const,
  publishedList: (query: object) => ['notify', 'published', 'list', query] as const,
  receipt: (query: object) => ['notify', 'published', 'receipt', query] as const,
};
