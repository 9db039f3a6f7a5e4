import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/**
 * Operation log fetch (gnCoding, id → status, result). `gnCoding` names the kind of
 * record (for record pages: the node's 功能编码); `id` is the record's id. The reserved coding
 * `account` is a user's own account (logins, logouts, password changes), with the userCode as id.
 */
export const ACCOUNT_LOG_CODING = 'account';

export const LogHistoryBodySchema = z.object({
  gnCoding: z
    .string()
    .trim()
    .min(1, '请指定功能编码')
    .max(64, '功能编码不能超过64个字符')
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '功能编码须以字母开头，由字母、数字和下划线组成'),
  id: z.string().trim().min(1, '请指定数据编号').max(100, '数据编号不能超过100个字符'),
});
export type LogHistoryBody = z.infer<typeof LogHistoryBodySchema>;

/** One entry as the drawer shows it. */
export const OperationLogEntrySchema = z.object({
  /** 关联名称: the record the entry belongs to (or the action when the record has no name). */
  glName: z.string(),
  /** 操作人类别 */
  czrClassification: z.string(),
  /** 操作人 */
  czrName: z.string(),
  /** 日志: what was done, and details. */
  logbook: z.string(),
  /** 'ok' = passed; anything else is why it failed. */
  failInfo: z.string(),
  /** 操作时间, ISO 8601. */
  czTime: z.string(),
});
export type OperationLogEntry = z.infer<typeof OperationLogEntrySchema>;
export const LogHistoryEnvelopeSchema = envelopeOf(z.array(OperationLogEntrySchema));

export const FAIL_INFO_OK = 'ok';
export const LOG_LOAD_FAILED_MESSAGE = '请求失败';
