import {
  type FormItemInput,
  type NodeDefinitionInput,
  TRADE_NOTICE_KIND_LABELS,
  TRADE_NOTICE_NODE_OF,
  TRADE_NOTICE_SYSTEM_CODING,
  type TradeNoticeKind,
} from '@ks/contract';
import type { ProvidedNode, ProvidedSystem } from '../../engine/provided-systems.ts';
import {
  COMPOSED_FIELD,
  COMPOSED_NAMES,
  type ComposedField,
  NOTICE_FIELD,
  SECTION_DICTIONARY,
  TARGET_DICTIONARY,
} from './fields.ts';
import { sectionOptions, targetOptions } from './options.ts';

/**
 * The 交易公告 system the trade-notices module provides (decision 0076): one node per kind. The
 * administrators may add fields per province afterwards; the module reads the fields below by code.
 * The section's data (项目名称 … 开标时间) is composed by the module's beforeSave from trading's
 * port: those fields are read-only in the form and whatever a browser sends for them is replaced.
 */

function definition(kind: TradeNoticeKind): NodeDefinitionInput {
  const change = kind === 'change';
  const items: FormItemInput[] = [
    {
      code: NOTICE_FIELD.section,
      name: '标段',
      type: 'select',
      required: '1',
      col: 24,
      source: { kind: 'dictionary', code: SECTION_DICTIONARY },
      tips: '可选本单位作为招标人或招标代理的已审核项目的标段',
    },
    ...(change
      ? [
          {
            code: NOTICE_FIELD.target,
            name: '被变更公告',
            type: 'select' as const,
            required: '1' as const,
            col: 24,
            source: { kind: 'dictionary' as const, code: TARGET_DICTIONARY },
            tips: '已发送的招标公告或资格预审公告；变更公告作为其新版本发布，原版本仍可查阅',
          },
        ]
      : []),
    { code: NOTICE_FIELD.title, name: '公告标题', type: 'text', required: '1', col: 24, length: 100 },
    { code: NOTICE_FIELD.publishAt, name: '发布时间', type: 'datetime', required: '1', tips: '北京时间' },
    ...(Object.entries(COMPOSED_NAMES) as [ComposedField, string][]).map(([code, name]) => ({
      code,
      name,
      type: 'text' as const,
      readonly: true,
      tips: '由所选标段自动带出',
    })),
    { code: NOTICE_FIELD.body, name: '公告正文', type: 'textarea', required: '1', col: 24, length: 20000 },
  ];
  return {
    form: { items },
    list: {
      columns: [
        { code: NOTICE_FIELD.title, name: '公告标题', isSearch: true, width: 240 },
        { code: COMPOSED_FIELD.projectName, name: '项目名称', isSearch: true, width: 200 },
        { code: COMPOSED_FIELD.sectionName, name: '标段名称', width: 200 },
        { code: NOTICE_FIELD.publishAt, name: '发布时间' },
        { code: 'status', name: '状态', type: 'status', isStatus: true, listAlignment: 'center' },
        { code: 'audit_state', name: '审核流程', type: 'auditFlow', listAlignment: 'center' },
        { code: 'operations', name: '操作', type: 'operations', width: 260 },
      ],
      sortField: 'created_at',
      sortOrder: 'desc',
    },
    functions: ['save', 'delete', 'submit', 'revoke', 'audit', 'export', 'view', 'send', 'spread'],
  };
}

const node = (kind: TradeNoticeKind): ProvidedNode => ({
  gnCoding: TRADE_NOTICE_NODE_OF[kind],
  title: TRADE_NOTICE_KIND_LABELS[kind],
  nodeProperties: 'dynamicList',
  definition: definition(kind),
  auditByAdministrators: true,
  visibleRoles: ['M', 'U'],
  grants: {
    M: ['audit', 'export', 'view', 'send', 'spread'],
    U: ['save', 'delete', 'submit', 'revoke', 'export', 'view', 'send', 'spread'],
  },
});

export const TRADE_NOTICE_SYSTEM: ProvidedSystem = {
  module: 'trade-notices',
  systemName: '交易公告',
  title: '交易公告',
  gnCoding: TRADE_NOTICE_SYSTEM_CODING,
  auditOrgName: '交易公告审核组',
  dictionaries: [
    { code: SECTION_DICTIONARY, name: '公告可选标段', items: (db) => sectionOptions(db) },
    { code: TARGET_DICTIONARY, name: '可变更的公告', items: (db) => targetOptions(db) },
  ],
  nodes: [node('tender'), node('prequalification'), node('change')],
};
