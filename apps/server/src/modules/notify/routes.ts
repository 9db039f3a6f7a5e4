import {
  ConfirmMessageBodySchema,
  CountEnvelopeSchema,
  EmptyEnvelopeSchema,
  FindMessagesBodySchema,
  FindPublishedNoticesBodySchema,
  FindReceiptBodySchema,
  FindRejectedMessagesBodySchema,
  FindTodosBodySchema,
  MessagePageEnvelopeSchema,
  NOTICE_ATTACHMENT_MAX_BYTES,
  PublishedNoticeEnvelopeSchema,
  PublishedNoticePageEnvelopeSchema,
  ReadMessagesBodySchema,
  ReceiptEnvelopeSchema,
  TodoPageEnvelopeSchema,
  TodoSystemListEnvelopeSchema,
  WithdrawNoticeBodySchema,
} from '@ks/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { openSseStream } from './push-hub.ts';
import type { NoticeAttachment, NotifyService } from './service.ts';
import type { TodoService } from './todo-service.ts';

/** Last-Event-ID as the stream's client sends it; anything but a non-negative integer replays from the start. */
export function parseLastEventId(value: string | undefined): number {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return 0;
  return Number(value.trim());
}

export const notifyRoutes: FastifyPluginAsyncZod<{
  notify: NotifyService;
  todos: TodoService;
  /** Reconnection delay the `retry:` field tells browsers. */
  retryMs: number;
}> = async (app, { notify, todos, retryMs }) => {
  const tags = ['notify'];
  const admins = { roles: ['M'] } as const;

  app.get(
    '/ks/message/v1/subscribe',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary:
          'SSE push channel: unconfirmed messages on connect (after Last-Event-ID when given), then live; a comment line every 15 s',
        querystring: z.object({ lastEventId: z.string().optional() }),
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const header = request.headers['last-event-id'];
      const lastEventId = parseLastEventId(
        (Array.isArray(header) ? header[0] : header) ?? request.query.lastEventId,
      );
      // From here the stream is ours: Fastify neither serialises nor ends it.
      reply.hijack();
      const connection = openSseStream(reply.raw, { userId: user.id, sessionId: user.sessionId }, retryMs);
      request.raw.on('close', () => notify.closeStream(connection));
      try {
        await notify.openStream(connection, lastEventId);
      } catch (error) {
        request.log.error({ err: error }, 'replay of the push channel failed');
        notify.closeStream(connection);
        connection.end();
      }
    },
  );

  app.post(
    '/ks/message/v1/confirm',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Confirm one of my messages by msgId (it also counts as read)',
        body: ConfirmMessageBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await notify.confirm(currentUser(request), request.body.msgId, request.ip);
      return ok(null, '操作成功');
    },
  );

  app.get(
    '/ks/message/v1/unread-count',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'How many of my messages are unread (the bell badge)',
        response: { 200: CountEnvelopeSchema },
      },
    },
    async (request) => ok(await notify.countUnread(currentUser(request))),
  );

  app.post(
    '/ks/message/v1/list',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'A page of my messages, newest first (the message drawer)',
        body: FindMessagesBodySchema,
        response: { 200: MessagePageEnvelopeSchema },
      },
    },
    async (request) => ok(await notify.findMessages(currentUser(request), request.body)),
  );

  app.post(
    '/ks/message/v1/read',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Mark some (msgIds) or all of my messages read',
        body: ReadMessagesBodySchema,
        response: { 200: CountEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await notify.markRead(currentUser(request), request.body.msgIds, request.ip), '操作成功'),
  );

  app.post(
    '/ks/message/v1/audit/rejected-msg',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'A page of my review-rejection messages, newest first',
        body: FindRejectedMessagesBodySchema,
        response: { 200: MessagePageEnvelopeSchema },
      },
    },
    async (request) => ok(await notify.findRejectedMessages(currentUser(request), request.body)),
  );

  app.post(
    '/ks/message/v1/publish/upload-notice',
    {
      config: { access: admins },
      schema: {
        tags,
        summary:
          'Publish a notice (administrators): multipart fields msgType, title, messages, audience, roles; optional file part `file` (type 2 only)',
        consumes: ['multipart/form-data'],
        response: { 200: PublishedNoticeEnvelopeSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('请以表单方式提交通知');
      const fields: Record<string, string> = {};
      let attachment: NoticeAttachment | null = null;
      // The file is read into memory (at most NOTICE_ATTACHMENT_MAX_BYTES) so that every field is
      // checked before anything is stored: bad input changes nothing.
      // parts() honours throwFileSizeLimit at run time; its type only lists busboy's options.
      const options = {
        limits: { fileSize: NOTICE_ATTACHMENT_MAX_BYTES, files: 1 },
        throwFileSizeLimit: false,
      };
      for await (const part of request.parts(options as Parameters<typeof request.parts>[0])) {
        if (part.type === 'file') {
          const chunks: Buffer[] = [];
          for await (const chunk of part.file) chunks.push(chunk as Buffer);
          if (part.filename) {
            attachment = {
              fileName: part.filename,
              mimeType: part.mimetype,
              bytes: Buffer.concat(chunks),
              isTruncated: part.file.truncated,
            };
          }
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      return ok(await notify.publishNotice(currentUser(request), fields, attachment, request.ip), '发布成功');
    },
  );

  app.post(
    '/ks/message/v1/publish/list',
    {
      config: { access: admins },
      schema: {
        tags,
        summary: 'Published notices with recipient, read and confirmed counts (administrators)',
        body: FindPublishedNoticesBodySchema,
        response: { 200: PublishedNoticePageEnvelopeSchema },
      },
    },
    async (request) => ok(await notify.findPublishedNotices(request.body)),
  );

  app.post(
    '/ks/message/v1/publish/receipt',
    {
      config: { access: admins },
      schema: {
        tags,
        summary:
          'Receipt list of one notice (administrators): each recipient with read and confirm times, filtered by state, with totals',
        body: FindReceiptBodySchema,
        response: { 200: ReceiptEnvelopeSchema },
      },
    },
    async (request) => ok(await notify.findReceipt(request.body)),
  );

  app.post(
    '/ks/message/v1/publish/withdraw',
    {
      config: { access: admins },
      schema: {
        tags,
        summary: 'Withdraw (soft-delete) a notice at the version shown (administrators)',
        body: WithdrawNoticeBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await notify.withdrawNotice(currentUser(request), request.body, request.ip);
      return ok(null, '操作成功');
    },
  );

  app.get(
    '/ks/notification/v1/audit/todo-count',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'How many open to-dos I have (the to-do badge)',
        response: { 200: CountEnvelopeSchema },
      },
    },
    async (request) => ok(await todos.countTodos(currentUser(request).id)),
  );

  app.get(
    '/ks/notification/v1/audit/system-list',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'My open to-dos counted per business system',
        response: { 200: TodoSystemListEnvelopeSchema },
      },
    },
    async (request) => ok(await todos.findTodoSystems(currentUser(request).id)),
  );

  app.post(
    '/ks/notification/v1/audit/todo-list',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary:
          'A page of my open to-dos of one system (all systems when systemCoding is empty), newest first',
        body: FindTodosBodySchema,
        response: { 200: TodoPageEnvelopeSchema },
      },
    },
    async (request) => ok(await todos.findTodos(currentUser(request).id, request.body)),
  );
};
