import { z } from 'zod';
import { ASIDE_WIDTH_DEFAULT, ASIDE_WIDTH_MIN, SYSTEM_TITLE_MAX, SYSTEM_TITLE_MIN } from './constants.ts';
import { envelopeOf } from './envelope.ts';
import { type NodeId, NodeIdSchema } from './ids.ts';
import type { LoginRoleType } from './session.ts';

/**
 * nodeProperties (节点属性): what kind of page a menu node is; the web app's routeForNode maps it,
 * with the user's role, to a path. The builder issue adds new kinds here.
 */
export const NODE_PROPERTIES = [
  'directory',
  'pageConfig',
  'reviewOverview',
  'qualificationBid',
  'technicalBid',
  'commercialBid',
  'expertInfo',
  'monitoringReport',
  'analysis',
  'creditPublicity',
  'commitmentBook',
  'applicationList',
  'dynamicList',
  'venueReserve',
  'enterpriseInfo',
  'fileAnalysis',
  'lockManagement',
  'fiveInOne',
  'fullStatistics',
  'projectStatistics',
  'guaranteeManagement',
  'productCenter',
  // The trading process's pages (issue 28; decisions 0077, 0078).
  'tenderSale',
  'clarifyFile',
  'clarifyAudit',
  'clarifyReceived',
  'objection',
] as const;
export const NodePropertySchema = z.enum(NODE_PROPERTIES, '请选择节点属性');
export type NodeProperty = z.infer<typeof NodePropertySchema>;
export const NODE_PROPERTY_LABELS: Record<NodeProperty, string> = {
  directory: '目录',
  pageConfig: '默认页面配置',
  reviewOverview: '评审概览',
  qualificationBid: '资格标评审',
  technicalBid: '技术标评审',
  commercialBid: '商务标评审',
  expertInfo: '专家信息',
  monitoringReport: '监测报告',
  analysis: '分析2',
  creditPublicity: '信用公示',
  commitmentBook: '信用承诺书',
  applicationList: '执业申请列表',
  dynamicList: '动态列表',
  venueReserve: '场地预约',
  enterpriseInfo: '企业信息',
  fileAnalysis: '文件分析',
  lockManagement: '锁管理',
  fiveInOne: '五位一体',
  fullStatistics: '全量统计',
  projectStatistics: '项目统计',
  guaranteeManagement: '保函管理',
  productCenter: '产品中心',
  tenderSale: '招标文件发售',
  clarifyFile: '澄清文件',
  clarifyAudit: '澄清审核',
  clarifyReceived: '收到的澄清',
  objection: '异议',
};

/**
 * Whether a node opens, for a role, the runtime list or detail page that its published definition
 * drives (dynamic list; venue reserve, except an administrator's meeting
 * calendar; enterprise information, the detail page for U). Such a node leads nowhere until it is
 * published, so the server leaves it out of every menu but the developers' (who build it).
 */
export function opensDefinedPage(property: NodeProperty, role: LoginRoleType): boolean {
  if (property === 'venueReserve') return role !== 'M';
  return property === 'dynamicList' || property === 'enterpriseInfo';
}

/** itShows: '是' shows the entry in the menu, '否' hides it. */
export const IT_SHOWS = ['是', '否'] as const;
export const ItShowsSchema = z.enum(IT_SHOWS);

/** gnCoding of a system (系统编码): letter first, then letters, digits or underscores; immutable. */
export const SYSTEM_CODING_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

/** A business system as the header and the aside list it (POST /ks/menu/v1/menus/main-menus). */
export const SystemSchema = z.object({
  id: z.string(),
  systemName: z.string(),
  /** Short name, 1–8 characters. */
  title: z.string(),
  /** System code (systemCoding elsewhere on the wire). */
  gnCoding: z.string(),
  levels: z.string(),
  sort: z.number().int(),
});
export type System = z.infer<typeof SystemSchema>;
export const SystemListEnvelopeSchema = envelopeOf(z.array(SystemSchema));

/** New-system form; the builder issue backs it with /ks/config/new/structure/add. */
export const NewSystemBodySchema = z.object({
  systemName: z.string().trim().min(1, '请输入系统全称').max(60, '系统全称不能超过60个字符'),
  title: z
    .string()
    .trim()
    .min(1, '请输入系统简称')
    .min(SYSTEM_TITLE_MIN, `长度在 ${SYSTEM_TITLE_MIN} 到 ${SYSTEM_TITLE_MAX} 个字符`)
    .max(SYSTEM_TITLE_MAX, `长度在 ${SYSTEM_TITLE_MIN} 到 ${SYSTEM_TITLE_MAX} 个字符`),
  gnCoding: z
    .string()
    .trim()
    .min(1, '请输入系统编码')
    .max(40, '系统编码不能超过40个字符')
    .regex(SYSTEM_CODING_PATTERN, '系统编码须以字母开头，由字母、数字或下划线组成，生成后不可修改'),
  levels: z.string().default('0'),
});
export type NewSystemBody = z.infer<typeof NewSystemBodySchema>;

/** Menu node: the aside renders the tree; nodeProperties decides where a click goes. */
export type MenuNode = {
  id: NodeId;
  title: string;
  icon: string;
  itShows: (typeof IT_SHOWS)[number];
  nodeProperties: NodeProperty;
  /** Node code (功能编码), unique within its system. */
  gnCoding: string;
  style: string;
  nodeSetFlag: boolean;
  disabled: boolean;
  sort: number;
  children: MenuNode[];
};
export const MenuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: NodeIdSchema,
    title: z.string(),
    icon: z.string(),
    itShows: ItShowsSchema,
    nodeProperties: NodePropertySchema,
    gnCoding: z.string(),
    style: z.string(),
    nodeSetFlag: z.boolean(),
    disabled: z.boolean(),
    sort: z.number().int(),
    children: z.array(MenuNodeSchema),
  }),
);
export const MenuTreeQuerySchema = z.object({
  systemCoding: z.string().trim().min(1, '请选择系统'),
});
export const MenuTreeEnvelopeSchema = envelopeOf(z.array(MenuNodeSchema));

/** Header dropdown item: the server decides per user which ones. */
export const HeaderItemSchema = z.object({ code: z.string(), title: z.string(), path: z.string() });
export type HeaderItem = z.infer<typeof HeaderItemSchema>;
export const HeaderItemsEnvelopeSchema = envelopeOf(z.array(HeaderItemSchema));

/** The 11 colour presets of the theme panel, antd's preset palette. */
export const THEME_COLOR_PRESETS = [
  { color: '#1677ff', label: '拂晓蓝' },
  { color: '#f5222d', label: '薄暮' },
  { color: '#fa541c', label: '火山' },
  { color: '#fa8c16', label: '日暮' },
  { color: '#faad14', label: '金盏花' },
  { color: '#a0d911', label: '青柠' },
  { color: '#52c41a', label: '极光绿' },
  { color: '#13c2c2', label: '明青' },
  { color: '#2f54eb', label: '极客蓝' },
  { color: '#722ed1', label: '酱紫' },
  { color: '#eb2f96', label: '法式洋红' },
] as const;
export const THEME_COLORS = THEME_COLOR_PRESETS.map((preset) => preset.color) as [string, ...string[]];

export const THEMES = ['light', 'dark'] as const;
export const ThemeSchema = z.enum(THEMES, '请选择主题');
export type Theme = z.infer<typeof ThemeSchema>;
export const THEME_LABELS: Record<Theme, string> = { light: '亮色', dark: '暗色' };

export const ASIDE_WIDTH_MAX = 600;
const colour = (name: string) => z.string().regex(/^#[0-9a-fA-F]{6}$/, `${name}须为#RRGGBB格式的颜色`);

/** Theme config, stored per user on the server so it follows the user. */
export const ThemeConfigSchema = z.object({
  theme: ThemeSchema,
  themeColor: z.enum(THEME_COLORS, '请选择预设主题色'),
  navBgColor: colour('导航背景色'),
  navTextColor: colour('导航文字色'),
  asideWidth: z
    .number('请输入侧边栏宽度')
    .int('侧边栏宽度须为整数')
    .min(ASIDE_WIDTH_MIN, `侧边栏宽度不能小于${ASIDE_WIDTH_MIN}`)
    .max(ASIDE_WIDTH_MAX, `侧边栏宽度不能大于${ASIDE_WIDTH_MAX}`),
  asideBgColor: colour('侧边栏背景色'),
  asideTextColor: colour('侧边栏文字色'),
  asideActiveColor: colour('侧边栏选中色'),
  tableBgColor: colour('表格背景色'),
  tableTextColor: colour('表格文字色'),
  cardBgColor: colour('卡片背景色'),
  cardTextColor: colour('卡片文字色'),
});
export type ThemeConfig = z.infer<typeof ThemeConfigSchema>;

export const DEFAULT_THEME_CONFIG: ThemeConfig = {
  theme: 'light',
  themeColor: '#1677ff',
  navBgColor: '#ffffff',
  navTextColor: '#1f1f1f',
  asideWidth: ASIDE_WIDTH_DEFAULT,
  asideBgColor: '#ffffff',
  asideTextColor: '#1f1f1f',
  asideActiveColor: '#1677ff',
  tableBgColor: '#ffffff',
  tableTextColor: '#1f1f1f',
  cardBgColor: '#ffffff',
  cardTextColor: '#1f1f1f',
};

/** A user's theme with its version (0 = never saved: the defaults). */
export const UserThemeSchema = ThemeConfigSchema.extend({ version: z.number().int() });
export type UserTheme = z.infer<typeof UserThemeSchema>;
export const UserThemeEnvelopeSchema = envelopeOf(UserThemeSchema);
export const UpdateThemeBodySchema = UserThemeSchema;
export type UpdateThemeBody = z.infer<typeof UpdateThemeBodySchema>;

/** User centre profile (phone changes go through SMS verification, not here). */
export const ProfileSchema = z.object({ userName: z.string(), photo: z.string(), version: z.number().int() });
export type Profile = z.infer<typeof ProfileSchema>;
export const ProfileEnvelopeSchema = envelopeOf(ProfileSchema);
export const UpdateProfileBodySchema = z.object({
  userName: z.string().trim().min(1, '请输入姓名').max(30, '姓名不能超过30个字符'),
  version: z.number().int(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

/** Profile photo: image types and size the server accepts (checked by content, not by name). */
export const PHOTO_EXTENSIONS = ['jpg', 'png', 'jpeg', 'webp'] as const;
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPE_MESSAGE = '请上传jpg、png、jpeg或webp格式的图片';
export const PHOTO_SIZE_MESSAGE = '图片大小不能超过2MB';
