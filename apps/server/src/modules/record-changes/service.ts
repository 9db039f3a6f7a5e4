import {
  CHANGE_MESSAGES,
  type ChangeData,
  type ChangeFields,
  type ChangeFile,
  type ChangeList,
  type ChangeOperation,
  type ChangeOperationCode,
  type ChangeRecord,
  type ChangeSaved,
  type ChangeTypeOption,
  type ChangeTypeTreeEnvelopeSchema,
  CONTACT_MESSAGES,
  type ContactPerson,
  changeableItems,
  changeProblems,
  changeStatusLabel,
  changeTypeTree,
  ENCLOSURE_DATA_TYPE,
  ENCLOSURE_FIELD,
  type FormItem,
  isChangeUploadName,
  type ListChangesBody,
  ListChangesBodySchema,
  type NativeValue,
  type ReviewChangeBody,
  ReviewChangeBodySchema,
  type RevisionChange,
  recordFromWire,
  recordToWire,
  type SaveChangeBody,
  SaveChangeBodySchema,
  type SubmitChangeBody,
  SubmitChangeBodySchema,
  type WireValue,
} from '@ks/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type LifecycleEvents, withFailureLogged } from '../../engine/lifecycle.ts';
import { functionsOf, requireNodeUse } from '../../engine/node-functions.ts';
import {
  loadRecord,
  nativeOf,
  type ResolvedNode,
  recordNotFound,
  resolveNode,
  type StoredRecord,
  writeRevision,
} from '../../engine/record-store.ts';
import type { ReviewNotices } from '../../engine/review-notices.ts';
import { isOwnerSide } from '../../engine/row-scope.ts';
import { validateForSave } from '../../engine/validate-for-save.ts';
import type { SessionUser } from '../../platform/access.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { fileUrl } from '../../platform/file-refs.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import { lockRecord, replaceAttachments, writeRecordValues } from './apply-repository.ts';
import * as repo from './repository.ts';

/**
 * Change requests on approved records (decision 0046): who may do what is decided
 * here per caller and state, and the same content checks as the dialog run on every save and
 * review. A pass writes the new values, a revision and a log line onto the record and emits
 * `changeApplied`, all in the review's transaction, so a handler's refusal rolls the pass back.
 */

export type RequestMeta = { ip: string };
type ChangeNotices = Pick<ReviewNotices, 'sendResult' | 'openTodo' | 'closeTodo'>;
type Saved = { id: string; version: number };

/** A node as a change call sees it, with the caller's two permissions on it. */
type ChangeContext = {
  node: ResolvedNode;
  /** An administrator granted the node's audit function, or a reviewer of its audit flow. */
  managerPermission: boolean;
};
/** A record as a change call sees it: the caller's side of it. */
type RecordAccess = ChangeContext & {
  record: StoredRecord;
  /** The record's owner (enterprise or person) may initiate and edit their own change. */
  userPermission: boolean;
};

const BUTTONS: Record<ChangeOperationCode, { name: string; color: string }> = {
  save: { name: '保存', color: '#1677ff' },
  submit: { name: '提交', color: '#52c41a' },
  pass: { name: '通过', color: '#52c41a' },
  reject: { name: '驳回', color: '#ff4d4f' },
  closed: { name: '关闭', color: '#8c8c8c' },
  modify: { name: '修改', color: '#fa8c16' },
};
const operations = (show: Partial<Record<ChangeOperationCode, boolean>>): ChangeOperation[] =>
  (Object.keys(BUTTONS) as ChangeOperationCode[]).map((code) => ({
    code,
    ...BUTTONS[code],
    show: code === 'closed' ? true : (show[code] ?? false),
  }));

/** A wire value as the dataList carries it (text). */
const asText = (value: WireValue | undefined): string | null =>
  value === null || value === undefined ? null : String(value);

/** Parses a body with a contract schema: a failure is a 400 with its first message. */
function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw badRequest(parsed.error.issues[0]?.message ?? CHANGE_MESSAGES.validationFailed, fields);
}

/**
 * The requester's contact person for the change (the length-1 contact form): required
 * whenever the requester saves; its format was checked with the body.
 */
function requiredContact(contact: ContactPerson | undefined): ContactPerson {
  if (!contact)
    throw badRequest(CONTACT_MESSAGES.nameRequired, { 'contact.ry_name': CONTACT_MESSAGES.nameRequired });
  return contact;
}

const FILE_URL_PATTERN = /^\/ks\/file\/v1\/files\/([0-9a-f-]{36})$/i;
const splitUrls = (text: string | null | undefined) =>
  (text ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);

export class RecordChangeService {
  constructor(
    private readonly db: Db,
    private readonly events: LifecycleEvents,
    private readonly notices: ChangeNotices,
  ) {}

  // ————— who may do what —————

  /**
   * The node a call names, refused to developers, to whoever may not use the node (its form's groups
   * and fields are its definition: 无权访问该功能) and where the node does not allow changes.
   */
  private async context(user: SessionUser, ref: { systemCoding: string; gnCoding: string }) {
    if (user.loginRoleType === 'D') throw forbidden();
    const node = await resolveNode(this.db, ref.systemCoding, ref.gnCoding, undefined, user);
    await requireNodeUse(this.db, user, node);
    if (!node.definition.allowChangeAfterApproval) throw badRequest(CHANGE_MESSAGES.notAllowed);
    return { node, managerPermission: await this.isManager(user, node) };
  }

  /** managerPermission: an administrator granted the node's audit, or named by its audit flow. */
  private async isManager(user: SessionUser, node: ResolvedNode): Promise<boolean> {
    if (user.loginRoleType !== 'M') return false;
    if ((await functionsOf(this.db, user, node)).has('audit')) return true;
    const levels = node.definition.audit.levels;
    if (levels.some((level) => level.way === 'single' && level.reviewerUserId === user.id)) return true;
    const orgIds = levels
      .filter((level) => level.way !== 'single' && level.orgId)
      .map((level) => level.orgId);
    if (orgIds.length === 0) return false;
    return repo.isMemberOfAuditOrgs(this.db, user.id, orgIds);
  }

  /**
   * The administrators with managerPermission on a node: its reviewers, who get a to-do when a
   * change is submitted. The node's resolved grants are its caller's, so each one's are read afresh.
   */
  private async managersOf(node: ResolvedNode): Promise<{ id: string }[]> {
    const unresolved = { ...node, grants: null };
    const managers = [];
    for (const admin of await repo.activeAdministrators(this.db)) {
      const user: SessionUser = { ...admin, loginRoleType: 'M', sessionId: '' };
      if (await this.isManager(user, unresolved)) managers.push(admin);
    }
    return managers;
  }

  /**
   * The record a change names and the caller's side of it: its owner (the requester) or an
   * administrator; anybody else is refused (403) and never sees its changes.
   */
  private async access(
    user: SessionUser,
    ref: { systemCoding: string; gnCoding: string },
    recordId: string,
    db: Db = this.db,
    lock = false,
  ): Promise<RecordAccess> {
    const context = await this.context(user, ref);
    let { node } = context;
    const found = await loadRecord(db, node.tableName, recordId, [], undefined, lock);
    if (!found) throw recordNotFound();
    if (user.loginRoleType !== 'M' && !isOwnerSide(user, found)) throw forbidden();
    // A record is changed with the form it was filled in with.
    if (found.schemaVersion !== node.schemaVersion)
      node = await resolveNode(this.db, node.systemCoding, node.gnCoding, found.schemaVersion, user);
    const record = (await loadRecord(db, node.tableName, recordId, node.schema.items)) as StoredRecord;
    const userPermission =
      user.loginRoleType === 'M' ? record.ownerUserId === user.id : isOwnerSide(user, record);
    return { ...context, node, record, userPermission };
  }

  private static approved = (record: StoredRecord) =>
    record.status === 'approved' && record.auditState === 'passed';

  /** The buttons of one round for the caller. */
  private static roundOperations(
    access: RecordAccess,
    row: Pick<repo.ChangeRow, 'change' | 'submittedAt'>,
  ): ChangeOperation[] {
    const open = row.change === 1;
    const submitted = row.submittedAt !== null;
    return operations({
      save: access.userPermission && open && !submitted,
      submit: access.userPermission && open && !submitted,
      modify: access.managerPermission && open && submitted,
      pass: access.managerPermission && open && submitted,
      reject: access.managerPermission && open && submitted,
    });
  }

  private static view(access: RecordAccess, row: repo.ChangeRowWithNames): ChangeRecord {
    return {
      id: row.id,
      businessId: row.businessId,
      round: row.round,
      change: row.change,
      changeStatus: row.change === 1 && !row.submittedAt ? '待提交' : changeStatusLabel(row.change),
      changeType: row.changeType,
      changeTypeCode: row.changeTypeCode,
      logbook: row.logbook,
      auditRecord: row.auditRecord,
      attachment: row.fileList.map((file) => file.url).join(','),
      fileList: row.fileList,
      dataList: row.dataList,
      contact: row.contact ?? null,
      sbTime: row.submittedAt?.toISOString() ?? null,
      czTime: row.decidedAt?.toISOString() ?? null,
      requesterName: row.requesterName,
      reviewerName: row.reviewerName,
      version: row.version,
      userPermission: access.userPermission,
      managerPermission: access.managerPermission,
      operations: RecordChangeService.roundOperations(access, row),
    };
  }

  // ————— reading —————

  async list(user: SessionUser, input: ListChangesBody): Promise<ChangeList> {
    const body = parse(ListChangesBodySchema, input);
    const access = await this.access(user, body, body.businessId);
    const rounds = await repo.roundsOf(this.db, access.node.gnCoding, access.record.id);
    const canInitiate =
      body.change &&
      access.userPermission &&
      RecordChangeService.approved(access.record) &&
      !rounds.some((row) => row.change === 1);
    return {
      records: rounds.map((row) => RecordChangeService.view(access, row)),
      canInitiate,
      userPermission: access.userPermission,
      managerPermission: access.managerPermission,
      operations: operations({ save: canInitiate, submit: canInitiate }),
    };
  }

  async typeTree(
    user: SessionUser,
    ref: { systemCoding: string; gnCoding: string },
  ): Promise<z.infer<typeof ChangeTypeTreeEnvelopeSchema>['data']> {
    const { node, managerPermission } = await this.context(user, ref);
    const list: ChangeTypeOption[] = changeTypeTree(node.schema.items, node.definition.form.groups);
    const userPermission = user.loginRoleType !== 'M';
    return { list, userPermission, managerPermission, operations: operations({}) };
  }

  async fields(
    user: SessionUser,
    body: { systemCoding: string; gnCoding: string; id: string },
  ): Promise<ChangeFields> {
    const access = await this.access(user, body, body.id);
    const items = changeableItems(access.node.schema.items);
    const wire = recordToWire(items, access.record.values);
    const values: Record<string, string | null> = {};
    for (const item of items) values[item.code] = asText(wire[item.code]);
    const enclosureFiles = await repo.enclosureFilesOf(
      this.db,
      access.node.systemCoding,
      access.node.gnCoding,
      access.record.id,
    );
    return {
      values,
      fields: items,
      enclosure: enclosureFiles.map((file) => file.url).join(','),
      enclosureFiles,
      userPermission: access.userPermission,
      managerPermission: access.managerPermission,
      operations: operations({}),
    };
  }

  // ————— content checks —————

  /**
   * A change's content made whole and checked: the fields exist, old values are the
   * record's (never the client's), the new values pass the form's own checks and the change
   * checks, and every file is the caller's and an image or PDF. Answers the stored dataList and
   * fileList.
   */
  private async checkedContent(
    access: RecordAccess,
    user: SessionUser,
    body: { changeTypeCode: string; logbook: string; dataList: ChangeData[]; fileList: ChangeFile[] },
    review: boolean,
    db: Db = this.db,
  ): Promise<{ dataList: ChangeData[]; fileList: ChangeFile[] }> {
    const { node, record } = access;
    const items = changeableItems(node.schema.items);
    const byCode = new Map(items.map((item) => [item.code, item]));
    const currentWire = recordToWire(items, record.values);
    const current: Record<string, string | null> = {};
    for (const item of items) current[item.code] = asText(currentWire[item.code]);
    const enclosure = await repo.enclosureOf(db, node.systemCoding, node.gnCoding, record.id);

    const dataList: ChangeData[] = [];
    for (const entry of body.dataList) {
      if (entry.changeField === ENCLOSURE_FIELD) {
        dataList.push({
          changeField: ENCLOSURE_FIELD,
          fieldName: '附件',
          oldValue: enclosure.join(','),
          newValue: splitUrls(entry.newValue).join(','),
          dataType: ENCLOSURE_DATA_TYPE,
        });
        continue;
      }
      const item = byCode.get(entry.changeField);
      if (!item) throw badRequest(CHANGE_MESSAGES.unknownField(entry.changeField));
      dataList.push({
        changeField: item.code,
        fieldName: item.name,
        oldValue: current[item.code] ?? null,
        newValue: entry.newValue === null || entry.newValue.trim() === '' ? null : entry.newValue.trim(),
        dataType: item.type,
      });
    }
    const problems = changeProblems({ ...body, dataList }, node.schema.items, current, review);
    const first = Object.values(problems)[0];
    if (first) throw badRequest(first, problems);
    if (dataList.length === 0)
      throw badRequest(CHANGE_MESSAGES.noChanges, { dataList: CHANGE_MESSAGES.noChanges });
    // The form's own checks over the record as it would be: any failure is named under its field.
    await this.mergedValues(items, record, dataList, db);

    const fileList = await this.checkedFiles(user, access, body.fileList, db);
    const infoEntry = dataList.find((entry) => entry.changeField === ENCLOSURE_FIELD);
    if (infoEntry) {
      const known = new Set(enclosure);
      const fresh = splitUrls(infoEntry.newValue)
        .filter((url) => !known.has(url))
        .map((url) => ({ fileId: FILE_URL_PATTERN.exec(url)?.[1] ?? '', url, annexName: '' }));
      if (fresh.some((file) => !file.fileId)) throw badRequest(CHANGE_MESSAGES.fileMissing);
      await this.checkedFiles(user, access, fresh, db);
    }
    return { dataList, fileList };
  }

  /** The record's values with the change's new values, through the form's own checks. */
  private async mergedValues(
    items: readonly FormItem[],
    record: StoredRecord,
    dataList: readonly ChangeData[],
    db: Db = this.db,
  ) {
    const wire: Record<string, WireValue> = recordToWire(items, record.values);
    for (const entry of dataList)
      if (entry.changeField !== ENCLOSURE_FIELD) wire[entry.changeField] = entry.newValue;
    try {
      return await validateForSave(db, items, recordFromWire(items, wire));
    } catch (error) {
      if (error instanceof AppError)
        throw badRequest(CHANGE_MESSAGES.validationFailed, error.data as Record<string, string>);
      throw error;
    }
  }

  /** Files of a change: live, uploaded by the requester (or the editing administrator), images or PDF. */
  private async checkedFiles(
    user: SessionUser,
    access: RecordAccess,
    files: readonly ChangeFile[],
    db: Db = this.db,
  ) {
    const stored = await repo.filesByIds(
      db,
      files.map((file) => file.fileId),
    );
    const byId = new Map(stored.map((file) => [file.id, file]));
    const owners = new Set([user.id, access.record.ownerUserId]);
    return files.map((file) => {
      const found = byId.get(file.fileId);
      if (!found || (found.ownerUserId && !owners.has(found.ownerUserId) && user.loginRoleType !== 'M'))
        throw badRequest(CHANGE_MESSAGES.fileMissing);
      if (!isChangeUploadName(found.fileName)) throw badRequest(CHANGE_MESSAGES.uploadType);
      return { fileId: found.id, url: fileUrl(found.id), annexName: file.annexName || found.fileName };
    });
  }

  // ————— writing —————

  async save(user: SessionUser, input: SaveChangeBody, meta: RequestMeta): Promise<ChangeSaved> {
    const body = parse(SaveChangeBodySchema, input);
    const access = await this.access(user, body, body.businessId);
    const { node, record } = access;
    if (!body.id) {
      if (!access.userPermission) throw forbidden();
      if (!RecordChangeService.approved(record)) throw badRequest(CHANGE_MESSAGES.notApproved);
      const content = await this.checkedContent(access, user, body, false);
      const contact = requiredContact(body.contact);
      return this.db.transaction(async (tx) => {
        // The record's rounds are numbered under its row lock: two first saves get one round, not two.
        await lockRecord(tx, node, record.id);
        if (await repo.hasOpenRound(tx, record.id)) throw badRequest(CHANGE_MESSAGES.pendingExists);
        const row = await repo.insertChange(tx, {
          systemCoding: node.systemCoding,
          gnCoding: node.gnCoding,
          businessId: record.id,
          round: await repo.nextRound(tx, record.id),
          change: 1,
          changeType: body.changeType,
          changeTypeCode: body.changeTypeCode,
          logbook: body.logbook,
          fileList: content.fileList,
          dataList: content.dataList,
          contact,
          requesterUserId: user.id,
          requesterEnterpriseId: user.enterpriseId,
        });
        await recordOperation(tx, this.entry(user, node, '发起变更', row.id, meta));
        return this.answer(access, row, { change: 1, submittedAt: null });
      });
    }
    const existing = await repo.findChange(this.db, body.id);
    if (!existing || existing.businessId !== record.id) throw notFound(CHANGE_MESSAGES.notFound);
    if (existing.change !== 1) throw badRequest(CHANGE_MESSAGES.notEditable);
    const submitted = existing.submittedAt !== null;
    // Before submission the requester edits; afterwards only a reviewing administrator.
    if (submitted ? !access.managerPermission : !access.userPermission) throw forbidden();
    if (body.version === undefined || body.version !== existing.version)
      throw conflict(CHANGE_MESSAGES.stale);
    const content = await this.checkedContent(access, user, body, submitted);
    // The contact is the requester's: a reviewing administrator's edit keeps it.
    const contact = submitted ? existing.contact : requiredContact(body.contact);
    return this.db.transaction(async (tx) => {
      const row = await repo.updateChangeContent(tx, existing.id, existing.version, {
        changeType: body.changeType,
        changeTypeCode: body.changeTypeCode,
        logbook: body.logbook,
        fileList: content.fileList,
        dataList: content.dataList,
        contact,
      });
      if (!row) throw conflict(CHANGE_MESSAGES.stale);
      await recordOperation(tx, this.entry(user, node, '修改变更', row.id, meta));
      return this.answer(access, row, existing);
    });
  }

  async submit(user: SessionUser, input: SubmitChangeBody, meta: RequestMeta) {
    if ((input as { editing?: boolean })?.editing === true) throw badRequest(CHANGE_MESSAGES.saveFirst);
    const body = parse(SubmitChangeBodySchema, input);
    const existing = await repo.findChange(this.db, body.id);
    if (!existing || existing.gnCoding !== body.gnCoding) throw notFound(CHANGE_MESSAGES.notFound);
    const access = await this.access(user, body, existing.businessId);
    if (!access.userPermission) throw forbidden();
    if (existing.change !== 1 || existing.submittedAt) throw badRequest(CHANGE_MESSAGES.notSubmittable);
    if (existing.version !== body.version) throw conflict(CHANGE_MESSAGES.stale);
    const { node } = access;
    const managers = await this.managersOf(node);
    const systemName = await repo.systemNameOf(this.db, node.nodeId);
    return this.db.transaction(async (tx) => {
      const submittedAt = new Date();
      const todoIds: string[] = [];
      for (const manager of managers)
        todoIds.push(
          await this.notices.openTodo(tx, {
            userId: manager.id,
            systemCoding: node.systemCoding,
            systemName,
            gnName: `${node.title}（变更审核）`,
            gnCoding: node.gnCoding,
            businessName: `${node.title}变更申请（${existing.changeType || '变更'}）`,
            businessId: existing.businessId,
            submitterName: user.userName,
            sbTime: submittedAt,
          }),
        );
      const row = await repo.markChangeSubmitted(tx, existing.id, body.version, submittedAt, todoIds);
      if (!row) throw conflict(CHANGE_MESSAGES.stale);
      await recordOperation(tx, this.entry(user, access.node, '提交变更', row.id, meta));
      return this.answer(access, row, { change: 1, submittedAt: new Date() });
    });
  }

  async review(user: SessionUser, input: ReviewChangeBody, meta: RequestMeta) {
    if ((input as { editing?: boolean })?.editing === true) throw badRequest(CHANGE_MESSAGES.saveFirst);
    const body = parse(ReviewChangeBodySchema, input);
    const existing = await repo.findChange(this.db, body.id);
    if (!existing || existing.gnCoding !== body.gnCoding) throw notFound(CHANGE_MESSAGES.notFound);
    const access = await this.access(user, body, existing.businessId);
    if (!access.managerPermission) throw forbidden(CHANGE_MESSAGES.noManager);
    if (!body.pass && !body.auditRecord)
      throw badRequest(CHANGE_MESSAGES.adviceRequired, { auditRecord: CHANGE_MESSAGES.adviceRequired });
    const { node } = access;
    const action = body.pass ? '变更审核通过' : '变更审核驳回';
    const entry = this.entry(user, node, action, existing.id, meta);
    return withFailureLogged(this.db, entry, () =>
      this.db.transaction(async (tx) => {
        // One review wins: the second waits on this lock, then finds the change decided.
        const locked = await repo.findChange(tx, existing.id, true);
        if (!locked) throw notFound(CHANGE_MESSAGES.notFound);
        if (locked.change !== 1) throw conflict(CHANGE_MESSAGES.alreadyReviewed);
        if (!locked.submittedAt) throw badRequest(CHANGE_MESSAGES.notReviewable);
        if (locked.version !== body.version) throw conflict(CHANGE_MESSAGES.stale);
        if (body.pass) await this.apply(tx, user, { ...access }, locked, meta);
        const row = await repo.decideChange(tx, locked.id, {
          change: body.pass ? 2 : -1,
          auditRecord: body.auditRecord,
          reviewerUserId: user.id,
        });
        // Decided: the reviewers' to-dos are done, whoever of them decided.
        for (const todoId of locked.reviewTodoIds) await this.notices.closeTodo(tx, todoId);
        await recordOperation(tx, entry);
        await this.notices.sendResult(tx, {
          userId: locked.requesterUserId,
          outcome: body.pass ? 'approved' : 'rejected',
          title: `${node.title}变更申请（${locked.changeType || '变更'}）${body.pass ? '已通过' : '未通过'}`,
          messages: body.auditRecord || (body.pass ? '变更已生效' : ''),
        });
        return this.answer(access, row as Saved, {
          change: body.pass ? 2 : -1,
          submittedAt: locked.submittedAt,
        });
      }),
    );
  }

  /**
   * Writes a passed change onto its record, in the review's transaction: the new values (checked
   * again against the record as it is now), the attachments of an attachments change, a revision,
   * then `changeApplied` for the modules listening (a refusal there rolls everything back).
   */
  private async apply(
    tx: Db,
    user: SessionUser,
    access: RecordAccess,
    change: repo.ChangeRow,
    meta: RequestMeta,
  ) {
    const { node } = access;
    const record = await loadRecord(
      tx,
      node.tableName,
      change.businessId,
      node.schema.items,
      undefined,
      true,
    );
    if (!record) throw recordNotFound();
    if (!RecordChangeService.approved(record)) throw badRequest(CHANGE_MESSAGES.notApproved);
    const fresh: RecordAccess = { ...access, record };
    const content = await this.checkedContent(
      fresh,
      user,
      { ...change, dataList: change.dataList, fileList: change.fileList },
      true,
      tx,
    );
    const items = changeableItems(node.schema.items);
    const clean = await this.mergedValues(items, record, content.dataList, tx);
    const fieldEntries = content.dataList.filter((entry) => entry.changeField !== ENCLOSURE_FIELD);
    const byCode = new Map(items.map((item) => [item.code, item]));
    const fields = fieldEntries.map((entry) => {
      const item = byCode.get(entry.changeField) as FormItem;
      return { item, value: clean[item.code] ?? null };
    });
    const version = await writeRecordValues(tx, node, record, fields);
    if (version === undefined) throw conflict(CHANGE_MESSAGES.stale);
    const revision: RevisionChange[] = content.dataList.map((entry) => ({
      field: entry.changeField,
      name: entry.fieldName,
      oldValue: entry.oldValue,
      newValue: entry.newValue,
    }));
    const info = content.dataList.find((entry) => entry.changeField === ENCLOSURE_FIELD);
    if (info)
      await this.replaceEnclosure(tx, node, record.id, change.requesterUserId, splitUrls(info.newValue));
    await writeRevision(tx, {
      nodeId: node.nodeId,
      recordId: record.id,
      version,
      action: 'change',
      user,
      changes: revision,
    });
    await recordOperation(tx, this.entry(user, node, '变更数据', record.id, meta));
    // The modules listening get native values (numbers as numbers, multi-values as arrays).
    const native = (code: string, value: NativeValue | undefined): NativeValue => {
      const item = byCode.get(code);
      if (!item) return value ?? null;
      return nativeOf(item, value ?? null);
    };
    const oldNative = (code: string, value: string | null): NativeValue => {
      const item = byCode.get(code);
      return item ? native(code, recordFromWire([item], { [code]: value })[code]) : value;
    };
    await this.events.emit('changeApplied', {
      tx,
      user,
      node,
      recordId: record.id,
      changeId: change.id,
      changes: content.dataList.map((entry) => ({
        field: entry.changeField,
        oldValue: oldNative(entry.changeField, entry.oldValue),
        newValue:
          entry.changeField === ENCLOSURE_FIELD
            ? entry.newValue
            : native(entry.changeField, clean[entry.changeField]),
      })),
    });
  }

  /** The record's attachments become the change's list: removed ones soft-deleted, new ones attached. */
  private async replaceEnclosure(
    tx: Db,
    node: ResolvedNode,
    recordId: string,
    ownerId: string,
    urls: string[],
  ) {
    const wanted = new Set(urls.map((url) => FILE_URL_PATTERN.exec(url)?.[1]).filter(Boolean) as string[]);
    await replaceAttachments(tx, node, recordId, ownerId, wanted);
  }

  /** What a write answers: the round's id and version, with the caller's permissions and buttons on it now. */
  private answer(
    access: RecordAccess,
    row: Saved,
    state: Pick<repo.ChangeRow, 'change' | 'submittedAt'>,
  ): ChangeSaved {
    return {
      ...row,
      userPermission: access.userPermission,
      managerPermission: access.managerPermission,
      operations: RecordChangeService.roundOperations(access, state),
    };
  }

  private entry(user: SessionUser, node: ResolvedNode, action: string, targetId: string, meta: RequestMeta) {
    return { user, action, targetType: node.gnCoding, targetId, targetName: node.title, ip: meta.ip };
  }
}
