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
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bidDocuments } from '../../db/schema/bid-detection.ts';
import { costCheckFindings, costCheckRuns } from '../../db/schema/cost-checks.ts';
import { costFiles, costNodes } from '../../db/schema/file-analysis.ts';
import type { Enqueue } from '../../engine/modules.ts';
import type { UserNotices } from '../../engine/user-notices.ts';
import type { SessionUser } from '../../platform/access.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import { cents, yuan } from './check-money.ts';
import * as repo from './check-repository.ts';
import { runChecks } from './checks/index.ts';
import type { CheckedFile, CheckInput, FindingDraft } from './checks/types.ts';
import type { CostRulesService } from './rules-service.ts';
import { visibleNodes } from './tree-repository.ts';

export const NOT_A_BIDDER_MESSAGE = '您不是该项目的投标人，无权查看检测结果';
export const OTHER_BIDDER_MESSAGE = '无权查看其他投标人的检测结果';
export const NOTICE_TITLE = '造价文件检测';
/** The durable job of a run (check-job.ts defines it). */
export const COST_CHECK_JOB = 'file-analysis.cost-check';
/** A run still marked running after this long was left by a dead process: a new start supersedes it. */
const STALE_RUN_MINUTES = 60;
/** Findings are written in batches of this many rows. */
const INSERT_BATCH = 1000;
/** The most findings one export holds (each rule lists at most 201 per file). */
const EXPORT_MAX_ROWS = 50_000;
/** The most summary-tree nodes one file answers (projects have tens to hundreds). */
const NODE_LIMIT = 5000;

type RunRow = typeof costCheckRuns.$inferSelect;
type FileRow = repo.FileRow;

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
    const project = await repo.findProject(this.db, body.xmId);
    if (!project) return refuse(COST_CHECK_NO_PROJECT_MESSAGE);
    const files = (await repo.projectFiles(this.db, project.id)).filter((f) => checkedKinds.includes(f.kind));
    if (files.some((f) => f.parseState === 'pending')) return refuse(COST_CHECK_PENDING_FILES_MESSAGE);
    if (!files.some((f) => f.parseState === 'parsed')) return refuse(COST_CHECK_NO_FILES_MESSAGE);
    try {
      const runId = await this.db.transaction(async (tx) => {
        // A run a dead process left "running" long ago no longer blocks the project.
        await tx
          .update(costCheckRuns)
          .set({ state: 'failed', errorMessage: '检测中断', finishedAt: new Date(), updatedAt: new Date() })
          .where(
            and(
              eq(costCheckRuns.projectId, project.id),
              inArray(costCheckRuns.state, ['queued', 'running']),
              lt(costCheckRuns.updatedAt, sql`now() - make_interval(mins => ${STALE_RUN_MINUTES})`),
            ),
          );
        const [run] = await tx
          .insert(costCheckRuns)
          .values({ projectId: project.id, state: 'queued', requestedBy: user.id })
          .returning();
        if (!run) throw new Error('run insert returned nothing');
        if (!this.enqueue) throw new Error('cost checks without a job system cannot be started');
        const jobId = await this.enqueue(tx, COST_CHECK_JOB, { runId: run.id });
        await tx.update(costCheckRuns).set({ jobId }).where(eq(costCheckRuns.id, run.id));
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
    const [run] = await this.db.select().from(costCheckRuns).where(eq(costCheckRuns.id, runId)).limit(1);
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
    const [run] = await this.db
      .insert(costCheckRuns)
      .values({ projectId, state: 'queued', requestedBy: user.id })
      .returning();
    if (!run) throw new Error('run insert returned nothing');
    await this.execute(run, { reportProgress: async () => {}, signal: new AbortController().signal });
    return run.id;
  }

  private async execute(run: RunRow, context: Pick<JobContext, 'reportProgress' | 'signal'>) {
    const rules = await this.rules.current();
    const started = await this.db
      .update(costCheckRuns)
      .set({
        state: 'running',
        ruleVersion: rules.version,
        progress: 0,
        startedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(costCheckRuns.id, run.id), inArray(costCheckRuns.state, ['queued', 'running'])))
      .returning({ id: costCheckRuns.id });
    // Superseded before it began (a later start took it for a dead run): nothing to do.
    if (started.length === 0) return;
    const project = await repo.findProject(this.db, run.projectId);
    if (!project) throw new Error(COST_CHECK_NO_PROJECT_MESSAGE);
    const files = (await repo.projectFiles(this.db, project.id)).filter((f) => f.parseState === 'parsed');
    const tenderFile = files.find((f) => f.kind === 'tender-boq') ?? null;
    const control = files.find((f) => f.kind === 'control-price') ?? null;
    const bids = files.filter((f) => f.kind === 'bid');
    const checked = [...(control ? [control] : []), ...bids];
    const tender = tenderFile
      ? {
          nodes: await repo.loadNodes(this.db, tenderFile.id),
          unitTotals: await repo.unitTotals(this.db, tenderFile.id),
        }
      : null;
    const controlNodes = control ? await repo.loadNodes(this.db, control.id) : [];
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
      await this.db
        .update(costCheckRuns)
        .set({ progress: percent, updatedAt: new Date() })
        .where(eq(costCheckRuns.id, run.id));
    }
    await this.db.transaction(async (tx) => {
      // The previous result (and anything of this run) goes in the transaction that writes the new one.
      await tx.delete(costCheckFindings).where(eq(costCheckFindings.projectId, project.id));
      for (let start = 0; start < drafts.length; start += INSERT_BATCH) {
        await tx.insert(costCheckFindings).values(
          drafts.slice(start, start + INSERT_BATCH).map(({ fileId, finding }) => ({
            runId: run.id,
            projectId: project.id,
            fileId,
            ...finding,
          })),
        );
      }
      const [done] = await tx
        .update(costCheckRuns)
        .set({
          state: 'done',
          progress: 100,
          findingCount: drafts.length,
          finishedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(costCheckRuns.id, run.id), eq(costCheckRuns.state, 'running')))
        .returning();
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
      const [failed] = await tx
        .update(costCheckRuns)
        .set({
          state: 'failed',
          errorMessage: reason.slice(0, 500),
          finishedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(costCheckRuns.id, run.id), inArray(costCheckRuns.state, ['queued', 'running'])))
        .returning();
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
    const compare = (filter: Parameters<typeof repo.compareWithTender>[3], fields: repo.ComparedField[]) =>
      tenderId ? repo.compareWithTender(this.db, file.id, tenderId, filter, fields) : Promise.resolve(null);
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
      nodes: await repo.loadNodes(this.db, file.id),
      unitTotals: await repo.unitTotals(this.db, file.id),
      feeItems: await repo.feeItems(this.db, file.id),
      tender,
      controlTotal: context.controlTotal,
      approvedEstimate: context.approvedEstimate,
      items: {
        duplicates: await repo.duplicateCodes(this.db, file.id),
        identity: await compare(repo.IDENTITY_FILTER, ['name', 'features', 'unit', 'quantity']),
        provisionalPrices: await compare(repo.PROVISIONAL_PRICE_FILTER, ['name', 'unitPrice', 'total']),
        dayworks: await compare(repo.DAYWORK_FILTER, ['name', 'unit', 'quantity']),
        prices: await repo.priceIssues(this.db, file.id),
        totals: await repo.totalIssues(this.db, file.id),
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
    const project = await repo.findProject(this.db, xmId);
    if (!project) throw notFound(COST_CHECK_NO_PROJECT_MESSAGE);
    await this.visibleFiles(user, project.id);
    const control = (await repo.projectFiles(this.db, project.id)).find(
      (f) => f.kind === 'control-price' && f.parseState === 'parsed',
    );
    const nodes = control ? await repo.loadNodes(this.db, control.id) : [];
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
    const files = (await repo.projectFiles(this.db, projectId)).filter((f) => checkedKinds.includes(f.kind));
    if (user.loginRoleType === 'M') return files;
    const own = files.filter((f) => f.kind === 'bid' && f.bidderUserId === user.id);
    if (own.length === 0 && !noneAllowed && !(await this.hasBidDocument(user.id, projectId))) {
      throw forbidden(NOT_A_BIDDER_MESSAGE);
    }
    return own;
  }

  /** An enterprise with a live bid document of the project is one of its bidders (decision 0052). */
  private async hasBidDocument(userId: string, projectId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: bidDocuments.id })
      .from(bidDocuments)
      .where(
        and(
          eq(bidDocuments.projectId, projectId),
          eq(bidDocuments.bidderUserId, userId),
          isNull(bidDocuments.deletedAt),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  private async latestRuns(projectId: string): Promise<{ active: RunRow | null; result: RunRow | null }> {
    const rows = await this.db
      .select()
      .from(costCheckRuns)
      .where(eq(costCheckRuns.projectId, projectId))
      .orderBy(desc(costCheckRuns.createdAt))
      .limit(20);
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
    const project = await repo.findProject(this.db, xmId);
    if (!project) throw notFound(COST_CHECK_NO_PROJECT_MESSAGE);
    const files = await this.visibleFiles(user, project.id, bids.length > 0);
    const { active, result } = await this.latestRuns(project.id);
    const [last] = await this.db
      .select()
      .from(costCheckRuns)
      .where(eq(costCheckRuns.projectId, project.id))
      .orderBy(desc(costCheckRuns.createdAt))
      .limit(1);
    const counts = result
      ? await this.db
          .select({
            fileId: costCheckFindings.fileId,
            severity: costCheckFindings.severity,
            count: sql<number>`count(*)::int`,
          })
          .from(costCheckFindings)
          .where(eq(costCheckFindings.runId, result.id))
          .groupBy(costCheckFindings.fileId, costCheckFindings.severity)
      : [];
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
    };
  }

  private async findingScope(user: SessionUser, body: Omit<FindFindingsBody, 'curPage' | 'pageSize'>) {
    const project = await repo.findProject(this.db, body.xmId);
    if (!project) throw notFound(COST_CHECK_NO_PROJECT_MESSAGE);
    const files = await this.visibleFiles(user, project.id);
    if (body.fileId && !files.some((f) => f.id === body.fileId)) {
      throw forbidden(user.loginRoleType === 'M' ? '文件不属于该项目' : OTHER_BIDDER_MESSAGE);
    }
    const { result } = await this.latestRuns(project.id);
    const fileIds = body.fileId ? [body.fileId] : files.map((f) => f.id);
    const common = result
      ? and(
          eq(costCheckFindings.runId, result.id),
          inArray(
            costCheckFindings.fileId,
            fileIds.length ? fileIds : ['00000000-0000-0000-0000-000000000000'],
          ),
          body.severity ? eq(costCheckFindings.severity, body.severity) : undefined,
          body.nodePath
            ? sql`(${costCheckFindings.nodePath} = ${body.nodePath} or ${costCheckFindings.nodePath} like ${`${body.nodePath}.%`})`
            : undefined,
        )
      : sql`false`;
    const where = and(common, body.rule ? eq(costCheckFindings.rule, body.rule) : undefined);
    return { result, common, where, files };
  }

  private selectFindings() {
    return this.db
      .select({
        id: costCheckFindings.id,
        fileId: costCheckFindings.fileId,
        fileKind: costFiles.kind,
        bidderName: sql<string>`coalesce(${costFiles.bidderName}, '')`,
        rule: costCheckFindings.rule,
        severity: costCheckFindings.severity,
        message: costCheckFindings.message,
        expected: costCheckFindings.expected,
        found: costCheckFindings.found,
        nodeId: costCheckFindings.nodeId,
        nodePath: costCheckFindings.nodePath,
        nodeName: costCheckFindings.nodeName,
        itemCode: costCheckFindings.itemCode,
      })
      .from(costCheckFindings)
      .innerJoin(costFiles, eq(costFiles.id, costCheckFindings.fileId));
  }

  async findings(user: SessionUser, body: FindFindingsBody): Promise<FindingPage> {
    const { result, common, where } = await this.findingScope(user, body);
    const rows = await this.selectFindings()
      .where(where)
      .orderBy(sql`length(${costCheckFindings.rule})`, costCheckFindings.rule, costCheckFindings.id)
      .limit(body.pageSize)
      .offset((body.curPage - 1) * body.pageSize);
    const byRule = await this.db
      .select({ rule: costCheckFindings.rule, count: sql<number>`count(*)::int` })
      .from(costCheckFindings)
      .where(common)
      .groupBy(costCheckFindings.rule);
    const total = body.rule
      ? (byRule.find((r) => r.rule === body.rule)?.count ?? 0)
      : byRule.reduce((a, r) => a + r.count, 0);
    return {
      records: rows.map(toFinding),
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
    const rows = await this.db
      .select()
      .from(costNodes)
      .where(visibleNodes(body.fileId))
      .orderBy(costNodes.path)
      .limit(NODE_LIMIT);
    const counts = result
      ? await this.db
          .select({
            nodeId: costCheckFindings.nodeId,
            findings: sql<number>`count(*)::int`,
            errors: sql<number>`(count(*) filter (where ${costCheckFindings.severity} = 'error'))::int`,
          })
          .from(costCheckFindings)
          .where(
            and(
              eq(costCheckFindings.runId, result.id),
              eq(costCheckFindings.fileId, body.fileId),
              sql`${costCheckFindings.severity} <> 'skipped'`,
            ),
          )
          .groupBy(costCheckFindings.nodeId)
      : [];
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
    const { result, where } = await this.findingScope(user, body);
    const rows = await this.selectFindings()
      .where(where)
      .orderBy(sql`length(${costCheckFindings.rule})`, costCheckFindings.rule, costCheckFindings.id)
      .limit(EXPORT_MAX_ROWS);
    return { run: result ? toRun(result) : null, findings: rows.map(toFinding) };
  }
}

function toFinding(row: Omit<Finding, 'ruleTitle' | 'rule'> & { rule: string }): Finding {
  const rule = row.rule as CostRuleCode;
  return { ...row, rule, ruleTitle: COST_RULES[rule]?.title ?? rule };
}
