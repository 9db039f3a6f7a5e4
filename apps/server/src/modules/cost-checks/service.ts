import {
  type BidDocumentState,
  type CheckNodeRow,
  type CheckNodesBody,
  type CheckRun,
  COST_CHECK_DONE_MESSAGE,
  COST_CHECK_FAILED_MESSAGE,
  COST_CHECK_NO_FILES_MESSAGE,
  COST_CHECK_NO_PROJECT_MESSAGE,
  COST_CHECK_PENDING_FILES_MESSAGE,
  COST_CHECK_RUNNING_MESSAGE,
  COST_RULES,
  type CostRuleCode,
  type DetectionStatus,
  type FindFindingsBody,
  type Finding,
  type FindingPage,
  type PublishedControlPrice,
  type StartCostCheckBody,
  type StartCostCheckResult,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { Enqueue } from '../../engine/modules.ts';
import type { UserNotices } from '../../engine/user-notices.ts';
import type { SessionUser } from '../../platform/access.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import * as bidDetection from '../bid-detection/public.ts';
import * as costFiles from '../file-analysis/public.ts';
import { runChecks } from './checks/index.ts';
import type { CheckedFile, CheckInput, FindingDraft } from './checks/types.ts';
import { cents, yuan } from './money.ts';
import * as repo from './repository.ts';
import type { CostRulesService } from './rules-service.ts';
import * as tree from './tree.ts';

export const NOT_A_BIDDER_MESSAGE = '您不是该项目的投标人，无权查看检测结果';
export const OTHER_BIDDER_MESSAGE = '无权查看其他投标人的检测结果';
export const NOTICE_TITLE = '造价文件检测';
/** The durable job of a run (job.ts defines it). */
export const COST_CHECK_JOB = 'file-analysis.cost-check';
/** A run still marked running after this long was left by a dead process: a new start supersedes it. */
const STALE_RUN_MINUTES = 60;
/** The most findings one export holds (each rule lists at most 201 per file). */
const EXPORT_MAX_ROWS = 50_000;
/** The most summary-tree nodes one file answers (projects have tens to hundreds). */
const NODE_LIMIT = 5000;

type RunRow = repo.RunRow;
type FileRow = costFiles.CostFileRow;

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

const checkedKinds = ['control-price', 'bid'];

function toRun(row: RunRow): CheckRun {
  return {
    runId: row.id,
    state: row.state,
    progress: row.progress,
    ruleVersion: row.ruleVersion,
    errorMessage: row.errorMessage ?? '',
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * The cost-file check (decision 0044): a start enqueues a durable job and answers at once; the job
 * runs C1–C20 on the control price and every bid of the project, and writes the findings, replacing
 * the previous result, in one transaction with the run's completion and the requester's notice.
 */
export class CostCheckService {
  constructor(
    private readonly db: Db,
    /** The job outbox; null where checks only run at once (the demo seed, see runNow). */
    private readonly enqueue: Enqueue | null,
    private readonly rules: CostRulesService,
    private readonly notices: UserNotices,
  ) {}

  async start(user: SessionUser, body: StartCostCheckBody, ip: string): Promise<StartCostCheckResult> {
    const refuse = (errorMessage: string) => ({ isSuccess: false, errorMessage, runId: null });
    const project = await costFiles.projectOf(this.db, body.xmId);
    if (!project) return refuse(COST_CHECK_NO_PROJECT_MESSAGE);
    const files = (await costFiles.filesOf(this.db, project.id)).filter((f) => checkedKinds.includes(f.kind));
    if (files.some((f) => f.parseState === 'pending')) return refuse(COST_CHECK_PENDING_FILES_MESSAGE);
    if (!files.some((f) => f.parseState === 'parsed')) return refuse(COST_CHECK_NO_FILES_MESSAGE);
    try {
      const runId = await this.db.transaction(async (tx) => {
        // A run a dead process left "running" long ago no longer blocks the project.
        await repo.failStaleRuns(tx, project.id, STALE_RUN_MINUTES);
        const run = await repo.insertRun(tx, project.id, user.id);
        if (!this.enqueue) throw new Error('cost checks without a job system cannot be started');
        const jobId = await this.enqueue(tx, COST_CHECK_JOB, { runId: run.id });
        await repo.setRunJob(tx, run.id, jobId);
        await recordOperation(tx, {
          user,
          action: '发起造价文件检测',
          targetType: 'cost_project',
          targetId: project.id,
          targetName: project.name,
          detail: `gnCoding=${body.gnCoding}`,
          ip,
        });
        return run.id;
      });
      return { isSuccess: true, errorMessage: '', runId };
    } catch (error) {
      // The partial unique index: another run of this project is queued or running.
      if (isUniqueViolation(error)) return refuse(COST_CHECK_RUNNING_MESSAGE);
      throw error;
    }
  }

  /**
   * The job: idempotent. A run already finished is left alone; anything else starts from the
   * beginning (a killed attempt wrote nothing but its progress), so a redelivery is harmless.
   */
  async run(
    runId: string,
    context: Pick<JobContext, 'reportProgress' | 'signal' | 'attempt'>,
    retryLimit: number,
  ) {
    const run = await repo.runById(this.db, runId);
    if (!run || run.state === 'done' || run.state === 'failed') return;
    try {
      await this.execute(run, context);
    } catch (error) {
      if (context.attempt > retryLimit) await this.fail(run, error);
      throw error;
    }
  }

  /**
   * Runs a project's check at once in this process (the demo seed, which has no workers): the
   * same run row, rules and result transaction as the job. Answers the run id.
   */
  async runNow(user: SessionUser, projectId: string): Promise<string> {
    const run = await repo.insertRun(this.db, projectId, user.id);
    await this.execute(run, { reportProgress: async () => {}, signal: new AbortController().signal });
    return run.id;
  }

  private async execute(run: RunRow, context: Pick<JobContext, 'reportProgress' | 'signal'>) {
    const rules = await this.rules.current();
    // Superseded before it began (a later start took it for a dead run): nothing to do.
    if (!(await repo.markRunning(this.db, run.id, rules.version))) return;
    const project = await costFiles.projectOf(this.db, run.projectId);
    if (!project) throw new Error(COST_CHECK_NO_PROJECT_MESSAGE);
    const files = (await costFiles.filesOf(this.db, project.id)).filter((f) => f.parseState === 'parsed');
    const tenderFile = files.find((f) => f.kind === 'tender-boq') ?? null;
    const control = files.find((f) => f.kind === 'control-price') ?? null;
    const bids = files.filter((f) => f.kind === 'bid');
    const checked = [...(control ? [control] : []), ...bids];
    const tender = tenderFile
      ? {
          nodes: await tree.loadNodes(this.db, tenderFile.id),
          unitTotals: await tree.unitTotals(this.db, tenderFile.id),
        }
      : null;
    const controlNodes = control ? await tree.loadNodes(this.db, control.id) : [];
    const controlTotal = controlNodes.find((n) => n.level === 'project')?.money.zzj ?? null;
    const drafts: { fileId: string; finding: FindingDraft }[] = [];
    for (const [index, file] of checked.entries()) {
      if (context.signal.aborted) throw new Error('检测已超时中止');
      const input = await this.gather(file, project.region, rules.config, tender, tenderFile?.id ?? null, {
        controlTotal: file.kind === 'bid' ? controlTotal : null,
        approvedEstimate: project.approvedEstimate === null ? null : cents(project.approvedEstimate),
        bids,
      });
      for (const finding of runChecks(input)) drafts.push({ fileId: file.id, finding });
      const percent = Math.round(((index + 1) / checked.length) * 90);
      await context.reportProgress(percent, `已检测 ${index + 1}/${checked.length} 个文件`);
      await repo.setProgress(this.db, run.id, percent);
    }
    await this.db.transaction(async (tx) => {
      // The previous result (and anything of this run) goes in the transaction that writes the new one.
      await repo.replaceFindings(tx, { id: run.id, projectId: project.id }, drafts);
      const done = await repo.finishRun(tx, run.id, drafts.length);
      // Superseded meanwhile (a newer start marked it failed): it writes nothing.
      if (!done) throw new Error('检测已被新的检测取代');
      await this.notices.sendJobResult(tx, {
        userId: run.requestedBy,
        title: NOTICE_TITLE,
        messages: `${project.name}：${COST_CHECK_DONE_MESSAGE}`,
      });
    });
    await context.reportProgress(100, '检测完成');
  }

  private async fail(run: RunRow, error: unknown) {
    const reason = error instanceof Error ? error.message : String(error);
    await this.db.transaction(async (tx) => {
      const failed = await repo.failRun(tx, run.id, reason.slice(0, 500));
      if (!failed) return;
      await this.notices.sendJobResult(tx, {
        userId: run.requestedBy,
        title: NOTICE_TITLE,
        messages: COST_CHECK_FAILED_MESSAGE,
      });
    });
  }

  /** What the checks of one file read, from SQL aggregates and joins (never all items at once). */
  private async gather(
    file: FileRow,
    region: string,
    config: CheckInput['config'],
    tender: CheckInput['tender'],
    tenderId: string | null,
    context: { controlTotal: bigint | null; approvedEstimate: bigint | null; bids: FileRow[] },
  ): Promise<CheckInput> {
    const compare = (items: tree.ItemSet, fields: tree.ComparedField[]) =>
      tenderId ? tree.compareWithTender(this.db, file.id, tenderId, items, fields) : Promise.resolve(null);
    const checkedFile: CheckedFile = {
      id: file.id,
      kind: file.kind as CheckedFile['kind'],
      bidderName: file.bidderName ?? '',
      taxMethod: file.taxMethod === 'general' || file.taxMethod === 'simple' ? file.taxMethod : null,
      sha256: file.sha256,
      origin: file.origin ?? null,
    };
    return {
      file: checkedFile,
      region,
      config,
      nodes: await tree.loadNodes(this.db, file.id),
      unitTotals: await tree.unitTotals(this.db, file.id),
      feeItems: await tree.feeItems(this.db, file.id),
      tender,
      controlTotal: context.controlTotal,
      approvedEstimate: context.approvedEstimate,
      items: {
        duplicates: await tree.duplicateCodes(this.db, file.id),
        identity: await compare('identity', ['name', 'features', 'unit', 'quantity']),
        provisionalPrices: await compare('provisional-price', ['name', 'unitPrice', 'total']),
        dayworks: await compare('daywork', ['name', 'unit', 'quantity']),
        prices: await tree.priceIssues(this.db, file.id),
        totals: await tree.totalIssues(this.db, file.id),
      },
      otherBids: context.bids.map((b) => ({
        id: b.id,
        bidderName: b.bidderName ?? '',
        sha256: b.sha256,
        origin: b.origin ?? null,
      })),
    };
  }

  // ------------------------------------------------------------ reading the state and the findings

  /** The files of a project the user may see the results of: all (M) or their own bids (U). */
  /**
   * C18's publication: the control price's total and each unit project's F, C, Q, G, S, for the
   * administrators and the project's bidders (whoever may open the project's check).
   */
  async publishedControlPrice(user: SessionUser, xmId: string): Promise<PublishedControlPrice> {
    const project = await costFiles.projectOf(this.db, xmId);
    if (!project) throw notFound(COST_CHECK_NO_PROJECT_MESSAGE);
    await this.visibleFiles(user, project.id);
    const control = (await costFiles.filesOf(this.db, project.id)).find(
      (f) => f.kind === 'control-price' && f.parseState === 'parsed',
    );
    const nodes = control ? await tree.loadNodes(this.db, control.id) : [];
    const total = nodes.find((n) => n.level === 'project')?.money.zzj;
    return {
      xmId: project.id,
      projectName: project.name,
      controlTotal: total === undefined ? null : yuan(total),
      units: nodes
        .filter((n) => n.level === 'unit')
        .map((n) => ({
          path: n.path,
          name: n.name,
          zy: n.zy,
          fbfxf: yuan(n.money.fbfxf),
          csxmf: yuan(n.money.csxmf),
          qtxmf: yuan(n.money.qtxmf),
          gf: yuan(n.money.gf),
          sj: yuan(n.money.sj),
        })),
    };
  }

  private async visibleFiles(user: SessionUser, projectId: string, noneAllowed = false): Promise<FileRow[]> {
    const files = (await costFiles.filesOf(this.db, projectId)).filter((f) => checkedKinds.includes(f.kind));
    if (user.loginRoleType === 'M') return files;
    const own = files.filter((f) => f.kind === 'bid' && f.bidderUserId === user.id);
    if (
      own.length === 0 &&
      !noneAllowed &&
      !(await bidDetection.hasBidDocument(this.db, { projectId, bidderUserId: user.id }))
    ) {
      throw forbidden(NOT_A_BIDDER_MESSAGE);
    }
    return own;
  }

  private async latestRuns(projectId: string): Promise<{ active: RunRow | null; result: RunRow | null }> {
    const rows = await repo.newestRuns(this.db, projectId, 20);
    return {
      active: rows.find((r) => r.state === 'queued' || r.state === 'running') ?? null,
      result: rows.find((r) => r.state === 'done') ?? null,
    };
  }

  /**
   * The state of the project's check and of each file; `bids` are the caller's visible bid
   * documents (decision 0052): an enterprise with a bid document but no cost bid is a bidder too.
   */
  async status(user: SessionUser, xmId: string, bids: BidDocumentState[] = []): Promise<DetectionStatus> {
    const project = await costFiles.projectOf(this.db, xmId);
    if (!project) throw notFound(COST_CHECK_NO_PROJECT_MESSAGE);
    const files = await this.visibleFiles(user, project.id, bids.length > 0);
    const { active, result } = await this.latestRuns(project.id);
    const [last] = await repo.newestRuns(this.db, project.id, 1);
    const counts = result ? await repo.countsByFileAndSeverity(this.db, result.id) : [];
    const count = (fileId: string, severity: string) =>
      counts.find((c) => c.fileId === fileId && c.severity === severity)?.count ?? 0;
    return {
      xmId: project.id,
      projectName: project.name,
      state: active?.state ?? last?.state ?? 'none',
      active: active ? toRun(active) : null,
      result: result ? toRun(result) : null,
      files: files.map((f) => ({
        fileId: f.id,
        kind: f.kind,
        bidderName: f.bidderName ?? '',
        parseState: f.parseState,
        errors: count(f.id, 'error'),
        warnings: count(f.id, 'warning'),
        flags: count(f.id, 'flag'),
        skipped: count(f.id, 'skipped'),
      })),
      bids,
      // The centre keeps the estimate and the rules and starts runs (the routes admit only it).
      actions: costFiles.isCentre(user) ? ['estimate', 'rules', 'check'] : [],
    };
  }

  private async findingScope(user: SessionUser, body: Omit<FindFindingsBody, 'curPage' | 'pageSize'>) {
    const project = await costFiles.projectOf(this.db, body.xmId);
    if (!project) throw notFound(COST_CHECK_NO_PROJECT_MESSAGE);
    const files = await this.visibleFiles(user, project.id);
    if (body.fileId && !files.some((f) => f.id === body.fileId)) {
      throw forbidden(user.loginRoleType === 'M' ? '文件不属于该项目' : OTHER_BIDDER_MESSAGE);
    }
    const { result } = await this.latestRuns(project.id);
    const filter: repo.FindingFilter = {
      runId: result?.id ?? null,
      fileIds: body.fileId ? [body.fileId] : files.map((f) => f.id),
      severity: body.severity,
      nodePath: body.nodePath,
      rule: body.rule,
    };
    return { result, filter, files };
  }

  async findings(user: SessionUser, body: FindFindingsBody): Promise<FindingPage> {
    const { result, filter, files } = await this.findingScope(user, body);
    const rows = await repo.findingRows(this.db, filter, {
      limit: body.pageSize,
      offset: (body.curPage - 1) * body.pageSize,
    });
    const byRule = await repo.countsByRule(this.db, filter);
    const total = body.rule
      ? (byRule.find((r) => r.rule === body.rule)?.count ?? 0)
      : byRule.reduce((a, r) => a + r.count, 0);
    return {
      records: rows.map((row) => toFinding(row, files)),
      total,
      curPage: body.curPage,
      pageSize: body.pageSize,
      run: result ? toRun(result) : null,
      byRule: byRule
        .map((r) => ({ rule: r.rule as CostRuleCode, count: r.count }))
        .sort((a, b) => Number(a.rule.slice(1)) - Number(b.rule.slice(1))),
    };
  }

  /** A file's summary tree (a few rows per unit project), each node with its findings counted. */
  async nodes(user: SessionUser, body: CheckNodesBody): Promise<CheckNodeRow[]> {
    const { result } = await this.findingScope(user, { xmId: body.xmId, fileId: body.fileId });
    const rows = await costFiles.nodesOf(this.db, body.fileId, NODE_LIMIT);
    const counts = result ? await repo.countsByNode(this.db, result.id, body.fileId) : [];
    const byNode = new Map(counts.map((c) => [c.nodeId, c]));
    return rows.map((row) => ({
      id: row.id,
      parentId: row.parentId,
      path: row.path,
      level: row.level,
      code: row.code,
      name: row.name,
      zy: row.zy,
      zzj: row.zzj,
      fbfxf: row.fbfxf,
      csxmf: row.csxmf,
      aqwmsgf: row.aqwmsgf,
      qtxmf: row.qtxmf,
      gf: row.gf,
      sj: row.sj,
      zzsxxse: row.zzsxxse,
      findings: byNode.get(row.id)?.findings ?? 0,
      errors: byNode.get(row.id)?.errors ?? 0,
    }));
  }

  /** Every finding under the filters (for the xlsx), and the run they belong to. */
  async exportFindings(user: SessionUser, body: Omit<FindFindingsBody, 'curPage' | 'pageSize'>) {
    const { result, filter, files } = await this.findingScope(user, body);
    const rows = await repo.findingRows(this.db, filter, { limit: EXPORT_MAX_ROWS });
    return { run: result ? toRun(result) : null, findings: rows.map((row) => toFinding(row, files)) };
  }
}

/** A finding with its file's kind and bidder: the findings read are all of the visible files. */
function toFinding(row: repo.FindingRow, files: FileRow[]): Finding {
  const rule = row.rule as CostRuleCode;
  const file = files.find((f) => f.id === row.fileId);
  return {
    id: row.id,
    fileId: row.fileId,
    fileKind: file?.kind ?? '',
    bidderName: file?.bidderName ?? '',
    rule,
    severity: row.severity,
    message: row.message,
    expected: row.expected,
    found: row.found,
    nodeId: row.nodeId,
    nodePath: row.nodePath,
    nodeName: row.nodeName,
    itemCode: row.itemCode,
    ruleTitle: COST_RULES[rule]?.title ?? rule,
  };
}
