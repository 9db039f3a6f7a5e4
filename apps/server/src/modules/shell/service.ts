import { Readable } from 'node:stream';
import {
  DEFAULT_THEME_CONFIG,
  type HeaderItem,
  type LoginRoleType,
  type MenuNode,
  PHOTO_EXTENSIONS,
  PHOTO_SIZE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  type Profile,
  type System,
  ThemeConfigSchema,
  type UpdateProfileBody,
  type UpdateThemeBody,
  type UserTheme,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import { buildMenuTree, findNodesWithRoles, menuTreeOf } from '../../engine/menu-tree.ts';
import { announceUserChanged, type SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { fileUrl } from '../../platform/file-refs.ts';
import type { FileService } from '../../platform/file-store.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import * as repo from './repository.ts';

/**
 * Header dropdown items and the roles that get each. Written to the
 * header_items tables once; after that the tables are the truth and may be edited.
 * - 业务办理 is where enterprises and personnel handle their business;
 * - 权限设置 and 通知配置 are configuration, for administrators and developers;
 * - 管理权限 and 管理信息 manage other people's accounts: administrators only.
 */
export const DEFAULT_HEADER_ITEMS: (HeaderItem & { roles: LoginRoleType[] })[] = [
  { code: 'transact', title: '业务办理', path: '/system/transact', roles: ['U', 'P'] },
  { code: 'permissionsSet', title: '权限设置', path: '/system/permissionsSet', roles: ['M', 'D'] },
  { code: 'managementInfo', title: '管理权限', path: '/system/managementInfo', roles: ['M'] },
  { code: 'personnelInfo', title: '管理信息', path: '/system/personnelInfo', roles: ['M'] },
  { code: 'jumpNoticeCfg', title: '通知配置', path: '/system/jumpNoticeCfg', roles: ['M'] },
];

const toSystem = (row: repo.SystemRow): System => ({
  id: row.id,
  systemName: row.systemName,
  title: row.title,
  gnCoding: row.gnCoding,
  levels: row.levels,
  sort: row.sort,
});

/** Which image a photo is, read from its first bytes; null when it is none we accept. */
export function detectPhotoType(head: Buffer): 'jpg' | 'png' | 'webp' | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((byte, i) => head[i] === byte)) return 'png';
  if (
    head.length >= 12 &&
    head.toString('latin1', 0, 4) === 'RIFF' &&
    head.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

const PHOTO_MIME = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

export interface PhotoUpload {
  fileName: string;
  bytes: Buffer;
  /** The upload went past the size limit and was cut off. */
  truncated: boolean;
}

/** The logged-in frame: systems and menus, header items, theme and the user centre's profile. */
export class ShellService {
  constructor(
    private readonly db: Db,
    private readonly files: FileService,
  ) {}

  /** Administrators and developers see every system; others the systems with a menu for them. */
  async findMainMenus(user: SessionUser): Promise<System[]> {
    const rows = await repo.findLiveSystems(this.db);
    if (user.loginRoleType === 'M' || user.loginRoleType === 'D') return rows.map(toSystem);
    const nodes = await findNodesWithRoles(
      this.db,
      rows.map((row) => row.id),
    );
    return rows
      .filter(
        (row) =>
          buildMenuTree(
            nodes.filter((node) => node.systemId === row.id),
            user.loginRoleType,
          ).length > 0,
      )
      .map(toSystem);
  }

  async findMenuTree(user: SessionUser, systemCoding: string): Promise<MenuNode[]> {
    const tree = await menuTreeOf(this.db, systemCoding, user.loginRoleType);
    if (!tree) throw notFound('系统不存在');
    if (tree.length === 0 && user.loginRoleType !== 'M' && user.loginRoleType !== 'D') {
      throw forbidden('无权访问该系统');
    }
    return tree;
  }

  async findHeaderItems(user: SessionUser): Promise<HeaderItem[]> {
    return repo.findHeaderItemsForRole(this.db, user.loginRoleType);
  }

  /** Writes the default header items that are missing; items already there keep their roles. */
  async ensureHeaderItems(): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const [sort, item] of DEFAULT_HEADER_ITEMS.entries()) {
        const id = await repo.insertHeaderItemIfMissing(tx, {
          code: item.code,
          title: item.title,
          path: item.path,
          sort,
        });
        if (id) await repo.insertHeaderItemRoles(tx, id, item.roles);
      }
    });
  }

  async getTheme(user: SessionUser): Promise<UserTheme> {
    const row = await repo.findUserTheme(this.db, user.id);
    if (!row) return { ...DEFAULT_THEME_CONFIG, version: 0 };
    // A stored config from an older contract is completed with today's defaults.
    const parsed = ThemeConfigSchema.safeParse({ ...DEFAULT_THEME_CONFIG, ...row.config });
    return { ...(parsed.success ? parsed.data : DEFAULT_THEME_CONFIG), version: row.version };
  }

  /** Saves over the version the panel loaded (0: never saved); a stale save gets 409. */
  async updateTheme(user: SessionUser, body: UpdateThemeBody, ip: string): Promise<UserTheme> {
    const { version, ...config } = body;
    const saved = await this.db.transaction(async (tx) => {
      const next =
        version === 0
          ? (await repo.insertUserTheme(tx, user.id, config))
            ? 1
            : null
          : await repo.updateUserTheme(tx, user.id, version, config);
      if (next === null) throw conflict();
      await recordOperation(tx, {
        user,
        action: '修改主题设置',
        targetType: 'user_theme',
        targetId: user.userCode,
        detail: `${config.theme} ${config.themeColor}`,
        ip,
      });
      return next;
    });
    return { ...config, version: saved };
  }

  async getProfile(user: SessionUser): Promise<Profile> {
    const row = await repo.findProfile(this.db, user.id);
    if (!row) throw notFound('用户不存在');
    return row;
  }

  async updateProfile(user: SessionUser, body: UpdateProfileBody, ip: string): Promise<Profile> {
    return this.db.transaction(async (tx) => {
      const row = await repo.updateProfile(tx, user.id, body.version, { userName: body.userName });
      if (!row) throw conflict();
      // Sessions carry the user's name (revisions, the operation log): cached ones are read again.
      await announceUserChanged(tx, user.id);
      await recordOperation(tx, {
        user: { ...user, userName: row.userName },
        action: '修改个人信息',
        targetType: 'user',
        targetId: user.userCode,
        detail: `姓名：${row.userName}`,
        ip,
      });
      return row;
    });
  }

  /**
   * A new profile photo: the name must say an accepted image type and the bytes must be one
   * (a renamed file is refused), at most 2 MB. The stored file's download URL becomes the photo.
   */
  async updatePhoto(user: SessionUser, upload: PhotoUpload, ip: string): Promise<Profile> {
    if (upload.truncated) throw badRequest(PHOTO_SIZE_MESSAGE, { file: PHOTO_SIZE_MESSAGE });
    const extension = upload.fileName.split('.').pop()?.toLowerCase() ?? '';
    const detected = detectPhotoType(upload.bytes.subarray(0, 16));
    if (!(PHOTO_EXTENSIONS as readonly string[]).includes(extension) || !detected) {
      throw badRequest(PHOTO_TYPE_MESSAGE, { file: PHOTO_TYPE_MESSAGE });
    }
    // Bytes first, then the record that points at them: a failed update leaves an unreferenced
    // file, never a photo URL without bytes.
    const stored = await this.files.store({
      body: Readable.from([upload.bytes]),
      fileName: upload.fileName,
      mimeType: PHOTO_MIME[detected],
      ownerUserId: user.id,
    });
    return this.db.transaction(async (tx) => {
      const row = await repo.updateProfile(tx, user.id, null, { photo: fileUrl(stored.id) });
      if (!row) throw notFound('用户不存在');
      await recordOperation(tx, {
        user,
        action: '上传头像',
        targetType: 'user',
        targetId: user.userCode,
        detail: stored.id,
        ip,
      });
      return row;
    });
  }
}
