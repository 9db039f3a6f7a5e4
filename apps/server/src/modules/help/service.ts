import type { Readable } from 'node:stream';
import type {
  CreateHelpGroupBody,
  ExampleTemplate,
  HelpGroup,
  HelpKind,
  HelpScopeQuery,
  TemplateSlot,
  UpdateHelpGroupBody,
} from '@ks/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/files.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { fileUrl } from '../../platform/file-refs.ts';
import type { FileService } from '../../platform/file-store.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import {
  checkUploadHead,
  extensionOf,
  HELP_FILE_SIGNATURES,
  TEMPLATE_FILE_SIGNATURES,
  tooLarge,
} from './file-check.ts';
import * as repo from './repository.ts';

export interface Upload {
  fileName: string;
  body: Readable;
  /** True once the body was cut at the size limit. */
  isTruncated: () => boolean;
}

const GROUP_NOT_FOUND = '帮助分组不存在';
const FILE_NAME_MAX = 64;

/**
 * Help of the panel and its administration. Scopes fall back from the node to its system to the
 * whole platform, so a node without its own help shows its system's, and the header button shows
 * the platform's help on pages that belong to no node.
 */
export class HelpService {
  constructor(
    private readonly db: Db,
    private readonly files: FileService,
    private readonly maxFileBytes: number,
  ) {}

  async getHelpTree(kind: HelpKind, scope: HelpScopeQuery): Promise<HelpGroup[]> {
    const candidates: [string, string][] = [[scope.systemCoding, scope.gnCoding]];
    if (scope.gnCoding) candidates.push([scope.systemCoding, '']);
    if (scope.systemCoding) candidates.push(['', '']);
    for (const [systemCoding, gnCoding] of candidates) {
      const tree = await this.getScopeTree(kind, systemCoding, gnCoding);
      if (tree.length > 0) return tree;
    }
    return [];
  }

  /** Exactly one scope's tree, as administrators edit it. */
  async getScopeTree(kind: HelpKind, systemCoding: string, gnCoding: string): Promise<HelpGroup[]> {
    const groups = await repo.findScopeGroups(this.db, systemCoding, gnCoding, kind);
    const files =
      kind === 'guide'
        ? await repo.findGroupFiles(
            this.db,
            groups.map((g) => g.id),
          )
        : [];
    const nodes = new Map<string, HelpGroup>(groups.map((group) => [group.id, toGroupNode(group)]));
    const roots: HelpGroup[] = [];
    for (const group of groups) {
      const node = nodes.get(group.id) as HelpGroup;
      const parent = group.parentId ? nodes.get(group.parentId) : undefined;
      if (parent) parent.children.push(node);
      else if (!group.parentId) roots.push(node);
    }
    for (const file of files) nodes.get(file.groupId)?.children.push(toFileNode(file));
    return roots;
  }

  async createGroup(admin: SessionUser, body: CreateHelpGroupBody, ip: string): Promise<HelpGroup> {
    return this.db.transaction(async (tx) => {
      if (body.parentId) {
        const parent = await repo.getLiveGroup(tx, body.parentId);
        if (!parent) throw notFound('上级分组不存在');
        if (
          parent.kind !== body.kind ||
          parent.systemCoding !== body.systemCoding ||
          parent.gnCoding !== body.gnCoding
        ) {
          throw badRequest('上级分组不属于同一帮助范围', { parentId: '上级分组不属于同一帮助范围' });
        }
      }
      const row = await repo.insertGroup(tx, {
        systemCoding: body.systemCoding,
        gnCoding: body.gnCoding,
        kind: body.kind,
        parentId: body.parentId,
        groupName: body.groupName,
        sort: await repo.countChildren(tx, body.parentId),
      });
      await recordOperation(tx, {
        user: admin,
        action: '新增帮助分组',
        targetType: 'help_group',
        targetId: row.id,
        targetName: row.groupName,
        ip,
      });
      return toGroupNode(row);
    });
  }

  async updateGroup(
    admin: SessionUser,
    id: string,
    body: UpdateHelpGroupBody,
    ip: string,
  ): Promise<HelpGroup> {
    return this.db.transaction(async (tx) => {
      const current = await repo.getLiveGroup(tx, id);
      if (!current) throw notFound(GROUP_NOT_FOUND);
      if (current.kind === 'guide' && body.qaList.length > 0) {
        throw badRequest('帮助说明分组不能添加问答，请在常见问题中维护', {
          qaList: '帮助说明分组不能添加问答',
        });
      }
      const row = await repo.updateGroup(tx, id, body.version, {
        groupName: body.groupName,
        qaList: body.qaList,
      });
      if (!row) throw conflict();
      await recordOperation(tx, {
        user: admin,
        action: '修改帮助分组',
        targetType: 'help_group',
        targetId: id,
        targetName: row.groupName,
        detail: current.groupName !== row.groupName ? `原名称：${current.groupName}` : '',
        ip,
      });
      return toGroupNode(row);
    });
  }

  /** Soft delete: the group, its sub-groups and their files stay in the database, hidden. */
  async deleteGroup(admin: SessionUser, id: string, version: number, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await repo.getLiveGroup(tx, id);
      if (!current) throw notFound(GROUP_NOT_FOUND);
      const at = new Date();
      const row = await repo.updateGroup(tx, id, version, { deletedAt: at });
      if (!row) throw conflict();
      await repo.softDeleteSubtree(tx, id, at);
      await recordOperation(tx, {
        user: admin,
        action: '删除帮助分组',
        targetType: 'help_group',
        targetId: id,
        targetName: current.groupName,
        ip,
      });
    });
  }

  /** Stores a PDF or video (checked by extension and by its first bytes) as a file of a guide group. */
  async uploadFile(admin: SessionUser, groupId: string, upload: Upload, ip: string): Promise<HelpGroup> {
    const group = await repo.getLiveGroup(this.db, groupId);
    if (!group) {
      upload.body.resume();
      throw notFound(GROUP_NOT_FOUND);
    }
    if (group.kind !== 'guide') {
      upload.body.resume();
      throw badRequest('常见问题分组不能上传文件，请维护问答');
    }
    const signature = HELP_FILE_SIGNATURES[extensionOf(upload.fileName)];
    if (!signature) {
      upload.body.resume();
      throw badRequest('请上传PDF文件或MP4、WebM格式的视频');
    }
    const fileName = checkFileName(upload);
    const stored = await this.storeChecked(admin, upload, fileName, signature);
    return this.db.transaction(async (tx) => {
      // The group may have gone while the bytes were uploading.
      if (!(await repo.getLiveGroup(tx, groupId))) throw notFound(GROUP_NOT_FOUND);
      const row = await repo.insertFile(tx, {
        groupId,
        fileId: stored.id,
        fileName,
        fileType: signature.fileType,
        sort: Date.now() % 1_000_000_000,
      });
      await recordOperation(tx, {
        user: admin,
        action: '上传帮助文件',
        targetType: 'help_group',
        targetId: groupId,
        targetName: group.groupName,
        detail: fileName,
        ip,
      });
      return toFileNode(row);
    });
  }

  async deleteFile(admin: SessionUser, id: string, version: number, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await repo.getLiveFile(tx, id);
      if (!current) throw notFound('帮助文件不存在');
      const row = await repo.softDeleteFile(tx, id, version);
      if (!row) throw conflict();
      const group = await repo.getLiveGroup(tx, current.groupId);
      await recordOperation(tx, {
        user: admin,
        action: '删除帮助文件',
        targetType: 'help_group',
        targetId: current.groupId,
        targetName: group?.groupName ?? '',
        detail: current.fileName,
        ip,
      });
    });
  }

  async getExampleTemplate(scope: HelpScopeQuery): Promise<ExampleTemplate> {
    const row = await repo.getTemplate(this.db, scope.systemCoding, scope.gnCoding);
    return toExampleTemplate(row);
  }

  /** Replaces the node's example or template file; `version` guards an existing row (0 = none yet). */
  async uploadTemplate(
    admin: SessionUser,
    scope: HelpScopeQuery & { slot: TemplateSlot },
    version: number,
    upload: Upload,
    ip: string,
  ): Promise<ExampleTemplate> {
    const signature = TEMPLATE_FILE_SIGNATURES[extensionOf(upload.fileName)];
    if (!signature) {
      upload.body.resume();
      throw badRequest('请上传PDF、Word、Excel或ZIP文件');
    }
    const fileName = checkFileName(upload);
    const stored = await this.storeChecked(admin, upload, fileName, signature);
    const values =
      scope.slot === 'example'
        ? { exampleFileId: stored.id, exampleFileName: fileName }
        : { templateFileId: stored.id, templateFileName: fileName };
    return this.saveTemplate(
      admin,
      scope,
      version,
      values,
      `上传${scope.slot === 'example' ? '示例' : '模板'}`,
      fileName,
      ip,
    );
  }

  async deleteTemplate(
    admin: SessionUser,
    scope: HelpScopeQuery & { slot: TemplateSlot },
    version: number,
    ip: string,
  ): Promise<ExampleTemplate> {
    const values =
      scope.slot === 'example'
        ? { exampleFileId: null, exampleFileName: '' }
        : { templateFileId: null, templateFileName: '' };
    return this.saveTemplate(
      admin,
      scope,
      version,
      values,
      `删除${scope.slot === 'example' ? '示例' : '模板'}`,
      '',
      ip,
    );
  }

  private async saveTemplate(
    admin: SessionUser,
    scope: HelpScopeQuery,
    version: number,
    values: Parameters<typeof repo.updateTemplate>[3],
    action: string,
    detail: string,
    ip: string,
  ): Promise<ExampleTemplate> {
    return this.db.transaction(async (tx) => {
      const current = await repo.getTemplate(tx, scope.systemCoding, scope.gnCoding);
      let row: repo.HelpTemplateRow | null;
      if (!current) {
        if (version !== 0) throw conflict();
        row = await repo.insertTemplate(tx, {
          systemCoding: scope.systemCoding,
          gnCoding: scope.gnCoding,
          ...values,
        });
      } else {
        row = await repo.updateTemplate(tx, current.id, version, values);
        if (!row) throw conflict();
      }
      await recordOperation(tx, {
        user: admin,
        action,
        targetType: 'help_template',
        targetId: row.id,
        targetName: [scope.systemCoding, scope.gnCoding].filter(Boolean).join('/') || '平台',
        detail,
        ip,
      });
      return toExampleTemplate(row);
    });
  }

  private async storeChecked(
    admin: SessionUser,
    upload: Upload,
    fileName: string,
    signature: { mimeType: string; matches: (head: Buffer) => boolean },
  ) {
    const body = await checkUploadHead(upload.body, signature);
    const stored = await this.files.store({
      body,
      fileName,
      mimeType: signature.mimeType,
      ownerUserId: admin.id,
    });
    if (upload.isTruncated()) {
      // The multipart limit cut the file short: its stored part is useless, so it goes at once.
      await this.files.storage.delete(stored.storageKey);
      await this.db.update(storedFiles).set({ deletedAt: new Date() }).where(eq(storedFiles.id, stored.id));
      throw tooLarge(this.maxFileBytes);
    }
    return stored;
  }
}

function checkFileName(upload: Upload): string {
  const fileName = upload.fileName.trim();
  if (fileName.length > FILE_NAME_MAX) {
    upload.body.resume();
    throw badRequest('文件名超过64位字符，请重新命名后上传！');
  }
  return fileName;
}

function toGroupNode(row: repo.HelpGroupRow): HelpGroup {
  return {
    id: row.id,
    nodeType: 'group',
    groupName: row.groupName,
    fileName: '',
    fileType: '',
    filePath: '',
    qaList: row.qaList,
    children: [],
    version: row.version,
  };
}

function toFileNode(row: repo.HelpFileRow): HelpGroup {
  return {
    id: row.id,
    nodeType: 'file',
    groupName: row.fileName,
    fileName: row.fileName,
    fileType: row.fileType,
    filePath: fileUrl(row.fileId),
    qaList: [],
    children: [],
    version: row.version,
  };
}

function toExampleTemplate(row: repo.HelpTemplateRow | null): ExampleTemplate {
  return {
    example:
      row?.exampleFileId != null
        ? { fileName: row.exampleFileName, filePath: fileUrl(row.exampleFileId) }
        : null,
    template:
      row?.templateFileId != null
        ? { fileName: row.templateFileName, filePath: fileUrl(row.templateFileId) }
        : null,
    version: row?.version ?? 0,
  };
}
