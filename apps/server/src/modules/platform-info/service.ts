import type { PlatformInfo, UpdatePlatformInfoBody } from '@ks/contract';
import { and, eq, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db/client.ts';
import { platformInfo } from '../../db/schema/identity.ts';
import type { SessionUser } from '../../platform/access.ts';
import { conflict } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';

const ROW_ID = 1;

/**
 * The first start's platform information. A real deployment's support line and filing number are
 * its own: administrators fill them in on 平台设置 (the demo seed fills in demo values).
 */
export const PLATFORM_INFO_DEFAULTS = {
  platformName: 'KS建设工程与公共资源交易平台',
  describe: '<p>本平台为演示部署，页面中的企业与人员均为演示数据。</p>',
};

/** The footer's describe is HTML from an administrator: keep formatting and links, drop scripts and styles. */
export function sanitizeDescribe(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'span', 'strong', 'b', 'em', 'i', 'u', 'a', 'ul', 'ol', 'li'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}

export class PlatformInfoService {
  constructor(
    private readonly db: Db,
    private readonly serverVersion: string,
  ) {}

  async get(): Promise<PlatformInfo> {
    const [row] = await this.db.select().from(platformInfo).where(eq(platformInfo.id, ROW_ID));
    return {
      platformName: row?.platformName ?? '',
      describe: row?.describe ?? '',
      filingsCoding: row?.filingsCoding ?? '',
      supportPhone: row?.supportPhone ?? '',
      version: this.serverVersion,
      revision: row?.version ?? 0,
    };
  }

  /** Saves only over the revision the administrator edited; a stale edit gets 409 and changes nothing. */
  async update(admin: SessionUser, body: UpdatePlatformInfoBody, ip: string): Promise<PlatformInfo> {
    await this.db.transaction(async (tx) => {
      const updated = await tx
        .update(platformInfo)
        .set({
          platformName: body.platformName,
          describe: sanitizeDescribe(body.describe),
          filingsCoding: body.filingsCoding,
          supportPhone: body.supportPhone,
          updatedAt: new Date(),
          version: sql`${platformInfo.version} + 1`,
        })
        .where(and(eq(platformInfo.id, ROW_ID), eq(platformInfo.version, body.revision)))
        .returning({ id: platformInfo.id });
      if (updated.length === 0) throw conflict();
      await recordOperation(tx, {
        user: admin,
        action: '修改平台信息',
        targetType: 'platform_info',
        targetName: body.platformName,
        ip,
      });
    });
    return this.get();
  }

  /** The first start's platform information; later edits belong to administrators. */
  async ensureDefaults(defaults: Omit<typeof platformInfo.$inferInsert, 'id'>): Promise<void> {
    await this.db
      .insert(platformInfo)
      .values({ id: ROW_ID, ...defaults })
      .onConflictDoNothing();
  }
}
