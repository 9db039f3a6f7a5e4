import type { AnnexSlot, SaveAnnexSlotBody, UpdateAnnexSlotBody } from '@ks/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { annexSlots } from '../../db/schema/files.ts';
import type { SessionUser } from '../../platform/access.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';

type SlotRow = typeof annexSlots.$inferSelect;

const toSlot = (row: SlotRow): AnnexSlot => ({
  id: row.id,
  gnCoding: row.gnCoding,
  annexNo: row.annexNo,
  annexName: row.annexName,
  annexFormat: row.annexFormat,
  annexSize: row.annexSize,
  isRequired: row.isRequired,
  annexCount: row.annexCount,
  description: row.description,
  sort: row.sort,
  version: row.version,
});

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** Annex slots per node (gnCoding): configured by administrators and developers. */
export class AnnexSlotService {
  constructor(private readonly db: Db) {}

  async findSlots(gnCoding: string): Promise<AnnexSlot[]> {
    const rows = await this.db
      .select()
      .from(annexSlots)
      .where(and(eq(annexSlots.gnCoding, gnCoding), isNull(annexSlots.deletedAt)))
      .orderBy(asc(annexSlots.sort), asc(annexSlots.annexNo));
    return rows.map(toSlot);
  }

  async getSlot(gnCoding: string, annexNo: string): Promise<AnnexSlot> {
    const [row] = await this.db
      .select()
      .from(annexSlots)
      .where(
        and(eq(annexSlots.gnCoding, gnCoding), eq(annexSlots.annexNo, annexNo), isNull(annexSlots.deletedAt)),
      );
    if (!row) throw notFound('附件类型不存在');
    return toSlot(row);
  }

  async createSlot(user: SessionUser, body: SaveAnnexSlotBody, ip: string): Promise<AnnexSlot> {
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx.insert(annexSlots).values(body).returning();
        if (!row) throw new Error('annex slot insert returned nothing');
        await recordOperation(tx, {
          user,
          action: '新增附件类型',
          targetType: 'annex_slot',
          targetId: row.id,
          targetName: `${body.gnCoding}/${body.annexName}`,
          ip,
        });
        return toSlot(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('该功能下已存在相同编号的附件类型');
      throw error;
    }
  }

  async updateSlot(user: SessionUser, id: string, body: UpdateAnnexSlotBody, ip: string): Promise<AnnexSlot> {
    const { version, ...values } = body;
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(annexSlots)
          .set({ ...values, updatedAt: new Date(), version: sql`${annexSlots.version} + 1` })
          .where(and(eq(annexSlots.id, id), eq(annexSlots.version, version), isNull(annexSlots.deletedAt)))
          .returning();
        if (!row) {
          const [exists] = await tx
            .select({ id: annexSlots.id })
            .from(annexSlots)
            .where(and(eq(annexSlots.id, id), isNull(annexSlots.deletedAt)));
          throw exists ? conflict() : notFound('附件类型不存在');
        }
        await recordOperation(tx, {
          user,
          action: '修改附件类型',
          targetType: 'annex_slot',
          targetId: id,
          targetName: `${body.gnCoding}/${body.annexName}`,
          ip,
        });
        return toSlot(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('该功能下已存在相同编号的附件类型');
      throw error;
    }
  }

  /** Soft delete: files already attached under the slot stay readable. */
  async deleteSlot(user: SessionUser, id: string, version: number, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(annexSlots)
        .set({ deletedAt: new Date(), version: sql`${annexSlots.version} + 1` })
        .where(and(eq(annexSlots.id, id), eq(annexSlots.version, version), isNull(annexSlots.deletedAt)))
        .returning();
      if (!row) {
        const [exists] = await tx
          .select({ id: annexSlots.id })
          .from(annexSlots)
          .where(and(eq(annexSlots.id, id), isNull(annexSlots.deletedAt)));
        throw exists ? conflict() : notFound('附件类型不存在');
      }
      await recordOperation(tx, {
        user,
        action: '删除附件类型',
        targetType: 'annex_slot',
        targetId: id,
        targetName: `${row.gnCoding}/${row.annexName}`,
        ip,
      });
    });
  }
}

/** Node code of the demo slots, used by the "我的附件" page until the records runtime exists. */
export const DEMO_GN_CODING = 'demo_attachments';
export const DEMO_SYSTEM_CODING = 'demo';
/** Record id of a user's own page under the demo system: `user-<user id>` (the web app's 我的附件). */
export const PERSONAL_TARGET_PREFIX = 'user-';

/** Demo slots (演示) for the demo node: a licence image, a PDF commitment, an optional video. */
export async function seedDemoAnnexSlots(db: Db): Promise<void> {
  const slots = [
    {
      annexNo: 'licence',
      annexName: '营业执照（演示）',
      annexFormat: ['jpg', 'jpeg', 'png', 'pdf'],
      annexSize: 10,
      isRequired: true,
      sort: 1,
    },
    {
      annexNo: 'commitment',
      annexName: '信用承诺书（演示）',
      annexFormat: ['pdf'],
      annexSize: 50,
      isRequired: true,
      sort: 2,
    },
    {
      annexNo: 'other',
      annexName: '其他材料（演示）',
      annexFormat: ['jpg', 'png', 'bmp', 'pdf', 'zip', 'mp4', 'docx', 'xlsx'],
      annexSize: 500,
      isRequired: false,
      sort: 3,
    },
  ];
  for (const slot of slots) {
    await db
      .insert(annexSlots)
      .values({ ...slot, gnCoding: DEMO_GN_CODING, annexCount: 3, description: '演示附件类型' })
      .onConflictDoNothing();
  }
}
