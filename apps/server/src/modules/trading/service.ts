import {
  DEFAULT_TIMELINE_LIMITS,
  type HistoryEntry,
  PROJECT_STATE_LABELS,
  type Project,
  type ProjectList,
  type ProjectListQuery,
  type ProjectReviewBodySchema,
  type ProjectSaveBodySchema,
  type ProjectState,
  type ProjectVersionBody,
  type Section,
  type SectionAttachmentsBody,
  type SectionFile,
  SectionInputSchema,
  type SectionStatus,
  type TimelineLimits,
  TRADING_MESSAGES,
  type TradingAction,
  type TradingSide,
  type UpdatePrincipalBodySchema,
} from '@ks/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import { chinaDay, fromChinaTime, toChinaTime } from './dates.ts';
import * as repo from './repository.ts';
import { actionsFor, mayDo, SEEING_SIDES } from './rules.ts';
import { requireRulesOfTime } from './time-check.ts';

type SaveBody = z.output<typeof ProjectSaveBodySchema>;
type SectionBody = z.output<typeof SectionInputSchema>;
type Meta = { ip: string };

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The caller's side of a project, from the server's own facts: login type, stored roles, parties. */
export async function sideOf(
  db: Db,
  caller: Pick<SessionUser, 'id' | 'loginRoleType'>,
  projectId: string | null,
): Promise<TradingSide> {
  if (caller.loginRoleType === 'M') {
    const facts = await repo.callerFacts(db, caller.id);
    return facts?.roles.includes('supervisor') ? 'supervisor' : 'centre';
  }
  if (caller.loginRoleType !== 'U') return 'none';
  const capacity = projectId ? await repo.capacityOf(db, projectId, caller.id) : null;
  return capacity ?? 'bidder';
}

function sectionOf(row: repo.SectionRow, attachmentCount: number): Section {
  return {
    id: row.id,
    code: row.code,
    projectId: row.projectId,
    name: row.name,
    type: row.type as Section['type'],
    estimatePrice: row.estimatePrice,
    controlPrice: row.controlPrice,
    controlPriceNote: row.controlPriceNote,
    qualification: row.qualification,
    evaluationMethod: row.evaluationMethod,
    noticeAt: toChinaTime(row.noticeAt),
    saleStartAt: toChinaTime(row.saleStartAt),
    saleEndAt: toChinaTime(row.saleEndAt),
    bidDeadlineAt: toChinaTime(row.bidDeadlineAt),
    openingAt: toChinaTime(row.openingAt),
    attachmentCount,
  };
}

const sectionValues = (section: SectionBody): repo.SectionValues & { id?: string } => ({
  ...(section.id ? { id: section.id } : {}),
  name: section.name,
  type: section.type,
  estimatePrice: section.estimatePrice,
  controlPrice: section.controlPrice,
  controlPriceNote: section.controlPriceNote,
  qualification: section.qualification,
  evaluationMethod: section.evaluationMethod,
  noticeAt: fromChinaTime(section.noticeAt),
  saleStartAt: fromChinaTime(section.saleStartAt),
  saleEndAt: fromChinaTime(section.saleEndAt),
  bidDeadlineAt: fromChinaTime(section.bidDeadlineAt),
  openingAt: fromChinaTime(section.openingAt),
});

/**
 * The trading process's first slice (decision 0073): entry of a project with its sections by its
 * tenderee or agent, the centre's approval, the principal's change, and what each side sees.
 * Entered projects are seen by their parties, the centre and supervisors only; to anyone else they
 * do not exist (not found, never forbidden, so their existence is not told).
 */
export class TradingService {
  constructor(
    private readonly db: Db,
    /** The deployment's limits for the rules of time (TRADING_* configuration). */
    private readonly limits: TimelineLimits = DEFAULT_TIMELINE_LIMITS,
    /** The server's clock: planned dates are checked against it, never the browser's. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The project as `caller` may see it, with its side; not found to anyone it is hidden from. */
  private async visible(db: Db, caller: SessionUser, id: string, lock = false) {
    const row = lock ? await repo.lockProject(db, id) : await repo.findProject(db, id);
    if (!row) throw notFound(TRADING_MESSAGES.projectNotFound);
    const side = await sideOf(db, caller, row.id);
    if (!SEEING_SIDES.includes(side)) throw notFound(TRADING_MESSAGES.projectNotFound);
    return { row, side };
  }

  /** Refuses an action the rule table does not give the caller now; supervisors are told why. */
  private check(
    action: TradingAction,
    side: TradingSide,
    state: ProjectState,
    version?: { sent: number; current: number },
  ) {
    if (side === 'supervisor') throw forbidden(TRADING_MESSAGES.supervisorReadOnly);
    if (!mayDo(action, side, state)) throw forbidden(TRADING_MESSAGES.notAllowed);
    if (version && version.sent !== version.current) throw conflict(TRADING_MESSAGES.stale);
  }

  private async projectOf(db: Db, row: repo.ProjectRow, side: TradingSide): Promise<Project> {
    // One after another: inside a transaction they share one connection.
    const sections = await repo.sectionsOf(db, row.id);
    const parties = await repo.partiesOf(db, [row.id]);
    const history = await repo.historyOf(db, row.id);
    const agent = parties.get(row.id)?.find((party) => party.capacity === 'agent');
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      state: row.state,
      tendereeName: row.tendereeName,
      agentName: agent?.name ?? null,
      principal: row.principal,
      principalPhone: row.principalPhone,
      returnReason: row.returnReason,
      submittedAt: iso(row.submittedAt),
      decidedAt: iso(row.decidedAt),
      createdAt: row.createdAt.toISOString(),
      version: row.version,
      side,
      actions: actionsFor(side, row.state),
      sections: sections.map(({ section, attachmentCount }) => sectionOf(section, attachmentCount)),
      history: history.map(
        (entry): HistoryEntry => ({
          at: entry.at.toISOString(),
          actorName: entry.actorName,
          action: entry.action,
          reason: entry.reason,
        }),
      ),
    };
  }

  async list(caller: SessionUser, query: ProjectListQuery): Promise<ProjectList> {
    const callerSide = await sideOf(this.db, caller, null);
    const centre = callerSide === 'centre' || callerSide === 'supervisor';
    const mayEnter = caller.loginRoleType === 'U';
    if (!centre && !mayEnter) return { mayEnter, records: [] };
    const rows = await repo.listProjects(this.db, {
      ...(centre ? {} : { partyUserId: caller.id }),
      ...(query.state ? { state: query.state } : {}),
      ...(query.keyword ? { keyword: query.keyword } : {}),
    });
    const parties = await repo.partiesOf(
      this.db,
      rows.map(({ project }) => project.id),
    );
    return {
      mayEnter,
      records: rows.map(({ project, sectionCount }) => {
        const on = parties.get(project.id) ?? [];
        const mine = on.find((party) => party.userId === caller.id);
        return {
          id: project.id,
          code: project.code,
          name: project.name,
          state: project.state,
          tendereeName: project.tendereeName,
          agentName: on.find((party) => party.capacity === 'agent')?.name ?? null,
          sectionCount,
          updatedAt: project.updatedAt.toISOString(),
          side: centre ? callerSide : (mine?.capacity ?? 'bidder'),
        };
      }),
    };
  }

  async detail(caller: SessionUser, id: string): Promise<Project> {
    const { row, side } = await this.visible(this.db, caller, id);
    return this.projectOf(this.db, row, side);
  }

  /** Planned notices must lie ahead of the server's clock, on save and again on submit. */
  private checkFuture(sections: readonly { noticeAt: Date }[]) {
    const now = this.now();
    const fields: Record<string, string> = {};
    sections.forEach((section, index) => {
      if (section.noticeAt.getTime() <= now.getTime())
        fields[`sections.${index}.noticeAt`] = TRADING_MESSAGES.noticeInPast;
    });
    if (Object.keys(fields).length > 0) throw badRequest(TRADING_MESSAGES.noticeInPast, fields);
  }

  /** POST /ks/xmrc/v1/bd/save: enters a new project (the caller becomes its tenderee or agent) or edits a draft. */
  async save(caller: SessionUser, body: SaveBody, meta: Meta): Promise<Project> {
    const values = body.sections.map(sectionValues);
    this.checkFuture(values);
    await requireRulesOfTime(this.db, values, this.limits);
    return this.db.transaction(async (tx) => {
      const facts = await repo.callerFacts(tx, caller.id);
      let row: repo.ProjectRow;
      let side: TradingSide;
      if (body.id === undefined) {
        side = await sideOf(tx, caller, null);
        if (side === 'supervisor') throw forbidden(TRADING_MESSAGES.supervisorReadOnly);
        if (side !== 'bidder') throw forbidden('只有企业账号可以登记项目');
        side = body.capacity;
        // No port of the market module finds an enterprise by name or credit code yet: an agent's
        // tenderee is kept by name (decision 0073).
        const tendereeName =
          body.capacity === 'tenderee' ? (facts?.enterpriseName ?? caller.userName) : body.tendereeName;
        row = await repo.insertProject(
          tx,
          {
            name: body.name,
            tendereeName,
            principal: body.principal,
            principalPhone: body.principalPhone,
            createdBy: caller.id,
          },
          chinaDay(this.now()),
        );
        await repo.insertParty(tx, row.id, caller.id, body.capacity);
        await repo.insertHistory(tx, {
          projectId: row.id,
          actorId: caller.id,
          actorName: caller.userName,
          action: '登记项目',
        });
      } else {
        const found = await this.visible(tx, caller, body.id, true);
        side = found.side;
        this.check('edit', side, found.row.state, { sent: body.version ?? -1, current: found.row.version });
        row = await repo.updateProject(tx, found.row.id, {
          name: body.name,
          principal: body.principal,
          principalPhone: body.principalPhone,
          // The capacity is the party's, fixed at entry; an agent may correct the tenderee's name.
          ...(side === 'agent' && body.tendereeName !== '' ? { tendereeName: body.tendereeName } : {}),
        });
      }
      if (!(await repo.replaceSections(tx, row, values)))
        throw badRequest(TRADING_MESSAGES.sectionOfOtherProject, {
          sections: TRADING_MESSAGES.sectionOfOtherProject,
        });
      await recordOperation(tx, {
        user: caller,
        action: body.id === undefined ? '登记项目' : '修改项目',
        targetType: 'trading_project',
        targetId: row.id,
        targetName: row.name,
        ip: meta.ip,
      });
      return this.projectOf(tx, row, side);
    });
  }

  /** Submits an entered project for the centre's approval (草稿 / 已退回 → 待审核). */
  async submit(caller: SessionUser, body: ProjectVersionBody, meta: Meta): Promise<Project> {
    return this.db.transaction(async (tx) => {
      const { row, side } = await this.visible(tx, caller, body.id, true);
      this.check('submit', side, row.state, { sent: body.version, current: row.version });
      const sections = await repo.sectionsOf(tx, row.id);
      if (sections.length === 0) throw badRequest('请至少填写一个标段');
      this.checkFuture(sections.map(({ section }) => section));
      await requireRulesOfTime(
        tx,
        sections.map(({ section }) => section),
        this.limits,
      );
      // Dates saved long ago still obey the order the form checks today.
      for (const { section } of sections) {
        const checked = SectionInputSchema.safeParse(sectionOf(section, 0));
        if (!checked.success)
          throw badRequest(`${section.name}：${checked.error.issues[0]?.message ?? '标段信息有误'}`);
      }
      const updated = await repo.updateProject(tx, row.id, {
        state: 'pending',
        submittedAt: this.now(),
        returnReason: '',
      });
      await repo.insertHistory(tx, {
        projectId: row.id,
        actorId: caller.id,
        actorName: caller.userName,
        action: '提交审核',
      });
      await recordOperation(tx, {
        user: caller,
        action: '提交项目审核',
        targetType: 'trading_project',
        targetId: row.id,
        targetName: row.name,
        ip: meta.ip,
      });
      return this.projectOf(tx, updated, side);
    });
  }

  /** The centre approves a submitted project or returns it with its reason. */
  async review(
    caller: SessionUser,
    body: z.output<typeof ProjectReviewBodySchema>,
    meta: Meta,
  ): Promise<Project> {
    return this.db.transaction(async (tx) => {
      const { row, side } = await this.visible(tx, caller, body.id, true);
      this.check(body.decision, side, row.state, { sent: body.version, current: row.version });
      const approve = body.decision === 'approve';
      const updated = await repo.updateProject(tx, row.id, {
        state: approve ? 'approved' : 'returned',
        decidedAt: this.now(),
        returnReason: approve ? '' : body.reason,
      });
      const action = approve ? '审核通过' : '退回';
      await repo.insertHistory(tx, {
        projectId: row.id,
        actorId: caller.id,
        actorName: caller.userName,
        action,
        reason: body.reason,
      });
      await recordOperation(tx, {
        user: caller,
        action: `项目${action}`,
        targetType: 'trading_project',
        targetId: row.id,
        targetName: row.name,
        detail: body.reason,
        ip: meta.ip,
      });
      return this.projectOf(tx, updated, side);
    });
  }

  /** POST /ks/trade/update-principal: a new responsible person, with who changed it and why in the history. */
  async updatePrincipal(
    caller: SessionUser,
    body: z.output<typeof UpdatePrincipalBodySchema>,
    meta: Meta,
  ): Promise<Project> {
    return this.db.transaction(async (tx) => {
      const { row, side } = await this.visible(tx, caller, body.id, true);
      this.check('updatePrincipal', side, row.state, { sent: body.version, current: row.version });
      const updated = await repo.updateProject(tx, row.id, {
        principal: body.principal,
        principalPhone: body.principalPhone,
      });
      const change = `${row.principal} → ${body.principal}`;
      await repo.insertHistory(tx, {
        projectId: row.id,
        actorId: caller.id,
        actorName: caller.userName,
        action: `变更负责人（${change}）`,
        reason: body.reason,
      });
      await recordOperation(tx, {
        user: caller,
        action: '变更项目负责人',
        targetType: 'trading_project',
        targetId: row.id,
        targetName: row.name,
        detail: `${change}：${body.reason}`,
        ip: meta.ip,
      });
      return this.projectOf(tx, updated, side);
    });
  }

  private async sectionAndProject(db: Db, caller: SessionUser, sectionId: string, lock = false) {
    const section = await repo.findSection(db, sectionId);
    if (!section) throw notFound(TRADING_MESSAGES.sectionNotFound);
    try {
      return { section, ...(await this.visible(db, caller, section.projectId, lock)) };
    } catch {
      // A hidden project's section is as unknown as one that does not exist.
      throw notFound(TRADING_MESSAGES.sectionNotFound);
    }
  }

  /** /ks/trade/buttons and overview-status: a section's state and the caller's buttons on it. */
  async status(caller: SessionUser, sectionId: string): Promise<SectionStatus> {
    const { row, side } = await this.sectionAndProject(this.db, caller, sectionId);
    return {
      sectionId,
      projectId: row.id,
      state: row.state,
      stateLabel: PROJECT_STATE_LABELS[row.state],
      side,
      actions: actionsFor(side, row.state),
    };
  }

  /** GET /ks/xmrc/v1/bd-files: a section's attachments. */
  async files(caller: SessionUser, sectionId: string): Promise<SectionFile[]> {
    await this.sectionAndProject(this.db, caller, sectionId);
    return (await repo.filesOfSection(this.db, sectionId)).map((file) => ({
      ...file,
      url: `/ks/file/v1/files/${file.id}`,
    }));
  }

  /** POST /ks/xmrc/v1/bd/attachments: the section's attachments become exactly the listed files. */
  async setFiles(caller: SessionUser, body: SectionAttachmentsBody, meta: Meta): Promise<SectionFile[]> {
    const fileIds = [...new Set(body.fileIds)];
    await this.db.transaction(async (tx) => {
      const { row, side } = await this.sectionAndProject(tx, caller, body.sectionId, true);
      this.check('edit', side, row.state);
      const usable = new Set(await repo.usableFiles(tx, body.sectionId, caller.id, fileIds));
      const missing = fileIds.findIndex((id) => !usable.has(id));
      if (missing >= 0)
        throw badRequest(TRADING_MESSAGES.fileNotFound, {
          [`fileIds.${missing}`]: TRADING_MESSAGES.fileNotFound,
        });
      await repo.setSectionFiles(tx, body.sectionId, fileIds);
      await recordOperation(tx, {
        user: caller,
        action: '保存标段附件',
        targetType: 'trading_section',
        targetId: body.sectionId,
        targetName: row.name,
        detail: `${fileIds.length}个附件`,
        ip: meta.ip,
      });
    });
    return this.files(caller, body.sectionId);
  }
}
