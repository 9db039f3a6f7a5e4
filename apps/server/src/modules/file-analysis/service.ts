import {
  type AttachCostFileBody,
  type BidDocumentState,
  COST_FILE_SLOT,
  COST_LIST_KEYS,
  COST_REGIONS,
  type CostFile,
  type CostFileKindValue,
  type CostProject,
  type CostProjectListQuery,
  type CostTreeRow,
  type CreateCostProjectBody,
  ERROR_CODES,
  type ParseData,
  type ParseDataBody,
  type XmlAnalysis,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { FileService } from '../../platform/file-store.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import * as bidDetection from '../bid-detection/public.ts';
import * as costChecks from '../cost-checks/public.ts';
import {
  fileActions,
  isCentre,
  mayAttach,
  projectActions,
  projectListActions,
  uploadRights,
} from './actions.ts';
import { resolveBidder } from './bidder.ts';
import { parseCostXml } from './cost-parser.ts';
import { CostParseError, KIND_TERMS, MONEY_COLUMNS } from './cost-tree.ts';
import { PARSE_JOB } from './job-names.ts';
import type { FileFields, FileRow, ProjectRow, StoredFileRow } from './repository.ts';
import * as repo from './repository.ts';
import {
  beginGeneration,
  dropGeneration,
  dropStaleGenerations,
  generationSink,
  itemCountsByList,
  type NodeRow,
  nodeCount,
  nodePage,
  projectNode,
  publishGeneration,
  WRITE_BATCH,
} from './tree-repository.ts';

export { PARSE_JOB };

/** Enqueues a parse of a cost file inside the caller's transaction (the transactional outbox). */
export type EnqueueParse = (tx: Db, costFileId: string) => Promise<void>;

export const COST_MESSAGES = {
  projectMissing: '项目不存在',
  fileMissing: '造价文件不存在',
  storedMissing: '文件不存在',
  notXml: '造价文件须为 XML 格式（.xml）',
  enterpriseBidOnly: '企业用户只能上传本单位的投标报价',
  duplicateKind: (kind: CostFileKindValue) => `该项目已有${KIND_TERMS[kind]}，请先删除原文件`,
  duplicateBid: '该投标人已上传投标报价，请先删除原文件',
  deleteOwnOnly: '只能删除本单位上传的投标报价',
  duplicateCode: '项目编号已存在',
  storedGone: '原始文件已被删除，无法解析',
  parseUnavailable: '解析服务暂时不可用，请稍后重新解析',
  kindMismatch: (declared: CostFileKindValue, chosen: CostFileKindValue) =>
    `文件声明的类型为“${KIND_TERMS[declared]}”，与上传时选择的“${KIND_TERMS[chosen]}”不一致`,
} as const;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export class CostFileService {
  constructor(
    private readonly db: Db,
    private readonly files: FileService,
    private readonly enqueueParse: EnqueueParse,
  ) {}

  /** The annex slot the web uploads cost files into (XML only), created on the first start. */
  async ensureUploadSlot(): Promise<void> {
    await repo.ensureSlot(this.db, {
      gnCoding: COST_FILE_SLOT.gnCoding,
      annexNo: COST_FILE_SLOT.annexNo,
      annexName: COST_FILE_SLOT.annexName,
      annexFormat: ['xml'],
      annexSize: 0,
      annexCount: 1,
      description: '招标工程量清单、招标控制价或投标报价的造价文件（XML）',
    });
  }

  // -- projects -------------------------------------------------------------------------------

  async createProject(user: SessionUser, body: CreateCostProjectBody, ip: string): Promise<CostProject> {
    return this.db.transaction(async (tx) => {
      if (await repo.projectWithCode(tx, body.code)) {
        throw badRequest(COST_MESSAGES.duplicateCode, { code: COST_MESSAGES.duplicateCode });
      }
      const row = await repo.insertProject(tx, { ...body, createdBy: user.id });
      await recordOperation(tx, {
        user,
        action: '新建造价检查项目',
        targetType: 'cost_project',
        targetId: row.id,
        targetName: `${row.code} ${row.name}`,
        ip,
      });
      return toProject(row, [], user);
    });
  }

  async listProjects(user: SessionUser, query: CostProjectListQuery) {
    const { rows, total } = await repo.projectPage(this.db, query);
    const files = await this.visibleFiles(
      user,
      rows.map((r) => r.id),
    );
    return {
      records: rows.map((row) =>
        toProject(
          row,
          files.filter((f) => f.projectId === row.id),
          user,
        ),
      ),
      actions: projectListActions(user),
      total,
      curPage: query.curPage,
      pageSize: query.pageSize,
    };
  }

  async deleteProject(user: SessionUser, id: string, version: number, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await repo.deleteProjectVersion(tx, id, version);
      if (!row) {
        await this.requireProject(id, tx);
        throw conflict();
      }
      await recordOperation(tx, {
        user,
        action: '删除造价检查项目',
        targetType: 'cost_project',
        targetId: row.id,
        targetName: `${row.code} ${row.name}`,
        ip,
      });
    });
  }

  // -- files ----------------------------------------------------------------------------------

  /**
   * Attaches a stored file (from the simple or chunked uploader) to a project and enqueues its
   * parse in the same transaction. An enterprise attaches only its own bid, under its own name.
   */
  async attachFile(user: SessionUser, body: AttachCostFileBody, ip: string): Promise<CostFile> {
    if (!mayAttach(user, body.kind)) throw forbidden(COST_MESSAGES.enterpriseBidOnly);
    const stored = await this.files.get(body.fileId).catch(() => null);
    if (!stored || (!isCentre(user) && stored.ownerUserId !== user.id)) {
      throw notFound(COST_MESSAGES.storedMissing);
    }
    if (!stored.fileName.toLowerCase().endsWith('.xml')) throw badRequest(COST_MESSAGES.notXml);
    // A bid's bidder, chosen or named as for a bid document; the other kinds have none.
    const { bidderUserId, bidderName } =
      body.kind === 'bid'
        ? await resolveBidder(this.db, user, body)
        : { bidderUserId: null, bidderName: null };
    return this.db.transaction(async (tx) => {
      // The project row is locked: two uploads of the same kind cannot both pass the duplicate check.
      const project = await repo.findProject(tx, body.projectId, { lock: true });
      if (!project) throw notFound(COST_MESSAGES.projectMissing);
      const live = await repo.projectFiles(tx, project.id);
      if (body.kind !== 'bid' && live.some((f) => f.kind === body.kind)) {
        throw badRequest(COST_MESSAGES.duplicateKind(body.kind));
      }
      if (
        body.kind === 'bid' &&
        live.some(
          (f) =>
            f.kind === 'bid' &&
            (bidderUserId ? f.bidderUserId === bidderUserId : !f.bidderUserId && f.bidderName === bidderName),
        )
      ) {
        throw badRequest(COST_MESSAGES.duplicateBid);
      }
      const row = await repo.insertFile(tx, {
        projectId: project.id,
        kind: body.kind,
        bidderUserId,
        bidderName,
        fileId: stored.id,
        uploadedBy: user.id,
        parseState: 'pending',
      });
      await this.enqueueParse(tx, row.id);
      await recordOperation(tx, {
        user,
        action: '上传造价文件',
        targetType: 'cost_file',
        targetId: row.id,
        targetName: `${project.code}/${KIND_TERMS[body.kind as CostFileKindValue]}${bidderName ? `/${bidderName}` : ''}/${stored.fileName}`,
        ip,
      });
      return toFile(row, stored, user);
    });
  }

  async deleteFile(user: SessionUser, id: string, ip: string): Promise<void> {
    const file = await this.readableFile(user, id);
    if (!fileActions(user, file).includes('delete')) throw forbidden(COST_MESSAGES.deleteOwnOnly);
    await this.db.transaction(async (tx) => {
      await repo.deleteFile(tx, file.id);
      await recordOperation(tx, {
        user,
        action: '删除造价文件',
        targetType: 'cost_file',
        targetId: file.id,
        targetName: `${KIND_TERMS[file.kind as CostFileKindValue]}${file.bidderName ? `/${file.bidderName}` : ''}`,
        ip,
      });
    });
  }

  /** Parses the file again (an administrator's retry after a failure or a rule change). */
  async requestParse(user: SessionUser, id: string, ip: string): Promise<void> {
    const file = await this.readableFile(user, id);
    if (!fileActions(user, file).includes('reparse')) throw forbidden();
    await this.db.transaction(async (tx) => {
      await repo.setFileFields(tx, file.id, { parseState: 'pending', parseError: null });
      await this.enqueueParse(tx, file.id);
      await recordOperation(tx, {
        user,
        action: '重新解析造价文件',
        targetType: 'cost_file',
        targetId: file.id,
        targetName: KIND_TERMS[file.kind as CostFileKindValue],
        ip,
      });
    });
  }

  /** A cost file the caller may read: administrators any, an enterprise only its own bids. */
  async readableFile(user: SessionUser, id: string): Promise<FileRow> {
    const file = await repo.liveFile(this.db, id, { inLiveProject: true });
    if (!file) throw notFound(COST_MESSAGES.fileMissing);
    if (!isCentre(user) && file.bidderUserId !== user.id) {
      throw notFound(COST_MESSAGES.fileMissing);
    }
    return file;
  }

  // -- parse ----------------------------------------------------------------------------------

  /**
   * Parses one cost file into cost_nodes and cost_items under a new generation, written in short
   * statements, then published in one: readers see the previous tree until the new one is whole,
   * and other requests run between the parse's statements (decision 0067). A refusal of the file
   * (CostParseError) is published as its error with an empty tree; anything else fails the job,
   * which retries, and the next attempt deletes what this one left unpublished.
   */
  async parse(costFileId: string, signal?: AbortSignal): Promise<void> {
    const file = await repo.liveFile(this.db, costFileId);
    if (!file) return;
    const generation = await beginGeneration(this.db, file.id);
    if (generation === null) return;
    let fields: FileFields;
    try {
      const stored = await this.files.get(file.fileId).catch((error: unknown) => {
        // A deleted upload is the file's problem; a database failure is not (the job retries).
        if (error instanceof AppError && error.code === ERROR_CODES.NOT_FOUND) {
          throw new CostParseError(COST_MESSAGES.storedGone);
        }
        throw error;
      });
      const body = await this.files.storage.get(stored.storageKey);
      const result = await parseCostXml(body, generationSink(this.db, file.id, generation), {
        signal,
        batchSize: WRITE_BATCH,
      });
      if (result.declaredKind && result.declaredKind !== file.kind) {
        throw new CostParseError(
          COST_MESSAGES.kindMismatch(result.declaredKind, file.kind as CostFileKindValue),
        );
      }
      fields = {
        layout: result.layout,
        taxMethod: result.taxMethod,
        itemCount: result.itemCount,
        sha256: result.sha256,
        origin: result.origin,
        parseState: 'parsed',
        parseError: null,
        parsedAt: new Date(),
      };
    } catch (error) {
      if (!(error instanceof CostParseError)) throw error;
      // A refused file has no tree: its generation is published empty, with the reason.
      await dropGeneration(this.db, file.id, generation);
      fields = {
        layout: null,
        taxMethod: null,
        itemCount: 0,
        sha256: null,
        origin: null,
        parseState: 'failed',
        parseError: error.message,
        parsedAt: new Date(),
      };
    }
    if (await publishGeneration(this.db, file.id, generation, fields)) {
      await dropStaleGenerations(this.db, file.id, generation);
    } else {
      // A newer parse of the file began meanwhile: its result is the one to show.
      await dropGeneration(this.db, file.id, generation);
    }
  }

  /** The last attempt of a parse failed for a reason other than the file: the file says so. */
  async markFailed(costFileId: string, message: string): Promise<void> {
    await repo.failPendingParse(this.db, costFileId, message);
  }

  // -- reading --------------------------------------------------------------------------------

  /**
   * A page of a cost file's tree and its states: the parse, the project's cost check and the
   * bidder's bid document (`bidBeside`, decision 0052).
   */
  async parseData(
    user: SessionUser,
    body: ParseDataBody,
    bidBeside?: (file: FileRow) => Promise<BidDocumentState | null>,
  ): Promise<ParseData> {
    const file = await this.readableFile(user, body.id);
    const total = await nodeCount(this.db, file.id);
    const rows = await nodePage(this.db, file.id, body);
    return {
      list: toTree(rows),
      states: {
        parseState: file.parseState as ParseData['states']['parseState'],
        parseError: file.parseError,
        checkState: await costChecks.latestRunState(this.db, file.projectId),
        bidDetection: file.kind === 'bid' && bidBeside ? await bidBeside(file) : null,
      },
      total,
      curPage: body.curPage,
      pageSize: body.pageSize,
    };
  }

  /** parse-data for a bid document's id: no tree; its extraction as the parse state, its detection. */
  async bidDocumentParseData(document: BidDocumentState, body: ParseDataBody): Promise<ParseData> {
    const projectId = await bidDetection.projectOfDocument(this.db, document.documentId);
    const parseState =
      document.state === 'checked'
        ? 'parsed'
        : document.state === 'scanned' || document.state === 'failed'
          ? 'failed'
          : 'pending';
    return {
      list: [],
      states: {
        parseState,
        parseError: document.errorMessage || null,
        checkState: projectId ? await costChecks.latestRunState(this.db, projectId) : 'none',
        bidDetection: document,
      },
      total: 0,
      curPage: body.curPage,
      pageSize: body.pageSize,
    };
  }

  async analysis(user: SessionUser, id: string): Promise<XmlAnalysis> {
    const file = await this.readableFile(user, id);
    const stored = await repo.storedFile(this.db, file.fileId);
    const lists = await itemCountsByList(this.db, file.id);
    const nodes = await nodeCount(this.db, file.id);
    const project = await projectNode(this.db, file.id);
    return {
      id: file.id,
      kind: file.kind as CostFileKindValue,
      fileName: stored?.fileName ?? '',
      bidderName: file.bidderName,
      layout: file.layout,
      parseState: file.parseState as XmlAnalysis['parseState'],
      parseError: file.parseError,
      taxMethod: file.taxMethod as XmlAnalysis['taxMethod'],
      sha256: file.sha256,
      nodeCount: nodes,
      itemCount: file.itemCount,
      itemsByList: Object.fromEntries(
        COST_LIST_KEYS.map((list) => [list, Number(lists.find((l) => l.list === list)?.n ?? 0)]),
      ),
      totals: project
        ? (Object.fromEntries(MONEY_COLUMNS.map((c) => [c, project[c]])) as XmlAnalysis['totals'])
        : null,
      parsedAt: iso(file.parsedAt),
    };
  }

  private async visibleFiles(user: SessionUser, projectIds: string[]): Promise<CostFile[]> {
    if (projectIds.length === 0) return [];
    const rows = await repo.filesWithStored(this.db, projectIds, isCentre(user) ? undefined : user.id);
    return rows.map((r) => toFile(r.cost_files, r.stored_files, user));
  }

  private async requireProject(id: string, db: Db = this.db) {
    const row = await repo.findProject(db, id);
    if (!row) throw notFound(COST_MESSAGES.projectMissing);
    return row;
  }
}

function toProject(row: ProjectRow, files: CostFile[], user: SessionUser): CostProject {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    region: row.region,
    regionName: COST_REGIONS[row.region] ?? row.region,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    files,
    actions: projectActions(user),
    upload: uploadRights(user),
  };
}

function toFile(row: FileRow, stored: StoredFileRow, user: SessionUser): CostFile {
  return {
    id: row.id,
    projectId: row.projectId,
    kind: row.kind as CostFileKindValue,
    bidderName: row.bidderName,
    fileId: row.fileId,
    fileName: stored.fileName,
    size: stored.size,
    sha256: row.sha256,
    layout: row.layout,
    parseState: row.parseState as CostFile['parseState'],
    parseError: row.parseError,
    taxMethod: row.taxMethod as CostFile['taxMethod'],
    itemCount: row.itemCount,
    createdAt: row.createdAt.toISOString(),
    parsedAt: iso(row.parsedAt),
    actions: fileActions(user, row),
  };
}

/** A page of path-ordered rows as a tree; a row whose parent is on an earlier page is a root. */
function toTree(rows: NodeRow[]): CostTreeRow[] {
  const byId = new Map<string, CostTreeRow>();
  const roots: CostTreeRow[] = [];
  for (const row of rows) {
    const node: CostTreeRow = {
      id: row.id,
      level: row.level as CostTreeRow['level'],
      code: row.code,
      name: row.name,
      zy: row.zy,
      ...(Object.fromEntries(MONEY_COLUMNS.map((c) => [c, row[c]])) as Record<
        (typeof MONEY_COLUMNS)[number],
        string
      >),
    };
    byId.set(row.id, node);
    const parent = row.parentId ? byId.get(row.parentId) : undefined;
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return roots;
}
