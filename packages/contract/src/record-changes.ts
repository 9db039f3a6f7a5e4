import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { type FormGroup, type FormItem, FormItemSchema } from './form-schema.ts';
import { ContactPersonSchema } from './market.ts';

/**
 * Change requests on approved records (the credit-information change workflow, as
 * a generic engine capability): a node whose definition allows changes after approval
 * (`allowChangeAfterApproval`) offers them on its records whose audit passed. The requester saves
 * and submits a change; an administrator with managerPermission passes or rejects it; a pass
 * writes the new values onto the record in the review's transaction. Rounds are kept forever.
 */

// ————— calls (shows no paths: these are ours) —————
export const RECORD_CHANGE_PATHS = {
  /** POST: the rounds of one record's changes (ListChangesBody). */
  list: '/ks/records/changes/list',
  /** POST: the change-type cascader, from the node's form groups and fields. */
  typeTree: '/ks/records/changes/type-tree',
  /** POST: the record's current values, the fields schema and its enclosure. */
  fields: '/ks/records/changes/fields',
  /** POST: save a change (new round or the status-1 one). */
  save: '/ks/records/changes/save',
  /** POST: submit a saved change. */
  submit: '/ks/records/changes/submit',
  /** POST: pass or reject a submitted change. */
  review: '/ks/records/changes/review',
  /** GET: the change-description document (.docx). */
  template: '/ks/records/changes/template',
  /** GET: which template the download serves (administrators). */
  templateInfo: '/ks/records/changes/template/info',
  /** POST multipart `file`: an administrator's .docx replaces the template (a new version). */
  templateUpload: '/ks/records/changes/template/upload',
  /** POST: back to the generated document (a new version without a file). */
  templateReset: '/ks/records/changes/template/reset',
} as const;

// ————— the change-description template (decision 0054) —————
/** The uploaded template's format and size limit. */
export const CHANGE_TEMPLATE_FORMATS = ['docx'] as const;
export const CHANGE_TEMPLATE_MAX_BYTES = 5 * 1024 * 1024;
export const CHANGE_TEMPLATE_MESSAGES = {
  format: '变更说明模板只能上传 Word 文档（.docx）',
  size: '变更说明模板不能超过 5 MB',
  alreadyGenerated: '当前已在使用系统生成的模板',
} as const;
export const ChangeTemplateInfoSchema = z.object({
  /** 0 before any administrator uploaded or reset it. */
  templateVersion: z.number().int(),
  source: z.enum(['generated', 'uploaded']),
  /** The uploaded file's name; empty for the generated document. */
  fileName: z.string(),
  size: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string(),
});
export type ChangeTemplateInfo = z.infer<typeof ChangeTemplateInfoSchema>;
export const ChangeTemplateInfoEnvelopeSchema = envelopeOf(ChangeTemplateInfoSchema);

/** The row operation that opens the change dialog (not a node function: the node's setting offers it). */
export const RECORD_CHANGE_OPERATION = 'change';

// ————— status —————
/**
 * 1 in change (saved, then pending review once sbTime is set; editable by an administrator),
 * 2 passed, -1 failed.
 */
export const CHANGE_STATUSES = [1, 2, -1] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];
export const CHANGE_STATUS_LABELS: Record<ChangeStatus, string> = {
  1: '变更中',
  2: '已通过',
  [-1]: '未通过',
};
export const changeStatusLabel = (status: number): string =>
  CHANGE_STATUS_LABELS[status as ChangeStatus] ?? String(status);

// ————— constants —————
/** The change-type code of a change of the record's attachments. */
export const INFO_CHANGE_TYPE = 'info';
export const INFO_CHANGE_LABEL = '附件信息';
/** dataType of a dataList entry carrying comma-joined attachment urls (the credit-evaluation type). */
export const ENCLOSURE_DATA_TYPE = 'enclosure';
export const ENCLOSURE_FIELD = 'enclosure';
export const CHANGE_UPLOAD_EXTENSIONS = ['jpg', 'png', 'jpeg', 'jpe', 'webp', 'pdf'] as const;
export const CHANGE_PICTURE_EXTENSIONS = ['jpg', 'png', 'jpeg', 'jpe', 'webp'] as const;
export const CHANGE_BUTTON_DISABLE_MS = 1000;
export const CHANGE_REASON_ROWS = 2;
export const CHANGE_ADVICE_ROWS = 5;
export const CHANGE_PREVIEW_IFRAME_HEIGHT = 780;
/** Tab labels of rounds: 第一次, 第二次 … */
export function roundLabel(round: number): string {
  const digits = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
  if (round < 10) return `第${digits[round]}次`;
  if (round < 20) return `第十${round % 10 ? digits[round % 10] : ''}次`;
  if (round < 100) return `第${digits[Math.floor(round / 10)]}十${round % 10 ? digits[round % 10] : ''}次`;
  return `第${round}次`;
}

// ————— messages —————
export const CHANGE_MESSAGES = {
  typeRequired: '请选择变更类型',
  reasonRequired: '请输入变更原因',
  attachmentRequired: '请上传附件',
  infoAttachmentRequired: '至少上传一个附件',
  endBeforeStart: '结束时间不能小于开始时间',
  negativeScore: '分数不能为负数，请重新填写',
  validationFailed: '校验未通过，请检查页面输入',
  adviceRequired: '请填写审核意见',
  saveFirst: '请先保存',
  uploadType: '请上传图片或PDF文件',
  confirmRequired: '请确认后再提交',
  saved: '保存成功',
  submitted: '提交成功',
  reviewed: '操作成功',
  notAllowed: '该功能未开启审核通过后变更',
  notApproved: '只有审核通过的数据才能发起变更',
  pendingExists: '该数据已有进行中的变更，请勿重复发起',
  notEditable: '当前状态的变更不能修改',
  notSubmittable: '只有已保存、未提交的变更才能提交',
  notReviewable: '只有变更中的申请才能审核',
  alreadyReviewed: '该变更已被其他管理员审核，请刷新后查看',
  stale: '变更已被修改，请刷新后重试',
  notFound: '变更不存在',
  noManager: '无权审核该变更',
  unknownField: (name: string) => `“${name}”不是可变更的字段`,
  fileMissing: '附件不存在或已删除，请重新上传',
  noChanges: '请填写变更后的内容',
} as const;
/** Above an item's highest score, while initiating. */
export const scoreAboveMaxMessage = (name: string, max: number) =>
  `${name}不能超过该条目的最高分${max}分；如需变更分数，请作废该申报后重新添加其他条目`;
/** The same on review: shorter. */
export const scoreAboveMaxReviewMessage = (max: number) => `分数不能超过最高分${max}分，请重新填写`;

// ————— shapes —————
const coding = z.string().trim().min(1, '请选择功能').max(64);
export const ChangeNodeRefSchema = z.object({ systemCoding: coding, gnCoding: coding });

/** One changed field; values travel as text. */
export const ChangeDataSchema = z.object({
  changeField: z.string().trim().min(1).max(64),
  /** The field's name, as shown (filled by the server). */
  fieldName: z.string().max(64).default(''),
  oldValue: z.string().max(20000).nullable().default(null),
  newValue: z.string().max(20000).nullable().default(null),
  /** The field's item type, or 'enclosure' (comma-joined attachment urls). */
  dataType: z.string().max(40).default(''),
});
export type ChangeData = z.infer<typeof ChangeDataSchema>;

/** An attachment of a change (url, annexName) with the stored file's id. */
export const ChangeFileSchema = z.object({
  fileId: z.string().uuid(CHANGE_MESSAGES.fileMissing),
  url: z.string().max(300).default(''),
  annexName: z.string().max(200).default(''),
});
export type ChangeFile = z.infer<typeof ChangeFileSchema>;

/** A button the server decides. */
export const CHANGE_OPERATION_CODES = ['save', 'submit', 'pass', 'reject', 'closed', 'modify'] as const;
export type ChangeOperationCode = (typeof CHANGE_OPERATION_CODES)[number];
export const ChangeOperationSchema = z.object({
  code: z.enum(CHANGE_OPERATION_CODES),
  name: z.string(),
  color: z.string(),
  show: z.boolean(),
});
export type ChangeOperation = z.infer<typeof ChangeOperationSchema>;

/** One round of a record's change. */
export const ChangeRecordSchema = z.object({
  id: z.string(),
  /** The changed record's id (its UUID), not its business number (BusinessId) despite the name. */
  businessId: z.string(),
  round: z.number().int(),
  change: z.number().int(),
  changeStatus: z.string(),
  changeType: z.string(),
  changeTypeCode: z.string(),
  logbook: z.string(),
  auditRecord: z.string(),
  /** Comma-joined urls of fileList. */
  attachment: z.string(),
  fileList: z.array(ChangeFileSchema),
  dataList: z.array(ChangeDataSchema),
  /** The requester's contact person for this change (the length-1 contact form). */
  contact: z.object({ ry_name: z.string(), tel: z.string() }).nullable(),
  sbTime: z.string().nullable(),
  czTime: z.string().nullable(),
  requesterName: z.string(),
  reviewerName: z.string(),
  version: z.number().int(),
  userPermission: z.boolean(),
  managerPermission: z.boolean(),
  operations: z.array(ChangeOperationSchema),
});
export type ChangeRecord = z.infer<typeof ChangeRecordSchema>;

/** The list answer: every round, oldest first, and what the caller may do with a new one. */
export const ChangeListSchema = z.object({
  records: z.array(ChangeRecordSchema),
  /** The caller may open a new round (requester, approved record, no round in progress). */
  canInitiate: z.boolean(),
  userPermission: z.boolean(),
  managerPermission: z.boolean(),
  operations: z.array(ChangeOperationSchema),
});
export type ChangeList = z.infer<typeof ChangeListSchema>;
export const ChangeListEnvelopeSchema = envelopeOf(ChangeListSchema);

export const ListChangesBodySchema = ChangeNodeRefSchema.extend({
  businessId: z.string().trim().uuid(CHANGE_MESSAGES.notFound),
  /** true unless in check mode. */
  change: z.boolean().default(true),
});
export type ListChangesBody = z.input<typeof ListChangesBodySchema>;

export type ChangeTypeOption = { label: string; value: string; children?: ChangeTypeOption[] };
export const ChangeTypeOptionSchema: z.ZodType<ChangeTypeOption> = z.lazy(() =>
  z.object({
    label: z.string(),
    value: z.string(),
    children: z.array(ChangeTypeOptionSchema).optional(),
  }),
);
export const ChangeTypeTreeEnvelopeSchema = envelopeOf(
  z.object({
    list: z.array(ChangeTypeOptionSchema),
    userPermission: z.boolean(),
    managerPermission: z.boolean(),
    operations: z.array(ChangeOperationSchema),
  }),
);

export const ChangeFieldsBodySchema = ChangeNodeRefSchema.extend({
  id: z.string().trim().uuid(CHANGE_MESSAGES.notFound),
});
export const ChangeFieldsSchema = z.object({
  /** The record's current values by field code, as text. */
  values: z.record(z.string(), z.string().nullable()),
  fields: z.array(FormItemSchema),
  /** Comma-joined urls of the record's current attachments. */
  enclosure: z.string(),
  /** The same attachments with their names (what an info change starts from). */
  enclosureFiles: z.array(ChangeFileSchema),
  userPermission: z.boolean(),
  managerPermission: z.boolean(),
  operations: z.array(ChangeOperationSchema),
});
export type ChangeFields = z.infer<typeof ChangeFieldsSchema>;
export const ChangeFieldsEnvelopeSchema = envelopeOf(ChangeFieldsSchema);

export const SaveChangeBodySchema = ChangeNodeRefSchema.extend({
  businessId: z.string().trim().uuid(CHANGE_MESSAGES.notFound),
  /** Absent: a new round. */
  id: z.string().uuid(CHANGE_MESSAGES.notFound).optional(),
  version: z.number().int().optional(),
  changeType: z.string().trim().max(500).default(''),
  changeTypeCode: z.string().trim().max(500).default(''),
  logbook: z.string().trim().max(1000, '变更原因不能超过1000个字符').default(''),
  dataList: z.array(ChangeDataSchema).max(300).default([]),
  fileList: z.array(ChangeFileSchema).max(30, '附件最多30个').default([]),
  /** Comma-joined urls; the server derives it from fileList. */
  attachment: z.string().max(10000).default(''),
  pass: z.boolean().optional(),
  /**
   * The contact person for this change: required when the requester saves; an administrator's edit
   * of a submitted change keeps the requester's.
   */
  contact: ContactPersonSchema.optional(),
});
export type SaveChangeBody = z.input<typeof SaveChangeBodySchema>;

export const SubmitChangeBodySchema = ChangeNodeRefSchema.extend({
  id: z.string().uuid(CHANGE_MESSAGES.notFound),
  version: z.number().int(),
  /** The requester confirmed the submission. */
  confirmed: z.literal(true, CHANGE_MESSAGES.confirmRequired),
  /** The dialog is still editing: refused with 请先保存. */
  editing: z.boolean().default(false),
});
export type SubmitChangeBody = z.input<typeof SubmitChangeBodySchema>;

export const ReviewChangeBodySchema = ChangeNodeRefSchema.extend({
  id: z.string().uuid(CHANGE_MESSAGES.notFound),
  version: z.number().int(),
  pass: z.boolean(),
  auditRecord: z.string().trim().max(1000, '审核意见不能超过1000个字符').default(''),
  editing: z.boolean().default(false),
});
export type ReviewChangeBody = z.input<typeof ReviewChangeBodySchema>;

/** What save, submit and review answer: the round now, with the caller's permissions and buttons on it. */
export const ChangeSavedSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  userPermission: z.boolean(),
  managerPermission: z.boolean(),
  operations: z.array(ChangeOperationSchema),
});
export type ChangeSaved = z.infer<typeof ChangeSavedSchema>;
export const ChangeSavedEnvelopeSchema = envelopeOf(ChangeSavedSchema);

// ————— checks the dialog and the server share —————
/** What a change may change: the form's items by code (shown items only). */
export const changeableItems = (items: readonly FormItem[]) =>
  items.filter((item) => item.show && !item.readonly && !item.type.startsWith('computed-'));

/** The cascader of change types: one branch per form group with its fields, then the attachments. */
export function changeTypeTree(items: readonly FormItem[], groups: readonly FormGroup[]): ChangeTypeOption[] {
  const usable = changeableItems(items);
  const tree: ChangeTypeOption[] = [];
  const grouped = new Set<string>();
  for (const group of groups) {
    const children = usable
      .filter((item) => item.groupNumber === group.groupNumber)
      .map((item) => ({ label: item.name, value: item.code }));
    for (const child of children) grouped.add(child.value);
    if (children.length) tree.push({ label: group.name, value: group.groupNumber, children });
  }
  const rest = usable.filter((item) => !grouped.has(item.code));
  if (rest.length)
    tree.push({
      label: '基本信息',
      value: 'basic',
      children: rest.map((item) => ({ label: item.name, value: item.code })),
    });
  tree.push({ label: INFO_CHANGE_LABEL, value: INFO_CHANGE_TYPE });
  return tree;
}

const isBlank = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '';

/** Whether the slash-joined type codes include the attachments type. */
export const isInfoChange = (changeTypeCode: string) => changeTypeCode.split('/').includes(INFO_CHANGE_TYPE);

/** The start/end pairs of a form: a date item whose parent is a date item, and start_time/end_time. */
export function datePairs(items: readonly FormItem[]): { start: string; end: string }[] {
  const byCode = new Map(items.map((item) => [item.code, item]));
  const isDate = (item?: FormItem) => !!item && ['date', 'datetime'].includes(item.type);
  const pairs: { start: string; end: string }[] = [];
  for (const item of items) {
    const parent = byCode.get(item.parentNode.split(',')[0]?.trim() ?? '');
    if (isDate(item) && isDate(parent) && parent) pairs.push({ start: parent.code, end: item.code });
  }
  if (byCode.has('start_time') && byCode.has('end_time') && !pairs.some((pair) => pair.end === 'end_time'))
    pairs.push({ start: 'start_time', end: 'end_time' });
  return pairs;
}

/**
 * The checks of a change's content, for the dialog and the server alike: the field
 * messages (by changeField, or '_' for the whole change) of what is wrong, empty when valid.
 * `current` holds the record's current values; `review` gives the shorter score message.
 */
export function changeProblems(
  change: {
    changeTypeCode: string;
    logbook: string;
    dataList: readonly Pick<ChangeData, 'changeField' | 'newValue'>[];
    fileList: readonly unknown[];
  },
  items: readonly FormItem[],
  current: Record<string, string | null>,
  review = false,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (isBlank(change.changeTypeCode)) problems.changeType = CHANGE_MESSAGES.typeRequired;
  if (isBlank(change.logbook)) problems.logbook = CHANGE_MESSAGES.reasonRequired;
  if (change.fileList.length === 0) problems.fileList = CHANGE_MESSAGES.attachmentRequired;
  if (isInfoChange(change.changeTypeCode)) {
    const enclosure = change.dataList.find((entry) => entry.changeField === ENCLOSURE_FIELD);
    if (!enclosure || isBlank(enclosure.newValue))
      problems[ENCLOSURE_FIELD] = CHANGE_MESSAGES.infoAttachmentRequired;
  }
  const byCode = new Map(items.map((item) => [item.code, item]));
  const next: Record<string, string | null> = { ...current };
  for (const entry of change.dataList) next[entry.changeField] = entry.newValue;
  for (const entry of change.dataList) {
    const item = byCode.get(entry.changeField);
    if (!item || isBlank(entry.newValue)) continue;
    if (['number', 'input-number'].includes(item.type)) {
      const value = Number(entry.newValue);
      if (!Number.isFinite(value)) continue; // the form's own check names it
      if (item.max !== undefined && value < 0) problems[item.code] = CHANGE_MESSAGES.negativeScore;
      else if (item.max !== undefined && value > item.max)
        problems[item.code] = review
          ? scoreAboveMaxReviewMessage(item.max)
          : scoreAboveMaxMessage(item.name, item.max);
    }
  }
  for (const pair of datePairs(items)) {
    const start = next[pair.start];
    const end = next[pair.end];
    const touched = change.dataList.some(
      (entry) => entry.changeField === pair.start || entry.changeField === pair.end,
    );
    if (touched && !isBlank(start) && !isBlank(end) && String(end).slice(0, 19) < String(start).slice(0, 19))
      problems[pair.end] = CHANGE_MESSAGES.endBeforeStart;
  }
  return problems;
}

/** Whether a file name has an extension the change uploader accepts. */
export const isChangeUploadName = (fileName: string) =>
  (CHANGE_UPLOAD_EXTENSIONS as readonly string[]).includes(fileName.split('.').pop()?.toLowerCase() ?? '');
