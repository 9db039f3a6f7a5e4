import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { PHONE_PATTERN } from './session.ts';
import { TRADING_SIDES } from './trading.ts';

/**
 * Tender documents, sign-up (报名) and downloads (decision 0077, issue 28 "Tender documents"). The
 * spec names the calls (/ks/trade/file/*, /ks/trade/sign-up, /ks/trade/registrations/quantity);
 * the payloads are ours. Times travel as "YYYY-MM-DD HH:mm" China time, as trading's do.
 */
export const TENDER_FILE_PATHS = {
  save: '/ks/trade/file/save',
  files: '/ks/trade/file/files',
  delete: '/ks/trade/file/delete',
  records: '/ks/trade/file/records',
  downloadStatus: '/ks/trade/file/download-status',
  /** GET, streams the file: `${download}/${documentId}`. */
  download: '/ks/trade/file/download',
  /** Sections now on sale, for the bidders' page /trade/onSale. */
  onSale: '/ks/trade/file/on-sale',
  signUp: '/ks/trade/sign-up',
  quantity: '/ks/trade/registrations/quantity',
} as const;

export const TENDER_DOC_KINDS = ['tender', 'prequal'] as const;
export type TenderDocKind = (typeof TENDER_DOC_KINDS)[number];
export const TENDER_DOC_KIND_LABELS: Record<TenderDocKind, string> = {
  tender: '招标文件',
  prequal: '资格预审文件',
};

export const TENDER_FILE_MESSAGES = {
  sectionNotFound: '标段不存在',
  documentNotFound: '文件不存在',
  fileNotFound: '请先上传文件',
  supervisorReadOnly: '监督人员只能查看，不能办理',
  partiesOnly: '只有本项目的招标人或招标代理可以上传、删除文件',
  notApproved: '项目审核通过后才能上传文件',
  saleEnded: (end: string) => `文件发售期已于${end}结束，不能再上传文件`,
  saleStarted: (start: string) => `文件发售已于${start}开始，已发售的文件不能删除`,
  stale: '该文件已被他人修改，请刷新后重试',
  tooLarge: (mb: number) => `文件大小不能超过${mb}MB`,
  duplicate: '该文件已在本标段中',
  biddersOnly: '只有投标企业可以报名',
  partyCannotSignUp: '本项目的招标人、招标代理不能报名',
  notOnSale: (start: string, end: string) => `不在文件发售期内（${start} 至 ${end}），不能报名`,
  alreadySignedUp: '您已报名该标段，无需重复报名',
  contactNameRequired: '请填写联系人',
  contactPhoneInvalid: '请输入正确的手机号码',
  signUpFirst: '请先报名，报名后才能下载文件',
  downloadOutsideSale: (start: string, end: string) => `只能在文件发售期内（${start} 至 ${end}）下载文件`,
  beforeDeadline: (deadline: string) => `投标截止时间（${deadline}）前不能查看报名和下载情况`,
  biddersNoCount: '投标人不能查看报名数量',
  statusBiddersOnly: '只有投标企业可以查看本单位的报名和下载情况',
} as const;

const sectionId = z.uuid('标段无效');

/** POST /ks/trade/file/save: attach a file the caller uploaded (simple or chunked) as a document. */
export const TenderDocSaveBodySchema = z.object({
  sectionId,
  kind: z.enum(TENDER_DOC_KINDS, { error: '请选择文件类型' }),
  fileId: z.uuid('请先上传文件'),
});
export type TenderDocSaveBody = z.infer<typeof TenderDocSaveBodySchema>;

/** POST /ks/trade/file/files, records, download-status, quantity: one section (documents of one kind). */
export const TenderSectionRefSchema = z.object({
  sectionId,
  kind: z.enum(TENDER_DOC_KINDS, { error: '文件类型无效' }).optional(),
});
export type TenderSectionRef = z.infer<typeof TenderSectionRefSchema>;

/** POST /ks/trade/file/delete: the document at the version the caller read. */
export const TenderDocDeleteBodySchema = z.object({
  id: z.uuid('文件无效'),
  version: z.number({ error: '版本无效' }).int().min(1),
});
export type TenderDocDeleteBody = z.infer<typeof TenderDocDeleteBodySchema>;

export const TenderDocIdParamsSchema = z.object({ id: z.uuid('文件无效') });

/** POST /ks/trade/sign-up: the bidder's contact for this section. */
export const SignUpBodySchema = z.object({
  sectionId,
  contactName: z
    .string({ error: TENDER_FILE_MESSAGES.contactNameRequired })
    .trim()
    .min(1, TENDER_FILE_MESSAGES.contactNameRequired)
    .max(30, '联系人不能超过30个字'),
  contactPhone: z
    .string({ error: TENDER_FILE_MESSAGES.contactPhoneInvalid })
    .trim()
    .regex(PHONE_PATTERN, TENDER_FILE_MESSAGES.contactPhoneInvalid),
});
export type SignUpBody = z.input<typeof SignUpBodySchema>;

export const TENDER_DOC_ACTIONS = ['download', 'delete'] as const;
export type TenderDocAction = (typeof TENDER_DOC_ACTIONS)[number];

/** What the caller may do with the section's documents, from the server's rules (decision 0077). */
export const TENDER_SECTION_ACTIONS = ['upload', 'signUp', 'records', 'quantity', 'downloadStatus'] as const;
export type TenderSectionAction = (typeof TENDER_SECTION_ACTIONS)[number];

export const TenderDocumentSchema = z.object({
  id: z.uuid(),
  sectionId: z.uuid(),
  kind: z.enum(TENDER_DOC_KINDS),
  fileName: z.string(),
  size: z.number(),
  uploadedAt: z.string(),
  version: z.number(),
  /** Streams the file (GET, Bearer); every bidder download is recorded. */
  url: z.string(),
  actions: z.array(z.enum(TENDER_DOC_ACTIONS)),
});
export type TenderDocument = z.infer<typeof TenderDocumentSchema>;

export const SectionDocumentsSchema = z.object({
  sectionId: z.uuid(),
  sectionCode: z.string(),
  sectionName: z.string(),
  projectName: z.string(),
  side: z.enum(TRADING_SIDES),
  saleStartAt: z.string(),
  saleEndAt: z.string(),
  bidDeadlineAt: z.string(),
  /** The server's clock is within the sale (saleStartAt ≤ now ≤ saleEndAt). */
  onSale: z.boolean(),
  /** The caller's own sign-up (bidders); null for everyone else. */
  signedUp: z.boolean().nullable(),
  /** Why the list is empty or shortened for this caller (e.g. not yet on sale). */
  notice: z.string().nullable(),
  documents: z.array(TenderDocumentSchema),
  actions: z.array(z.enum(TENDER_SECTION_ACTIONS)),
});
export type SectionDocuments = z.infer<typeof SectionDocumentsSchema>;
export const SectionDocumentsEnvelopeSchema = envelopeOf(SectionDocumentsSchema);
export const TenderDocumentEnvelopeSchema = envelopeOf(TenderDocumentSchema);

export const SignUpRowSchema = z.object({
  id: z.uuid(),
  bidderName: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  signedUpAt: z.string(),
});
export type SignUpRow = z.infer<typeof SignUpRowSchema>;
export const SignUpEnvelopeSchema = envelopeOf(SignUpRowSchema);

export const DownloadRowSchema = z.object({
  id: z.uuid(),
  documentId: z.uuid(),
  fileName: z.string(),
  kind: z.enum(TENDER_DOC_KINDS),
  bidderName: z.string(),
  downloadedAt: z.string(),
  ip: z.string(),
});
export type DownloadRow = z.infer<typeof DownloadRowSchema>;

/** POST /ks/trade/file/records: sign-ups and downloads as the caller may see them. */
export const DownloadRecordsSchema = z.object({
  sectionId: z.uuid(),
  signUps: z.array(SignUpRowSchema),
  downloads: z.array(DownloadRowSchema),
});
export type DownloadRecords = z.infer<typeof DownloadRecordsSchema>;
export const DownloadRecordsEnvelopeSchema = envelopeOf(DownloadRecordsSchema);

/** POST /ks/trade/file/download-status: the bidder's own sign-up and which documents it downloaded. */
export const DownloadStatusSchema = z.object({
  sectionId: z.uuid(),
  signedUp: z.boolean(),
  signedUpAt: z.string().nullable(),
  documents: z.array(
    z.object({
      documentId: z.uuid(),
      fileName: z.string(),
      kind: z.enum(TENDER_DOC_KINDS),
      downloaded: z.boolean(),
      firstDownloadedAt: z.string().nullable(),
    }),
  ),
});
export type DownloadStatus = z.infer<typeof DownloadStatusSchema>;
export const DownloadStatusEnvelopeSchema = envelopeOf(DownloadStatusSchema);

/** POST /ks/trade/registrations/quantity. */
export const SignUpQuantitySchema = z.object({ sectionId: z.uuid(), count: z.number().int() });
export type SignUpQuantity = z.infer<typeof SignUpQuantitySchema>;
export const SignUpQuantityEnvelopeSchema = envelopeOf(SignUpQuantitySchema);

/** POST /ks/trade/file/on-sale: sections whose documents are on sale now (server time). */
export const OnSaleSectionSchema = z.object({
  sectionId: z.uuid(),
  sectionCode: z.string(),
  sectionName: z.string(),
  projectName: z.string(),
  saleStartAt: z.string(),
  saleEndAt: z.string(),
  bidDeadlineAt: z.string(),
  side: z.enum(TRADING_SIDES),
  signedUp: z.boolean().nullable(),
  actions: z.array(z.enum(TENDER_SECTION_ACTIONS)),
});
export type OnSaleSection = z.infer<typeof OnSaleSectionSchema>;
export const OnSaleListEnvelopeSchema = envelopeOf(z.array(OnSaleSectionSchema));
