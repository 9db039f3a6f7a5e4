import type { BuilderNode, BuilderSystem } from '@ks/contract/builder';
import { makeNodeId } from '@/test/factories.ts';

// The builder page tests render against the same system and node, so they agree on ids and codes.
export const SYSTEM: BuilderSystem = {
  id: '11111111-1111-4111-8111-111111111111',
  systemName: '交易管理系统',
  title: '交易管理',
  gnCoding: 'JYGL',
  levels: '0',
  nodeCount: 1,
  version: 1,
};

export const NODE: BuilderNode = {
  id: makeNodeId(),
  parentId: null,
  title: '项目信息',
  icon: '',
  itShows: '是',
  nodeProperties: 'dynamicList',
  gnCoding: 'xmxx',
  style: '',
  nodeSetFlag: false,
  disabled: false,
  sort: 0,
  version: 1,
};
