import {
  CONTACT_TEL_PATTERN,
  ENTERPRISE_TYPES,
  MARKET_ANNEX,
  MARKET_NODE_OF,
  MARKET_PART_LABELS,
  MARKET_PARTS,
  MARKET_SYSTEM_CODING,
  type MarketPart,
  type NodeDefinitionInput,
  PERSONNEL_SPECIALTIES,
  REGISTRATION_TYPES,
  type SaveAnnexSlotBody,
} from '@ks/contract';
import type { ProvidedNode, ProvidedSystem } from '../../engine/provided-systems.ts';

/**
 * The 企业信息 system the market module provides (decision 0051, on the seam of decision 0049): one
 * node per part of an enterprise's information, each record owned by the enterprise account and
 * passed by an administrator. Administrators may reshape the nodes per province afterwards; the
 * module reads the fields below by code and skips what is no longer there.
 */

export const MARKET_FIELD = {
  enterpriseName: 'enterprise_name',
  creditCode: 'credit_code',
  issueDate: 'issue_date',
  expiryDate: 'expiry_date',
  branchName: 'branch_name',
  address: 'address',
  principal: 'principal',
  tel: 'tel',
  contactName: 'ry_name',
  position: 'position',
  email: 'email',
  startDate: 'start_date',
  finishDate: 'finish_date',
  personName: 'person_name',
  idNumber: 'id_number',
  region: 'registered_region',
  specialty: 'specialty',
  certificateNo: 'certificate_no',
  registrationType: 'registration_type',
  projectName: 'project_name',
  contractAmount: 'contract_amount',
  /** The person's own mobile: where the code proving an ID number claim goes (decision 0063). */
  mobile: 'mobile',
} as const;

const PHONE_REGEX = CONTACT_TEL_PATTERN.source;
const PHONE_PROMPT = '请输入正确的手机号码或固定电话（如0571-87654321）';
const CREDIT_CODE_REGEX = '^[0-9A-Z]{18}$';

type Item = NonNullable<NonNullable<NodeDefinitionInput['form']>['items']>[number];
type Column = NonNullable<NonNullable<NodeDefinitionInput['list']>['columns']>[number];

const text = (code: string, name: string, extra: Partial<Item> = {}): Item => ({
  code,
  name,
  type: 'text',
  ...extra,
});
const date = (code: string, name: string, extra: Partial<Item> = {}): Item => ({
  code,
  name,
  type: 'date',
  ...extra,
});
const select = (code: string, name: string, values: readonly string[], extra: Partial<Item> = {}): Item => ({
  code,
  name,
  type: 'select',
  options: { list: values.map((value) => ({ value, label: value })) },
  ...extra,
});

const FORMS: Record<MarketPart, Item[]> = {
  basic: [
    text(MARKET_FIELD.enterpriseName, '企业名称', { required: '1', length: 100 }),
    text(MARKET_FIELD.creditCode, '统一社会信用代码', {
      required: '1',
      regex: CREDIT_CODE_REGEX,
      showPrompt: '统一社会信用代码须为18位数字或大写字母',
    }),
    select('qy_type', '企业类型', ENTERPRISE_TYPES, { required: '1' }),
    text('legal_person', '法定代表人', { required: '1', length: 30 }),
    { code: 'registered_capital', name: '注册资本（万元）', type: 'number' },
    date('established_date', '成立日期', { required: '1' }),
    text(MARKET_FIELD.address, '注册地址', { required: '1', col: 24, length: 200 }),
    { code: 'business_scope', name: '经营范围', type: 'textarea', col: 24, length: 1000 },
  ],
  qualification: [
    text('qualification_name', '资质名称', {
      required: '1',
      length: 100,
      prompt: '如：建筑工程施工总承包',
    }),
    select(
      'qualification_level',
      '资质等级',
      ['特级', '一级', '二级', '三级', '甲级', '乙级', '丙级', '不分等级'],
      {
        required: '1',
      },
    ),
    text('certificate_no', '证书编号', { required: '1', length: 50 }),
    text('issuing_authority', '发证机关', { required: '1', length: 100 }),
    date(MARKET_FIELD.issueDate, '发证日期', { required: '1' }),
    date(MARKET_FIELD.expiryDate, '有效期至', { required: '1' }),
  ],
  safety: [
    text('licence_no', '许可证编号', { required: '1', length: 50 }),
    text('permitted_scope', '许可范围', { required: '1', length: 100, prompt: '如：建筑施工' }),
    text('issuing_authority', '发证机关', { required: '1', length: 100 }),
    date(MARKET_FIELD.issueDate, '发证日期', { required: '1' }),
    date(MARKET_FIELD.expiryDate, '有效期至', { required: '1' }),
  ],
  personnel: [
    text(MARKET_FIELD.personName, '姓名', { required: '1', length: 30 }),
    text(MARKET_FIELD.idNumber, '身份证号码', {
      required: '1',
      length: 18,
      tips: '18位居民身份证号码，按国家标准校验末位校验码',
    }),
    select(MARKET_FIELD.registrationType, '注册类别', REGISTRATION_TYPES, { required: '1' }),
    select('specialty', '注册专业', PERSONNEL_SPECIALTIES, { required: '1' }),
    text('certificate_no', '注册证书编号', { required: '1', length: 50 }),
    text('registered_region', '注册地区', { required: '1', length: 30, prompt: '如：江苏省' }),
    date(MARKET_FIELD.expiryDate, '注册有效期至', { required: '1' }),
    text(MARKET_FIELD.mobile, '本人手机号码', {
      length: 11,
      regex: '^1[3-9]\\d{9}$',
      showPrompt: '请输入正确的手机号码',
      tips: '本人绑定身份证号码时，验证码发送到此号码',
    }),
  ],
  branch: [
    text(MARKET_FIELD.branchName, '分支机构名称', { required: '1', length: 100 }),
    text(MARKET_FIELD.principal, '负责人', { required: '1', length: 30 }),
    text(MARKET_FIELD.tel, '联系电话', { required: '1', regex: PHONE_REGEX, showPrompt: PHONE_PROMPT }),
    date('established_date', '设立日期'),
    text(MARKET_FIELD.address, '经营场所', { required: '1', col: 24, length: 200 }),
  ],
  contact: [
    text(MARKET_FIELD.contactName, '联系人姓名', { required: '1', length: 30 }),
    text(MARKET_FIELD.tel, '联系电话', { required: '1', regex: PHONE_REGEX, showPrompt: PHONE_PROMPT }),
    text(MARKET_FIELD.position, '职务', { length: 30 }),
    text(MARKET_FIELD.email, '电子邮箱', {
      length: 100,
      regex: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
      showPrompt: '请输入正确的电子邮箱',
    }),
  ],
  performance: [
    text(MARKET_FIELD.projectName, '项目名称', { required: '1', col: 24, length: 200 }),
    text('construction_unit', '建设单位', { required: '1', length: 100 }),
    { code: MARKET_FIELD.contractAmount, name: '合同金额（万元）', type: 'number', required: '1' },
    date(MARKET_FIELD.startDate, '开工日期', { required: '1' }),
    date(MARKET_FIELD.finishDate, '竣工日期'),
    { code: 'project_scale', name: '工程规模', type: 'textarea', col: 24, length: 500 },
  ],
};

/** The list's field columns per part (the first is searchable). */
const COLUMNS: Record<MarketPart, string[]> = {
  basic: [MARKET_FIELD.enterpriseName, MARKET_FIELD.creditCode, 'qy_type', 'legal_person'],
  qualification: ['qualification_name', 'qualification_level', 'certificate_no', MARKET_FIELD.expiryDate],
  safety: ['licence_no', 'permitted_scope', MARKET_FIELD.issueDate, MARKET_FIELD.expiryDate],
  personnel: [
    MARKET_FIELD.personName,
    'registration_type',
    'specialty',
    'registered_region',
    MARKET_FIELD.expiryDate,
  ],
  branch: [MARKET_FIELD.branchName, MARKET_FIELD.principal, MARKET_FIELD.tel, MARKET_FIELD.address],
  contact: [MARKET_FIELD.contactName, MARKET_FIELD.tel, MARKET_FIELD.position],
  performance: [
    MARKET_FIELD.projectName,
    'construction_unit',
    MARKET_FIELD.contractAmount,
    MARKET_FIELD.startDate,
  ],
};

type Slot = Omit<SaveAnnexSlotBody, 'gnCoding'>;
const slot = (annexNo: string, annexName: string, description: string, isRequired = true): Slot => ({
  annexNo,
  annexName,
  annexFormat: ['pdf', 'jpg', 'jpeg', 'png'],
  annexSize: 20,
  isRequired,
  annexCount: 5,
  description,
  sort: 0,
});

const SLOTS: Record<MarketPart, Slot[]> = {
  basic: [slot(MARKET_ANNEX.licence, '营业执照', '营业执照副本扫描件')],
  qualification: [slot(MARKET_ANNEX.qualification, '资质证书', '资质证书正、副本扫描件')],
  safety: [slot(MARKET_ANNEX.safety, '安全生产许可证', '安全生产许可证扫描件')],
  personnel: [slot(MARKET_ANNEX.personnel, '注册证书', '注册执业证书扫描件')],
  branch: [slot(MARKET_ANNEX.branch, '分支机构营业执照', '分支机构的营业执照扫描件', false)],
  contact: [],
  performance: [slot(MARKET_ANNEX.performance, '业绩证明材料', '中标通知书、施工合同或竣工验收证明')],
};

function definition(part: MarketPart): NodeDefinitionInput {
  const items = FORMS[part];
  const columns: Column[] = COLUMNS[part].map((code, index) => ({
    code,
    name: items.find((item) => item.code === code)?.name ?? code,
    ...(index === 0 ? { isSearch: true, width: 220 } : {}),
  }));
  return {
    form: { items },
    list: {
      columns: [
        ...columns,
        { code: 'status', name: '状态', type: 'status', isStatus: true, listAlignment: 'center' },
        { code: 'audit_state', name: '审核流程', type: 'auditFlow', listAlignment: 'center' },
        { code: 'operations', name: '操作', type: 'operations', width: 220 },
      ],
      sortField: 'created_at',
      sortOrder: 'desc',
    },
    functions: ['save', 'delete', 'submit', 'revoke', 'audit', 'export', 'view'],
    // After approval an item changes only through a change request (issue 18).
    allowChangeAfterApproval: true,
  };
}

const node = (part: MarketPart): ProvidedNode => ({
  gnCoding: MARKET_NODE_OF[part],
  title: MARKET_PART_LABELS[part],
  nodeProperties: 'dynamicList',
  definition: definition(part),
  auditByAdministrators: true,
  visibleRoles: ['M', 'U'],
  grants: {
    M: ['save', 'delete', 'submit', 'revoke', 'audit', 'export', 'view'],
    U: ['save', 'delete', 'submit', 'revoke', 'export', 'view'],
  },
  ...(SLOTS[part].length ? { annexSlots: SLOTS[part] } : {}),
});

export const MARKET_SYSTEM: ProvidedSystem = {
  module: 'market',
  systemName: '企业信息',
  title: '企业信息',
  gnCoding: MARKET_SYSTEM_CODING,
  auditOrgName: '企业信息审核组',
  dictionaries: [],
  nodes: MARKET_PARTS.map(node),
};
