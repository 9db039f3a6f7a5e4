import {
  CREDIT_CLASS_LABELS,
  CREDIT_NODE_OF,
  CREDIT_PENALTY_ANNEX,
  CREDIT_SEVERITIES,
  CREDIT_SEVERITY_LABELS,
  CREDIT_SYSTEM_CODING,
  type CreditClass,
  type FormOption,
  type NodeDefinitionInput,
} from '@ks/contract';
import type { ProvidedNode, ProvidedSystem } from '../../engine/provided-systems.ts';
import { catalogueOptions } from './repository.ts';

/**
 * The 信用信息 system the credit module provides (decision 0049): one node per class, whose forms
 * carry what the score needs. Administrators may reshape it afterwards; the module reads the
 * fields below by code and skips what is no longer there.
 */

export const CREDIT_DICTIONARY_OF: Record<CreditClass, string> = {
  basic: 'credit_item_basic',
  good: 'credit_item_good',
  bad: 'credit_item_bad',
};

export const FIELD = {
  itemType: 'item_type',
  score: 'score',
  severity: 'severity',
  startTime: 'start_time',
  endTime: 'end_time',
  description: 'description',
} as const;

function definition(creditClass: CreditClass): NodeDefinitionInput {
  const bad = creditClass === 'bad';
  return {
    form: {
      items: [
        {
          code: FIELD.itemType,
          name: '信用事项',
          type: 'select',
          required: '1',
          col: 24,
          source: { kind: 'dictionary', code: CREDIT_DICTIONARY_OF[creditClass] },
          tips: '可选事项按本企业的企业类型确定',
        },
        { code: FIELD.score, name: bad ? '扣分' : '分数', type: 'number', required: '1' },
        ...(bad
          ? [
              {
                code: FIELD.severity,
                name: '失信等级',
                type: 'radio' as const,
                tips: '不选时按该事项的默认等级',
                options: {
                  list: CREDIT_SEVERITIES.map((value) => ({ value, label: CREDIT_SEVERITY_LABELS[value] })),
                },
              },
            ]
          : []),
        { code: FIELD.startTime, name: '开始时间', type: 'date', required: '1' },
        {
          code: FIELD.endTime,
          name: '结束时间',
          type: 'date',
          tips: '不填时按该事项的公示期计算',
        },
        { code: FIELD.description, name: '事项说明', type: 'textarea', col: 24, length: 500 },
      ],
    },
    list: {
      columns: [
        { code: FIELD.itemType, name: '信用事项', isSearch: true, width: 240 },
        { code: FIELD.score, name: bad ? '扣分' : '分数', listAlignment: 'right' },
        ...(bad ? [{ code: FIELD.severity, name: '失信等级', listAlignment: 'center' as const }] : []),
        { code: FIELD.startTime, name: '开始时间' },
        { code: FIELD.endTime, name: '结束时间' },
        { code: 'status', name: '状态', type: 'status', isStatus: true, listAlignment: 'center' },
        { code: 'audit_state', name: '审核流程', type: 'auditFlow', listAlignment: 'center' },
        { code: 'operations', name: '操作', type: 'operations', width: 220 },
      ],
      sortField: 'created_at',
      sortOrder: 'desc',
    },
    functions: ['save', 'delete', 'submit', 'revoke', 'audit', 'export', 'view'],
    // A passed item changes only through a change request (信用信息变更), whose pass
    // recomputes the score in its transaction (the changeApplied handler of module.ts).
    allowChangeAfterApproval: true,
  };
}

const node = (creditClass: CreditClass): ProvidedNode => ({
  gnCoding: CREDIT_NODE_OF[creditClass],
  title: CREDIT_CLASS_LABELS[creditClass],
  nodeProperties: 'dynamicList',
  definition: definition(creditClass),
  auditByAdministrators: true,
  visibleRoles: ['M', 'U'],
  grants: {
    M: ['save', 'delete', 'submit', 'revoke', 'audit', 'export', 'view'],
    U: ['save', 'delete', 'submit', 'revoke', 'export', 'view'],
  },
  ...(creditClass === 'bad'
    ? {
        annexSlots: [
          {
            annexNo: CREDIT_PENALTY_ANNEX,
            annexName: '行政处罚决定书',
            annexFormat: ['pdf', 'jpg', 'jpeg', 'png'],
            annexSize: 20,
            isRequired: true,
            annexCount: 3,
            description: '作出不良信用认定的行政处罚决定书或处理决定',
            sort: 0,
          },
        ],
      }
    : {}),
});

export const CREDIT_SYSTEM: ProvidedSystem = {
  module: 'credit',
  systemName: '信用信息',
  title: '信用信息',
  gnCoding: CREDIT_SYSTEM_CODING,
  auditOrgName: '信用信息审核组',
  dictionaries: (['basic', 'good', 'bad'] as const).map((creditClass) => ({
    code: CREDIT_DICTIONARY_OF[creditClass],
    name: `${CREDIT_CLASS_LABELS[creditClass]}事项`,
    items: (db): Promise<FormOption[]> => catalogueOptions(db, creditClass),
  })),
  nodes: [node('basic'), node('good'), node('bad')],
};
