import { z } from 'zod';
import { envelopeOf, pageOf } from './envelope.ts';
import { LOGIN_ROLE_TYPES, LoginRoleTypeSchema } from './session.ts';

/**
 * Push messages, notices, the message centre and to-dos (header dropdown and components,
 * push message / notice store / to-do, the push channel, "Notifications").
 */

/** msgType of a push message: 1 shows a banner notice, 2 a titled notice with an attachment link. */
export const MSG_TYPES = [1, 2] as const;
export const MsgTypeSchema = z.union([z.literal(1), z.literal(2)]);
export type MsgType = z.infer<typeof MsgTypeSchema>;
export const MSG_TYPE_LABELS: Record<MsgType, string> = { 1: '横幅通知', 2: '公告通知' };

/**
 * Where a message comes from: an administrator's notice, or a review that rejected (or, for
 * audit_approved, finally passed) the user's submission, or a background job the user started that
 * has finished (job_result, e.g. the cost-file check).
 */
export const MESSAGE_CATEGORIES = ['notice', 'audit_rejected', 'audit_approved', 'job_result'] as const;
export const MessageCategorySchema = z.enum(MESSAGE_CATEGORIES);
export type MessageCategory = z.infer<typeof MessageCategorySchema>;
export const MESSAGE_CATEGORY_LABELS: Record<MessageCategory, string> = {
  notice: '平台通知',
  audit_rejected: '审核退回',
  audit_approved: '审核通过',
  job_result: '任务结果',
};

/** Who receives a notice: every active user, or the users of some roles. */
export const NOTICE_AUDIENCES = ['all', 'roles'] as const;
export const NoticeAudienceSchema = z.enum(NOTICE_AUDIENCES);
export type NoticeAudience = z.infer<typeof NoticeAudienceSchema>;
export const NOTICE_AUDIENCE_LABELS: Record<NoticeAudience, string> = { all: '全部用户', roles: '指定角色' };

/** msgId of a notice the web app raises itself: closing it never calls the server. */
export const LOCAL_NOTICE_MSG_ID = -99;

/** Name of the SSE event that carries a push message; `confirmed` and `todo` are the other two. */
export const PUSH_EVENTS = { message: 'message', confirmed: 'confirmed', todo: 'todo' } as const;

/** Push message as the SSE `data` carries it; the SSE event id is msgId. */
export const PushMessageSchema = z.object({
  msgType: MsgTypeSchema,
  messages: z.string(),
  show: z.boolean(),
  msgId: z.number().int(),
  title: z.string(),
  /** Download path of the attachment (GET with the Bearer header), '' without one. */
  attachment: z.string(),
  fileName: z.string(),
});
export type PushMessage = z.infer<typeof PushMessageSchema>;

/** `confirmed` event: the notice was confirmed in another tab or browser, so this one closes it too. */
export const PushConfirmedSchema = z.object({ msgId: z.number().int() });
/** `todo` event: the caller's to-dos changed; the badge reloads its counts. */
export const PushTodoSchema = z.object({ todoCount: z.number().int() });

const MsgIdSchema = z
  .number({ error: '消息编号无效' })
  .int('消息编号无效')
  .positive('消息编号无效')
  .max(Number.MAX_SAFE_INTEGER, '消息编号无效');

/** POST /ks/message/v1/confirm: the caller confirms (and so reads) one of their messages. */
export const ConfirmMessageBodySchema = z.object({ msgId: MsgIdSchema });
export type ConfirmMessageBody = z.infer<typeof ConfirmMessageBodySchema>;

/** POST /ks/message/v1/read: marks messages of the caller read; no msgIds marks all of them. */
export const ReadMessagesBodySchema = z.object({
  msgIds: z.array(MsgIdSchema).max(200, '一次最多标记200条消息').optional(),
});
export type ReadMessagesBody = z.infer<typeof ReadMessagesBodySchema>;

const PageFields = {
  curPage: z.number({ error: '页码无效' }).int('页码无效').min(1, '页码无效').default(1),
  pageSize: z
    .number({ error: '每页条数无效' })
    .int('每页条数无效')
    .min(1, '每页条数无效')
    .max(100, '每页最多100条')
    .default(10),
};

export const MESSAGE_READ_STATES = ['all', 'unread', 'read'] as const;
export const MessageReadStateSchema = z.enum(MESSAGE_READ_STATES);
export const MESSAGE_READ_STATE_LABELS: Record<z.infer<typeof MessageReadStateSchema>, string> = {
  all: '全部',
  unread: '未读',
  read: '已读',
};

/** POST /ks/message/v1/list: the caller's messages, newest first (the bell's drawer). */
export const FindMessagesBodySchema = z.object({
  ...PageFields,
  readState: MessageReadStateSchema.default('all'),
});
export type FindMessagesBody = z.input<typeof FindMessagesBodySchema>;

/** POST /ks/message/v1/audit/rejected-msg: the caller's review-rejection messages, newest first. */
export const FindRejectedMessagesBodySchema = z.object({ ...PageFields });
export type FindRejectedMessagesBody = z.input<typeof FindRejectedMessagesBodySchema>;

/** One message of the caller, with its delivery state. */
export const MessageItemSchema = z.object({
  msgId: z.number().int(),
  category: MessageCategorySchema,
  msgType: MsgTypeSchema,
  title: z.string(),
  messages: z.string(),
  attachment: z.string(),
  fileName: z.string(),
  publisherName: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type MessageItem = z.infer<typeof MessageItemSchema>;
export const MessagePageSchema = pageOf(MessageItemSchema);
export type MessagePage = z.infer<typeof MessagePageSchema>;
export const MessagePageEnvelopeSchema = envelopeOf(MessagePageSchema);
export const CountEnvelopeSchema = envelopeOf(z.number().int());

/**
 * Text fields of POST /ks/message/v1/publish/upload-notice (multipart; the optional attachment is the
 * file part `file`). Multipart values arrive as strings; roles are a comma-separated list.
 */
export const PublishNoticeFieldsSchema = z
  .object({
    msgType: z.enum(['1', '2'], { error: '请选择通知类型' }).transform((v) => Number(v) as MsgType),
    title: z.string().trim().max(100, '通知标题不能超过100个字符').default(''),
    messages: z.string().trim().min(1, '请输入通知内容').max(2000, '通知内容不能超过2000个字符'),
    audience: z.enum(NOTICE_AUDIENCES, { error: '请选择接收范围' }).default('all'),
    roles: z
      .string()
      .default('')
      .transform((v) => v.split(',').filter(Boolean))
      .pipe(z.array(z.enum(LOGIN_ROLE_TYPES, { error: '接收角色无效' }))),
  })
  .superRefine((value, context) => {
    if (value.msgType === 2 && value.title === '') {
      context.addIssue({ code: 'custom', path: ['title'], message: '请输入通知标题' });
    }
    if (value.audience === 'roles' && value.roles.length === 0) {
      context.addIssue({ code: 'custom', path: ['roles'], message: '请选择接收角色' });
    }
  });
export type PublishNoticeFields = z.input<typeof PublishNoticeFieldsSchema>;
/** Largest notice attachment. */
export const NOTICE_ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
/** Longest attachment file name (upload rule). */
export const NOTICE_ATTACHMENT_NAME_MAX = 64;

/** A published notice as administrators list it, with how many recipients read and confirmed it. */
export const PublishedNoticeSchema = z.object({
  msgId: z.number().int(),
  msgType: MsgTypeSchema,
  title: z.string(),
  messages: z.string(),
  attachment: z.string(),
  fileName: z.string(),
  audience: NoticeAudienceSchema,
  roles: z.array(LoginRoleTypeSchema),
  publisherName: z.string(),
  createdAt: z.string(),
  recipientCount: z.number().int(),
  readCount: z.number().int(),
  confirmedCount: z.number().int(),
  /** Row version, sent back on withdraw (optimistic locking). */
  version: z.number().int(),
});
export type PublishedNotice = z.infer<typeof PublishedNoticeSchema>;
export const PublishedNoticeEnvelopeSchema = envelopeOf(PublishedNoticeSchema);
export const PublishedNoticePageSchema = pageOf(PublishedNoticeSchema);
export type PublishedNoticePage = z.infer<typeof PublishedNoticePageSchema>;
export const PublishedNoticePageEnvelopeSchema = envelopeOf(PublishedNoticePageSchema);
export const FindPublishedNoticesBodySchema = z.object({ ...PageFields });

/** POST /ks/message/v1/publish/withdraw: soft-deletes a notice, at the version the administrator saw. */
export const WithdrawNoticeBodySchema = z.object({ msgId: MsgIdSchema, version: z.number().int() });
export type WithdrawNoticeBody = z.infer<typeof WithdrawNoticeBodySchema>;

export const RECEIPT_STATES = ['all', 'unread', 'read', 'confirmed'] as const;
export const ReceiptStateSchema = z.enum(RECEIPT_STATES);
export type ReceiptState = z.infer<typeof ReceiptStateSchema>;
export const RECEIPT_STATE_LABELS: Record<ReceiptState, string> = {
  all: '全部',
  unread: '未读',
  read: '已读未确认',
  confirmed: '已确认',
};

/**
 * POST /ks/message/v1/publish/receipt (administrators): the receipt list of one notice — every
 * recipient with when they read and confirmed it, filtered by state, plus the totals.
 */
export const FindReceiptBodySchema = z.object({
  msgId: MsgIdSchema,
  state: ReceiptStateSchema.default('all'),
  ...PageFields,
});
export type FindReceiptBody = z.input<typeof FindReceiptBodySchema>;
export const ReceiptRowSchema = z.object({
  userCode: z.string(),
  userName: z.string(),
  loginRoleType: LoginRoleTypeSchema,
  readAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type ReceiptRow = z.infer<typeof ReceiptRowSchema>;
export const ReceiptSchema = pageOf(ReceiptRowSchema).extend({
  recipientCount: z.number().int(),
  readCount: z.number().int(),
  confirmedCount: z.number().int(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;
export const ReceiptEnvelopeSchema = envelopeOf(ReceiptSchema);

/** To-do system: how many open to-dos the caller has in one business system. */
export const TodoSystemSchema = z.object({
  systemName: z.string(),
  systemCoding: z.string(),
  todoCount: z.number().int(),
});
export type TodoSystem = z.infer<typeof TodoSystemSchema>;
export const TodoSystemListEnvelopeSchema = envelopeOf(z.array(TodoSystemSchema));

/**
 * To-do record: gnName function name, sbTime submit time, userName the submitter.
 * systemCoding, gnCoding (the node) and businessId (the record id) lead to the record's detail page;
 * gnCoding and businessId are empty for a to-do not about a node record.
 */
export const TodoRecordSchema = z.object({
  id: z.string(),
  systemCoding: z.string(),
  systemName: z.string(),
  gnName: z.string(),
  gnCoding: z.string(),
  businessId: z.string(),
  businessName: z.string(),
  userName: z.string(),
  sbTime: z.string(),
});
export type TodoRecord = z.infer<typeof TodoRecordSchema>;
export const TodoPageSchema = pageOf(TodoRecordSchema);
export type TodoPage = z.infer<typeof TodoPageSchema>;
export const TodoPageEnvelopeSchema = envelopeOf(TodoPageSchema);

/** POST /ks/notification/v1/audit/todo-list; an empty systemCoding lists every system. */
export const FindTodosBodySchema = z.object({
  systemCoding: z.string().trim().max(64, '系统编码无效').default(''),
  ...PageFields,
});
export type FindTodosBody = z.input<typeof FindTodosBodySchema>;
