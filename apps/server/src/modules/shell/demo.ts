import type { LoginRoleType, NodeProperty } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import * as repo from './repository.ts';

type DemoNode = {
  title: string;
  gnCoding: string;
  nodeProperties: NodeProperty;
  roles: LoginRoleType[];
  icon?: string;
  itShows?: '是' | '否';
  disabled?: boolean;
  children?: DemoNode[];
};

type DemoSystem = { systemName: string; title: string; gnCoding: string; nodes: DemoNode[] };

const ALL: LoginRoleType[] = ['M', 'U', 'P'];

/**
 * Demo systems (names marked 演示) whose menus reach every node-property mapping
 * "Layout", so each role's menu can be tried before the builder issue lets developers define real
 * ones. Administrators see everything; U and P see what their roles list.
 */
export const DEMO_SYSTEMS: DemoSystem[] = [
  {
    systemName: '交易管理系统（演示）',
    title: '交易管理',
    gnCoding: 'DEMO_JYGL',
    nodes: [
      {
        title: '项目交易',
        gnCoding: 'JYGL_XMJY',
        nodeProperties: 'directory',
        icon: 'ProjectOutlined',
        roles: ['M', 'U'],
        children: [
          { title: '五位一体', gnCoding: 'JYGL_WWYT', nodeProperties: 'fiveInOne', roles: ['M', 'U'] },
          { title: '场地预约', gnCoding: 'JYGL_CDYY', nodeProperties: 'venueReserve', roles: ['M', 'U'] },
          { title: '招标文件发售', gnCoding: 'JYGL_ZBWJ', nodeProperties: 'tenderSale', roles: ['M', 'U'] },
          { title: '澄清文件', gnCoding: 'JYGL_CQWJ', nodeProperties: 'clarifyFile', roles: ['M', 'U'] },
          { title: '澄清审核', gnCoding: 'JYGL_CQSH', nodeProperties: 'clarifyAudit', roles: ['M'] },
          { title: '收到的澄清', gnCoding: 'JYGL_SDCQ', nodeProperties: 'clarifyReceived', roles: ['U'] },
          { title: '异议', gnCoding: 'JYGL_YY', nodeProperties: 'objection', roles: ['M', 'U'] },
          {
            title: '保函管理',
            gnCoding: 'JYGL_BHGL',
            nodeProperties: 'guaranteeManagement',
            roles: ['M', 'U'],
          },
          { title: '锁管理', gnCoding: 'JYGL_SGL', nodeProperties: 'lockManagement', roles: ['M'] },
          {
            title: '待配置节点（隐藏）',
            gnCoding: 'JYGL_DPZ',
            nodeProperties: 'dynamicList',
            roles: ['M', 'U'],
            itShows: '否',
          },
          {
            title: '已停用节点',
            gnCoding: 'JYGL_TY',
            nodeProperties: 'dynamicList',
            roles: ['M', 'U'],
            disabled: true,
          },
        ],
      },
      {
        title: '评标评审',
        gnCoding: 'JYGL_PBPS',
        nodeProperties: 'directory',
        icon: 'AuditOutlined',
        roles: ['M'],
        children: [
          { title: '评审概览', gnCoding: 'JYGL_PSGL', nodeProperties: 'reviewOverview', roles: ['M'] },
          { title: '资格标评审', gnCoding: 'JYGL_ZGB', nodeProperties: 'qualificationBid', roles: ['M'] },
          { title: '技术标评审', gnCoding: 'JYGL_JSB', nodeProperties: 'technicalBid', roles: ['M'] },
          { title: '商务标评审', gnCoding: 'JYGL_SWB', nodeProperties: 'commercialBid', roles: ['M'] },
          { title: '专家信息', gnCoding: 'JYGL_ZJXX', nodeProperties: 'expertInfo', roles: ['M'] },
        ],
      },
      {
        title: '文件分析',
        gnCoding: 'JYGL_WJFX',
        nodeProperties: 'fileAnalysis',
        icon: 'FileSearchOutlined',
        roles: ['M', 'U'],
      },
    ],
  },
  {
    systemName: '信用评价系统（演示）',
    title: '信用评价',
    gnCoding: 'DEMO_XYPJ',
    nodes: [
      {
        title: '企业信息',
        gnCoding: 'XYPJ_QYXX',
        nodeProperties: 'enterpriseInfo',
        icon: 'BankOutlined',
        roles: ['M', 'U'],
      },
      {
        title: '信用公示',
        gnCoding: 'XYPJ_XYGS',
        nodeProperties: 'creditPublicity',
        icon: 'SafetyCertificateOutlined',
        roles: ALL,
      },
      {
        title: '信用承诺书',
        gnCoding: 'XYPJ_CNS',
        nodeProperties: 'commitmentBook',
        icon: 'FileProtectOutlined',
        roles: ['M', 'U'],
      },
      {
        title: '执业申请',
        gnCoding: 'XYPJ_ZYSQ',
        nodeProperties: 'applicationList',
        icon: 'IdcardOutlined',
        roles: ['M', 'P'],
      },
      {
        title: '通知公告',
        gnCoding: 'XYPJ_TZGG',
        nodeProperties: 'dynamicList',
        icon: 'NotificationOutlined',
        roles: ALL,
      },
    ],
  },
  {
    systemName: '统计分析系统（演示）',
    title: '统计分析',
    gnCoding: 'DEMO_TJFX',
    nodes: [
      {
        title: '监测报告',
        gnCoding: 'TJFX_JCBG',
        nodeProperties: 'monitoringReport',
        icon: 'LineChartOutlined',
        roles: ['M'],
      },
      {
        title: '分析2',
        gnCoding: 'TJFX_FX2',
        nodeProperties: 'analysis',
        icon: 'PieChartOutlined',
        roles: ['M'],
      },
      {
        title: '全量统计',
        gnCoding: 'TJFX_QLTJ',
        nodeProperties: 'fullStatistics',
        icon: 'BarChartOutlined',
        roles: ['M'],
      },
      {
        title: '项目统计',
        gnCoding: 'TJFX_XMTJ',
        nodeProperties: 'projectStatistics',
        icon: 'FundOutlined',
        roles: ['M'],
      },
      {
        title: '页面配置',
        gnCoding: 'TJFX_YMPZ',
        nodeProperties: 'pageConfig',
        icon: 'LayoutOutlined',
        roles: ['M'],
      },
      {
        title: '产品中心',
        gnCoding: 'TJFX_CPZX',
        nodeProperties: 'productCenter',
        icon: 'AppstoreOutlined',
        roles: ALL,
      },
    ],
  },
];

async function insertNodes(db: Db, systemId: string, parentId: string | null, nodes: DemoNode[]) {
  for (const [sort, node] of nodes.entries()) {
    const row = await repo.insertNode(
      db,
      {
        systemId,
        parentId,
        title: node.title,
        icon: node.icon ?? '',
        itShows: node.itShows ?? '是',
        nodeProperties: node.nodeProperties,
        gnCoding: node.gnCoding,
        disabled: node.disabled ?? false,
        sort,
      },
      node.roles,
    );
    if (node.children) await insertNodes(db, systemId, row.id, node.children);
  }
}

/** Writes the demo systems and menus; pass the seeding transaction. */
export async function seedShellDemo(db: Db): Promise<void> {
  for (const [sort, system] of DEMO_SYSTEMS.entries()) {
    const row = await repo.insertSystem(db, {
      systemName: system.systemName,
      title: system.title,
      gnCoding: system.gnCoding,
      sort,
    });
    await insertNodes(db, row.id, null, system.nodes);
  }
}
