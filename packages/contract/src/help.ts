import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/**
 * Help (the help group). Help is scoped to a system (systemCoding) and a
 * function node (gnCoding, 功能编码); the empty coding means "the whole platform" (system) or "the
 * whole system" (node). The panel has two tabs: 帮助说明 (guide: PDF and video files) and 常见问题
 * (faq: question-and-answer pairs).
 */
export const HELP_KINDS = ['guide', 'faq'] as const;
export const HelpKindSchema = z.enum(HELP_KINDS);
export type HelpKind = z.infer<typeof HelpKindSchema>;
export const HELP_KIND_LABELS: Record<HelpKind, string> = { guide: '帮助说明', faq: '常见问题' };

export const HELP_FILE_TYPES = ['pdf', 'video'] as const;
export const HelpFileTypeSchema = z.enum(HELP_FILE_TYPES);
export type HelpFileType = z.infer<typeof HelpFileTypeSchema>;
export const HELP_FILE_TYPE_LABELS: Record<HelpFileType, string> = { pdf: 'PDF文档', video: '视频' };
/** Extensions an administrator may upload as help files (checked again by magic bytes on the server). */
export const HELP_FILE_EXTENSIONS = ['pdf', 'mp4', 'webm'] as const;

/** systemCoding / gnCoding: letter first, then letters, digits and underscores; empty = wider scope. */
const CodingSchema = z
  .string()
  .trim()
  .max(64, '编码不能超过64个字符')
  .regex(/^([A-Za-z][A-Za-z0-9_]*)?$/, '编码须以字母开头，由字母、数字和下划线组成');

export const HelpScopeQuerySchema = z.object({
  systemCoding: CodingSchema.default(''),
  gnCoding: CodingSchema.default(''),
});
export type HelpScopeQuery = z.infer<typeof HelpScopeQuerySchema>;

export const HelpQaSchema = z.object({
  question: z.string().trim().min(1, '请输入问题').max(200, '问题不能超过200个字符'),
  answer: z.string().trim().min(1, '请输入答案').max(2000, '答案不能超过2000个字符'),
});
export type HelpQa = z.infer<typeof HelpQaSchema>;

/** One node of the help tree: a group (with children and Q&A pairs) or a file inside a group. */
export type HelpGroup = {
  id: string;
  nodeType: 'group' | 'file';
  groupName: string;
  /** Files only: the uploaded name, its type and where the file client downloads it. */
  fileName: string;
  fileType: HelpFileType | '';
  filePath: string;
  qaList: HelpQa[];
  children: HelpGroup[];
  /** Edit counter for optimistic locking of the administrators' changes. */
  version: number;
};
export const HelpGroupSchema: z.ZodType<HelpGroup> = z.lazy(() =>
  z.object({
    id: z.string(),
    nodeType: z.enum(['group', 'file']),
    groupName: z.string(),
    fileName: z.string(),
    fileType: z.union([HelpFileTypeSchema, z.literal('')]),
    filePath: z.string(),
    qaList: z.array(z.object({ question: z.string(), answer: z.string() })),
    children: z.array(HelpGroupSchema),
    version: z.number().int(),
  }),
);
/** Guide and FAQ fetch: `data` is the children list of the scope (spec: response status, data). */
export const HelpTreeEnvelopeSchema = envelopeOf(z.array(HelpGroupSchema));

export const HelpAdminTreeQuerySchema = HelpScopeQuerySchema.extend({ kind: HelpKindSchema });

const GroupNameSchema = z.string().trim().min(1, '请输入分组名称').max(50, '分组名称不能超过50个字符');

export const CreateHelpGroupBodySchema = HelpScopeQuerySchema.extend({
  kind: HelpKindSchema,
  parentId: z.uuid('上级分组不存在').nullable().default(null),
  groupName: GroupNameSchema,
});
export type CreateHelpGroupBody = z.infer<typeof CreateHelpGroupBodySchema>;

export const UpdateHelpGroupBodySchema = z.object({
  groupName: GroupNameSchema,
  qaList: z.array(HelpQaSchema).max(100, '一个分组最多100个问答'),
  version: z.number().int(),
});
export type UpdateHelpGroupBody = z.infer<typeof UpdateHelpGroupBodySchema>;

export const HelpIdParamsSchema = z.object({ id: z.uuid('数据不存在') });
export const VersionQuerySchema = z.object({ version: z.coerce.number().int() });
export const HelpGroupEnvelopeSchema = envelopeOf(HelpGroupSchema);

/** Example and template of a node: a filled-in example and a blank template to download. */
export const TEMPLATE_SLOTS = ['example', 'template'] as const;
export const TemplateSlotSchema = z.enum(TEMPLATE_SLOTS);
export type TemplateSlot = z.infer<typeof TemplateSlotSchema>;
export const TEMPLATE_SLOT_LABELS: Record<TemplateSlot, string> = { example: '示例', template: '模板' };

export const TemplateFileSchema = z.object({ fileName: z.string(), filePath: z.string() });
export type TemplateFile = z.infer<typeof TemplateFileSchema>;
export const ExampleTemplateSchema = z.object({
  example: TemplateFileSchema.nullable(),
  template: TemplateFileSchema.nullable(),
  version: z.number().int(),
});
export type ExampleTemplate = z.infer<typeof ExampleTemplateSchema>;
export const ExampleTemplateEnvelopeSchema = envelopeOf(ExampleTemplateSchema);
export const ExampleTemplateSlotQuerySchema = HelpScopeQuerySchema.extend({ slot: TemplateSlotSchema });

/** Messages of help, feedback and the operation log, verbatim. */
export const NO_HELP_MESSAGE = '暂无帮助！';
export const NO_TEMPLATE_MESSAGE = '暂无模板！';
