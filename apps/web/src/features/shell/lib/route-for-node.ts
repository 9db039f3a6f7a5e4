import type { LoginRoleType } from '@ks/contract/session';
import type { MenuNode, NodeProperty } from '@ks/contract/shell';

type RoutedNode = Pick<MenuNode, 'nodeProperties' | 'gnCoding'>;
type RoutedUser = { loginRoleType: LoginRoleType };

/** Where each node property leads; null: a directory opens its children. */
const NODE_ROUTES: Record<NodeProperty, string | null> = {
  directory: null,
  pageConfig: '/system/pageConfig',
  reviewOverview: '/bidEvaluationSys/overview',
  qualificationBid: '/bidEvaluationSys/ZSbidEvaluation',
  technicalBid: '/bidEvaluationSys/JSbidEvaluation',
  commercialBid: '/bidEvaluationSys/SWbidEvaluation',
  expertInfo: '/bidStep/zjInfo',
  monitoringReport: '/demoPublicPage/monitoringReport',
  analysis: '/credit/analysis',
  creditPublicity: '/credit/creditPublicList',
  commitmentBook: '/credit/commitmentbook',
  applicationList: '/applyIndex',
  dynamicList: '/dynamicPage/dynamicIndex',
  venueReserve: '/dynamicPage/dynamicIndex',
  enterpriseInfo: '/dynamicPage/dynamicIndex',
  fileAnalysis: '/fileAnalysis/index',
  lockManagement: '/lock',
  fiveInOne: '/fiveInOne/list',
  fullStatistics: '/custom/statistics',
  projectStatistics: '/custom/completeCount',
  guaranteeManagement: '/custom/guarantee',
  productCenter: '/productCenter/systemPlatform',
  tenderSale: '/trade/onSale',
  clarifyFile: '/clarify/file',
  clarifyAudit: '/clarify/audit',
  clarifyReceived: '/clarify/received',
  objection: '/clarify/objection',
};

/**
 * The page a menu click opens: by node property, with the two role cases of the spec — an
 * administrator on the venue-reserve node gets the meeting calendar, an enterprise user (U) on the
 * enterprise-information node the dynamic detail page. The query names the system and node, so
 * the page knows which configuration to load. Null for a directory.
 */
export function routeForNode(node: RoutedNode, user: RoutedUser, systemCoding = ''): string | null {
  let path = NODE_ROUTES[node.nodeProperties];
  if (node.nodeProperties === 'venueReserve' && user.loginRoleType === 'M') path = '/meetingVenue/meeting';
  if (node.nodeProperties === 'enterpriseInfo' && user.loginRoleType === 'U') {
    path = '/dynamicPage/dynamicDetail';
  }
  if (path === null) return null;
  const query = new URLSearchParams();
  if (systemCoding) query.set('systemCoding', systemCoding);
  query.set('gnCoding', node.gnCoding);
  return `${path}?${query.toString()}`;
}

/** Charts setup for the chart-like node properties. */
const CHART_PROPERTIES: readonly NodeProperty[] = [
  'monitoringReport',
  'analysis',
  'fullStatistics',
  'projectStatistics',
];

/**
 * Where a developer's node-settings gear leads: product-centre config for the
 * product centre, charts setup for chart pages, list setup for everything else.
 */
export function settingsRouteForNode(node: RoutedNode, systemCoding: string): string {
  const path =
    node.nodeProperties === 'productCenter'
      ? '/configPage/productConfig'
      : CHART_PROPERTIES.includes(node.nodeProperties)
        ? '/system/echartsSetting'
        : '/system/setUpList';
  return `${path}?${new URLSearchParams({ systemCoding, gnCoding: node.gnCoding }).toString()}`;
}

/** Where a developer's system-settings gear leads. */
export const systemSettingsRoute = (systemCoding: string) =>
  `/system/menuSetUp?${new URLSearchParams({ systemCoding }).toString()}`;
