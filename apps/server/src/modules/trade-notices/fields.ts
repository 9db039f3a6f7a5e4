/** The fields of a notice the module reads by code (decision 0076); system.ts builds the form from them. */

export const NOTICE_FIELD = {
  section: 'section',
  target: 'target_notice',
  title: 'title',
  publishAt: 'publish_at',
  body: 'body',
} as const;

/** Composed from the section on every save (never from the browser). */
export const COMPOSED_FIELD = {
  projectName: 'project_name',
  projectCode: 'project_code',
  sectionName: 'section_name',
  sectionType: 'section_type',
  estimatePrice: 'estimate_price',
  controlPrice: 'control_price',
  saleStart: 'sale_start',
  saleEnd: 'sale_end',
  bidDeadline: 'bid_deadline',
  openingAt: 'opening_at',
} as const;
export type ComposedField = (typeof COMPOSED_FIELD)[keyof typeof COMPOSED_FIELD];

export const COMPOSED_NAMES: Record<ComposedField, string> = {
  project_name: '项目名称',
  project_code: '项目编号',
  section_name: '标段名称',
  section_type: '标段类型',
  estimate_price: '估算价（元）',
  control_price: '最高投标限价（元）',
  sale_start: '文件发售开始',
  sale_end: '文件发售截止',
  bid_deadline: '投标截止时间',
  opening_at: '开标时间',
};

/** The dictionaries the selects read (kept current by the module: options.ts). */
export const SECTION_DICTIONARY = 'trade_notice_sections';
export const TARGET_DICTIONARY = 'trade_notice_targets';
