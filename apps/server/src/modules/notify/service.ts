import { Readable } from 'node:stream';
import {
  type FindMessagesBody,
  FindMessagesBodySchema,
  type FindReceiptBody,
  FindReceiptBodySchema,
  type MessageItem,
  type MessagePage,
  type MsgType,
  NOTICE_ATTACHMENT_MAX_BYTES,
  NOTICE_ATTACHMENT_NAME_MAX,
  PUSH_EVENTS,
  type PublishedNotice,
  type PublishedNoticePage,
  PublishNoticeFieldsSchema,
  type PushMessage,
  type Receipt,
  type WithdrawNoticeBody,
} from '@ks/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { fileUrl } from '../../platform/file-refs.ts';
import type { FileService } from '../../platform/file-store.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import { type BusEvent, notifyInstances, type PushBus } from './push-bus.ts';
import { type PushConnection, type PushHub, sseFrame } from './push-hub.ts';
import * as repo from './repository.ts';

/** How many unconfirmed messages one (re)connect replays; the rest follow on the next reconnect. */
const REPLAY_LIMIT = 100;

export interface NoticeAttachment {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
  /** The upload went over NOTICE_ATTACHMENT_MAX_BYTES and was cut off. */
  isTruncated: boolean;
}

/** Input of the workflow's review rejection: one message to the submitter. */
export interface RejectedMessageInput {
  userId: string;
  title: string;
  messages: string;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toPushMessage(message: repo.MessageRow): PushMessage {
  return {
    msgType: message.msgType as MsgType,
    messages: message.messages,
    show: true,
    msgId: message.id,
    title: message.title,
    attachment: message.attachmentFileId ? fileUrl(message.attachmentFileId) : '',
    fileName: message.attachmentName,
  };
}

function toPublishedNotice(
  message: repo.MessageRow,
  counts: { recipientCount: number; readCount: number; confirmedCount: number },
): PublishedNotice {
  return {
    msgId: message.id,
    msgType: message.msgType as MsgType,
    title: message.title,
    messages: message.messages,
    attachment: message.attachmentFileId ? fileUrl(message.attachmentFileId) : '',
    fileName: message.attachmentName,
    audience: message.audience === 'roles' ? 'roles' : 'all',
    roles: message.audienceRoles as PublishedNotice['roles'],
    publisherName: message.publisherName,
    createdAt: message.createdAt.toISOString(),
    recipientCount: Number(counts.recipientCount),
    readCount: Number(counts.readCount),
    confirmedCount: Number(counts.confirmedCount),
    version: message.version,
  };
}

/**
 * Messages and their push channel: administrators publish notices, the workflow raises review
 * rejections, every user's open SSE streams receive what is addressed to them — on whichever
 * instance they are connected, through LISTEN/NOTIFY.
 */
export class NotifyService {
  constructor(
    private readonly db: Db,
    private readonly files: FileService,
    private readonly hub: PushHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Starts the heartbeat and listens to the bus; call once per instance. The bus also carries the
   * scheduled sweep (`s`): each instance then closes its streams whose session has ended, so a
   * logged-out or kicked browser stops receiving pushes whichever instance ended the session.
   */
  async start(bus: PushBus): Promise<void> {
    this.hub.start();
    await bus.listen(
      (event) => {
        this.deliver(event).catch((error: unknown) =>
          this.log.error({ err: error, event }, 'push delivery failed'),
        );
      },
      // Whatever was published while the listener was down never reached these streams: ending
      // them makes every client reconnect with Last-Event-ID and replay exactly what it missed.
      () => this.hub.endAll(),
    );
  }

  /** Sends one bus event to the streams of this instance it concerns. */
  private async deliver(event: BusEvent): Promise<void> {
    if (event.t === 's') {
      await this.endStreamsOfEndedSessions();
      return;
    }
    if (event.t === 'c') {
      this.hub.sendTo(event.u, sseFrame({ msgId: event.id }, { event: PUSH_EVENTS.confirmed }));
      return;
    }
    if (event.t === 't') {
      if (!this.hub.hasUser(event.u)) return;
      const todoCount = await repo.countOpenTodos(this.db, event.u);
      this.hub.sendTo(event.u, sseFrame({ todoCount }, { event: PUSH_EVENTS.todo }));
      return;
    }
    const userIds = this.hub.userIds();
    if (userIds.length === 0) return;
    const message = await repo.findLiveMessage(this.db, event.id);
    if (!message) return;
    const recipients = await repo.findRecipientsAmong(this.db, message.id, userIds);
    const frame = sseFrame(toPushMessage(message), { id: message.id });
    for (const userId of recipients) this.hub.sendTo(userId, frame);
  }

  /**
   * Registers a stream, then replays the user's unconfirmed messages after `lastEventId` (all of
   * them on a first connect). Registering first means a message published meanwhile may arrive
   * twice — the client keys notices by msgId — but never not at all.
   */
  async openStream(connection: PushConnection, lastEventId: number): Promise<void> {
    this.hub.add(connection);
    const rows = await repo.findUnconfirmedAfter(this.db, connection.userId, lastEventId, REPLAY_LIMIT);
    for (const { message } of rows) connection.write(sseFrame(toPushMessage(message), { id: message.id }));
  }

  closeStream(connection: PushConnection) {
    this.hub.remove(connection);
  }

  /** Ends the streams whose session is no longer live; answers how many ended. */
  async endStreamsOfEndedSessions(): Promise<number> {
    const ids = this.hub.sessionIds();
    if (ids.length === 0) return 0;
    return this.hub.endStreamsOfEnded(ids, await repo.findLiveSessionIds(this.db, ids));
  }

  /** Ends every stream of this instance (shutdown); clients reconnect elsewhere with Last-Event-ID. */
  closeAllStreams() {
    this.hub.closeAll();
  }

  /** Publishes a notice to its audience; invalid input is refused before anything is stored. */
  async publishNotice(
    admin: SessionUser,
    rawFields: Record<string, string>,
    attachment: NoticeAttachment | null,
    ip: string,
  ): Promise<PublishedNotice> {
    const parsed = PublishNoticeFieldsSchema.safeParse(rawFields);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? '_')] ??= issue.message;
      throw badRequest(Object.values(fields)[0] ?? '请求参数错误', fields);
    }
    const notice = parsed.data;
    if (attachment) {
      if (notice.msgType !== 2) throw badRequest('横幅通知不能带附件', { file: '横幅通知不能带附件' });
      if (attachment.fileName.length > NOTICE_ATTACHMENT_NAME_MAX) {
        throw badRequest('文件名超过64位字符，请重新命名后上传！', {
          file: '文件名超过64位字符，请重新命名后上传！',
        });
      }
      if (attachment.isTruncated) {
        const text = `文件大小不能超过【${NOTICE_ATTACHMENT_MAX_BYTES / 1024 / 1024}MB】!`;
        throw badRequest(text, { file: text });
      }
    }
    // Bytes go to storage before the transaction (storage is not transactional); a failed insert
    // leaves an unreferenced file, never a notice pointing at missing bytes.
    const stored = attachment
      ? await this.files.store({
          body: Readable.from(attachment.bytes),
          fileName: attachment.fileName,
          mimeType: attachment.mimeType,
          ownerUserId: admin.id,
        })
      : null;
    const message = await this.db.transaction(async (tx) => {
      const row = await repo.insertMessage(tx, {
        category: 'notice',
        msgType: notice.msgType,
        title: notice.title,
        messages: notice.messages,
        attachmentFileId: stored?.id ?? null,
        attachmentName: stored?.fileName ?? '',
        audience: notice.audience,
        audienceRoles: notice.audience === 'roles' ? notice.roles : [],
        publisherUserId: admin.id,
        publisherName: admin.userName,
      });
      await repo.insertDeliveriesForAudience(tx, row.id, notice.audience === 'roles' ? notice.roles : null);
      await recordOperation(tx, {
        user: admin,
        action: '发布通知',
        targetType: 'notify_message',
        targetId: String(row.id),
        targetName: notice.title || notice.messages.slice(0, 30),
        ip,
      });
      await notifyInstances(tx, { t: 'm', id: row.id });
      return row;
    });
    return toPublishedNotice(message, await repo.findNoticeCounts(this.db, message.id));
  }

  async findPublishedNotices(page: { curPage: number; pageSize: number }): Promise<PublishedNoticePage> {
    const { rows, total } = await repo.findPublishedNotices(this.db, page);
    return {
      records: rows.map(({ message, ...counts }) => toPublishedNotice(message, counts)),
      total,
      ...page,
    };
  }

  async withdrawNotice(admin: SessionUser, body: WithdrawNoticeBody, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await repo.withdrawNotice(tx, body.msgId, body.version);
      if (!row) {
        const existing = await repo.findLiveMessage(tx, body.msgId);
        if (existing?.category !== 'notice') throw notFound('通知不存在');
        throw conflict();
      }
      await recordOperation(tx, {
        user: admin,
        action: '撤回通知',
        targetType: 'notify_message',
        targetId: String(row.id),
        targetName: row.title || row.messages.slice(0, 30),
        ip,
      });
    });
  }

  /** The receipt list of one notice: each recipient with read and confirm times, and the totals. */
  async findReceipt(input: FindReceiptBody): Promise<Receipt> {
    const body = FindReceiptBodySchema.parse(input);
    const message = await repo.findMessageById(this.db, body.msgId);
    if (message?.category !== 'notice') throw notFound('通知不存在');
    const page = { curPage: body.curPage, pageSize: body.pageSize };
    const { rows, total } = await repo.findReceiptRows(this.db, body.msgId, body.state, page);
    const counts = await repo.findNoticeCounts(this.db, body.msgId);
    return {
      records: rows.map((row) => ({ ...row, readAt: iso(row.readAt), confirmedAt: iso(row.confirmedAt) })),
      total,
      ...page,
      recipientCount: Number(counts.recipientCount),
      readCount: Number(counts.readCount),
      confirmedCount: Number(counts.confirmedCount),
    };
  }

  /** Confirms a message of the caller (confirming sends msgId); confirming twice is harmless. */
  async confirm(user: SessionUser, msgId: number, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await repo.confirmDelivery(tx, user.id, msgId);
      if (!row) throw notFound('消息不存在');
      await recordOperation(tx, {
        user,
        action: '确认通知',
        targetType: 'notify_message',
        targetId: String(msgId),
        ip,
      });
      await notifyInstances(tx, { t: 'c', id: msgId, u: user.id });
    });
  }

  async markRead(user: SessionUser, msgIds: number[] | undefined, ip: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const marked = await repo.markDeliveriesRead(tx, user.id, msgIds ?? null);
      await recordOperation(tx, {
        user,
        action: msgIds ? '标记消息已读' : '全部标记已读',
        targetType: 'notify_message',
        targetId: msgIds ? msgIds.join(',').slice(0, 200) : '',
        detail: `${marked}条`,
        ip,
      });
      return marked;
    });
  }

  countUnread(user: SessionUser): Promise<number> {
    return repo.countUnread(this.db, user.id);
  }

  async findMessages(user: SessionUser, input: FindMessagesBody): Promise<MessagePage> {
    const body = FindMessagesBodySchema.parse(input);
    return this.findPage(user, { readState: body.readState }, body);
  }

  /** The caller's review-rejection messages (the workflow raises them when a reviewer sends a submission back). */
  async findRejectedMessages(
    user: SessionUser,
    page: { curPage: number; pageSize: number },
  ): Promise<MessagePage> {
    return this.findPage(user, { category: 'audit_rejected', readState: 'all' }, page);
  }

  private async findPage(
    user: SessionUser,
    filter: { category?: 'notice' | 'audit_rejected'; readState: 'all' | 'unread' | 'read' },
    page: { curPage: number; pageSize: number },
  ): Promise<MessagePage> {
    const { rows, total } = await repo.findUserMessages(this.db, user.id, filter, page);
    const records: MessageItem[] = rows.map(({ message, delivery }) => ({
      ...toPushMessage(message),
      category: message.category,
      publisherName: message.publisherName,
      createdAt: message.createdAt.toISOString(),
      readAt: iso(delivery.readAt),
      confirmedAt: iso(delivery.confirmedAt),
    }));
    return { records, total, curPage: page.curPage, pageSize: page.pageSize };
  }
}

/**
 * The workflow's call when a reviewer rejects a submission: one banner message to the submitter,
 * pushed live. Pass the workflow's transaction so the message commits (and is pushed) with the
 * rejection itself. Returns the msgId.
 */
export async function createRejectedMessage(tx: Db, input: RejectedMessageInput): Promise<number> {
  return createAuditMessage(tx, 'audit_rejected', input);
}

/** The workflow's call when the last audit level passes a submission: one banner message to the submitter. */
export async function createApprovedMessage(tx: Db, input: RejectedMessageInput): Promise<number> {
  return createAuditMessage(tx, 'audit_approved', input);
}

async function createAuditMessage(
  tx: Db,
  category: 'audit_rejected' | 'audit_approved',
  input: RejectedMessageInput,
): Promise<number> {
  const row = await repo.insertMessage(tx, {
    category,
    msgType: 1,
    title: input.title,
    messages: input.messages,
    audience: 'users',
  });
  await repo.insertDelivery(tx, row.id, input.userId);
  await notifyInstances(tx, { t: 'm', id: row.id });
  return row.id;
}
