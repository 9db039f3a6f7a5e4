// Relative, not '@/': the end-to-end route walk imports this table outside the web app's build.
import {
  ACTIVATE_PATH,
  FORGET_PASSWORD_PATH,
  JOBS_PATH,
  LOGIN_PATH,
  MY_ATTACHMENTS_PATH,
  PLATFORM_SETTINGS_PATH,
  REGISTER_PATH,
  USER_CENTER_PATH,
  WORK_CALENDAR_PATH,
} from '../lib/constants.ts';

/**
 * Every page the wire names. A feature's built page (its routes.ts) replaces the entry of its path;
 * the others render the honest "此页面尚未开放" state, so links, home URLs and deep links resolve.
 */
export type PlannedPage = { path: string; title: string };
export type RouteGroup = { path: string; title: string; children: PlannedPage[] };

/** Route groups (paths kept exactly as the wire spells them, typos included). */
export const ROUTE_GROUPS: RouteGroup[] = [
  {
    path: '/system',
    title: '系统管理',
    children: [
      { path: 'styleTemplate', title: '样式模板' },
      { path: 'allSystem', title: '全部系统' },
      { path: 'menuSetUp', title: '菜单设置' },
      { path: 'echartsSetting', title: '图表设置' },
      { path: 'setUpList', title: '列表设置' },
      { path: 'pageConfig', title: '页面配置' },
      { path: 'companyInfo', title: '企业信息' },
      { path: 'permissionsSet', title: '权限设置' },
      { path: 'setTypeCard', title: '卡片样式设置' },
      { path: 'adminInfo', title: '企业信息库' },
      { path: 'auditLevel', title: '审核级别' },
      { path: 'auditWay', title: '审核方式' },
      { path: 'permissConfig', title: '权限配置' },
      { path: 'managementInfo', title: '人员管理' },
      { path: 'personnelInfo', title: '人员信息' },
      { path: 'transact', title: '业务办理' },
      { path: 'jumpNoticeCfg', title: '通知配置' },
    ],
  },
  {
    path: '/demoPublicPage',
    title: '公共页面',
    children: [
      { path: 'detailsList', title: '详情列表' },
      { path: 'perDetails', title: '人员详情' },
      { path: 'priceLimitDetails', title: '限价详情' },
      { path: 'indicatorDet', title: '指标详情' },
      { path: 'monitoringReport', title: '监测报告' },
    ],
  },
  { path: '/configPage', title: '配置页面', children: [{ path: 'productConfig', title: '产品中心配置' }] },
  {
    path: '/credit',
    title: '信用管理',
    children: [
      { path: 'analysis', title: '信用分析' },
      { path: 'commitmentbook', title: '信用承诺书' },
      { path: 'commitmentbookDetail', title: '信用承诺书详情' },
      { path: 'creditPublicList', title: '信用公示' },
      { path: 'companyInfo', title: '企业信用信息' },
    ],
  },
  {
    path: '/dynamicPage',
    title: '动态页面',
    children: [
      { path: 'dynamicIndex', title: '动态列表' },
      { path: 'dynamicDetail', title: '动态详情' },
    ],
  },
  { path: '/meetingVenue', title: '场地预约', children: [{ path: 'meeting', title: '场地预约日历' }] },
  { path: '/standardFile', title: '标准文件', children: [{ path: 'letterBook', title: '标准文件' }] },
  {
    path: '/fileAnalysis',
    title: '文件分析',
    children: [
      { path: 'index', title: '文件分析' },
      { path: 'deatil', title: '文件分析详情' },
    ],
  },
  {
    path: '/productCenter',
    title: '产品中心',
    children: [
      { path: 'fileDownload', title: '文件下载' },
      { path: 'videoDownload', title: '视频下载' },
      { path: 'systemPlatform', title: '系统平台' },
    ],
  },
  {
    path: '/custom',
    title: '定制功能',
    children: [
      { path: 'viewProgress', title: '进度查看' },
      { path: 'statistics', title: '全量统计' },
      { path: 'completeCount', title: '项目统计' },
      { path: 'materialPrices', title: '材料价格' },
      { path: 'guarantee', title: '保函管理' },
    ],
  },
  {
    path: '/fiveInOne',
    title: '五位一体',
    children: [
      { path: 'list', title: '五位一体列表' },
      { path: 'detail', title: '五位一体详情' },
    ],
  },
  {
    path: '/bidEvaluationSys',
    title: '评标系统',
    children: [
      { path: 'overview', title: '评审概览' },
      { path: 'reviewProcess/:bianma', title: '评审流程' },
      { path: 'ZSbidEvaluation', title: '资格标评审' },
      { path: 'JSbidEvaluation', title: '技术标评审' },
      { path: 'SWbidEvaluation', title: '商务标评审' },
    ],
  },
  {
    path: '/bidZj',
    title: '评标专家',
    children: [
      { path: 'YsZj', title: '预审专家' },
      { path: 'KbZj', title: '开标专家' },
    ],
  },
  {
    path: '/bid',
    title: '开标',
    children: [
      { path: 'overview', title: '开标概览' },
      { path: 'reviewProcess', title: '评审流程' },
      { path: 'bidMeet', title: '开标会议' },
    ],
  },
  {
    path: '/bidStep',
    title: '开标流程',
    children: [
      { path: 'bidBegin', title: '开标开始' },
      { path: 'bidSign', title: '签到' },
      { path: 'bidSignSw', title: '商务标签到' },
      { path: 'bidSignZj', title: '专家签到' },
      { path: 'bidDoc', title: '招标文件' },
      { path: 'bidMethod', title: '评标办法' },
      { path: 'bidMethodJs', title: '技术标评标办法' },
      { path: 'bidMethodSw', title: '商务标评标办法' },
      { path: 'bidReview', title: '评审' },
      { path: 'bidReviewSw', title: '商务标评审' },
      { path: 'bidResult', title: '评标结果' },
      { path: 'bidOverview', title: '开标总览' },
      { path: 'zjInfo', title: '专家信息' },
    ],
  },
  { path: '/userCenter', title: '个人中心', children: [{ path: 'uCenter', title: '个人中心' }] },
  {
    path: '/expertExtraction',
    title: '专家抽取',
    children: [
      { path: 'extractList', title: '抽取列表' },
      { path: 'projectInfo', title: '项目信息' },
    ],
  },
];

/** Single pages behind the session (top-level routes and groups without children). */
export const PLANNED_PAGES: PlannedPage[] = [
  { path: '/applyIndex', title: '执业申请' },
  { path: '/applyDetail', title: '执业申请详情' },
  { path: '/lock', title: '锁管理' },
  { path: '/judge', title: '选择系统' },
];

/** Public pages (no token needed); / and /login are the login page. */
export const PUBLIC_PAGES: PlannedPage[] = [
  { path: REGISTER_PATH, title: '注册账号' },
  { path: ACTIVATE_PATH, title: '激活账号' },
  { path: FORGET_PASSWORD_PATH, title: '忘记密码' },
  { path: '/realName', title: '实名认证' },
  { path: '/creditCode', title: '统一社会信用代码认证' },
  { path: '/auth', title: '身份认证' },
  { path: '/admin-business', title: '业务办理' },
  { path: '/caLogin', title: 'CA登录' },
  { path: '/caLoginPage', title: 'CA登录' },
  { path: '/caRegister', title: 'CA注册' },
  { path: '/venue', title: '场地预约' },
  { path: '/transac', title: '交易信息' },
  { path: '/transac-news', title: '交易资讯' },
  { path: '/market', title: '市场信息' },
  { path: '/market-list', title: '市场信息列表' },
  { path: '/market-details', title: '市场信息详情' },
];

/**
 * Pages behind the session that the route groups do not list (the features' own pages,
 * `ownPage` in their routes.ts); with ROUTE_GROUPS and PLANNED_PAGES every page of the shell, from
 * which the end-to-end route walk takes its pages (the router test keeps this list complete).
 */
export const EXTRA_SHELL_PAGES: PlannedPage[] = [
  { path: MY_ATTACHMENTS_PATH, title: '我的附件' },
  { path: PLATFORM_SETTINGS_PATH, title: '平台设置' },
  { path: '/system/helpConfig', title: '帮助配置' },
  { path: '/system/feedback', title: '意见反馈' },
  { path: '/system/dictionaries', title: '字典管理' },
  { path: '/system/valueRanges', title: '值域管理' },
  { path: '/system/displayGroups', title: '展示分组' },
  { path: JOBS_PATH, title: '后台任务' },
  { path: WORK_CALENDAR_PATH, title: '工作日历' },
  { path: '/trade/onSale', title: '招标文件发售' },
  // Clarifications and objections (decision 0078).
  { path: '/clarify/file', title: '澄清文件' },
  { path: '/clarify/audit', title: '澄清审核' },
  { path: '/clarify/received', title: '收到的澄清' },
  { path: '/clarify/objection', title: '异议' },
];

/** Every page path behind the session, parameters as the table spells them (e.g. :bianma). */
export const shellPagePaths = (): string[] => [
  ...ROUTE_GROUPS.flatMap((group) => group.children.map((page) => `${group.path}/${page.path}`)),
  ...PLANNED_PAGES.map((page) => page.path),
  ...EXTRA_SHELL_PAGES.map((page) => page.path),
];

export {
  ACTIVATE_PATH,
  FORGET_PASSWORD_PATH,
  JOBS_PATH,
  LOGIN_PATH,
  MY_ATTACHMENTS_PATH,
  PLATFORM_SETTINGS_PATH,
  REGISTER_PATH,
  USER_CENTER_PATH,
};
