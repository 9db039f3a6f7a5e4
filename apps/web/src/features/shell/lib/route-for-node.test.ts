import { LOGIN_ROLE_TYPES, type LoginRoleType } from '@ks/contract/session';
import { NODE_PROPERTIES, type NodeProperty, opensDefinedPage } from '@ks/contract/shell';
import { describe, expect, it } from 'vitest';
import { routeForNode, settingsRouteForNode, systemSettingsRoute } from './route-for-node.ts';

const node = (nodeProperties: NodeProperty) => ({ nodeProperties, gnCoding: 'N_1' });
const pathOf = (route: string | null) => route?.split('?')[0] ?? null;

/** Every mapping of the layout, by node property and role. */
const TABLE: [NodeProperty, LoginRoleType, string | null][] = [
  ['reviewOverview', 'M', '/bidEvaluationSys/overview'],
  ['qualificationBid', 'M', '/bidEvaluationSys/ZSbidEvaluation'],
  ['technicalBid', 'M', '/bidEvaluationSys/JSbidEvaluation'],
  ['commercialBid', 'M', '/bidEvaluationSys/SWbidEvaluation'],
  ['expertInfo', 'M', '/bidStep/zjInfo'],
  ['monitoringReport', 'M', '/demoPublicPage/monitoringReport'],
  ['analysis', 'M', '/credit/analysis'],
  ['creditPublicity', 'P', '/credit/creditPublicList'],
  ['commitmentBook', 'U', '/credit/commitmentbook'],
  ['applicationList', 'P', '/applyIndex'],
  ['dynamicList', 'U', '/dynamicPage/dynamicIndex'],
  ['dynamicList', 'M', '/dynamicPage/dynamicIndex'],
  ['venueReserve', 'M', '/meetingVenue/meeting'],
  ['venueReserve', 'U', '/dynamicPage/dynamicIndex'],
  ['venueReserve', 'D', '/dynamicPage/dynamicIndex'],
  ['enterpriseInfo', 'U', '/dynamicPage/dynamicDetail'],
  ['enterpriseInfo', 'M', '/dynamicPage/dynamicIndex'],
  ['enterpriseInfo', 'P', '/dynamicPage/dynamicIndex'],
  ['fileAnalysis', 'U', '/fileAnalysis/index'],
  ['lockManagement', 'M', '/lock'],
  ['fiveInOne', 'U', '/fiveInOne/list'],
  ['fullStatistics', 'M', '/custom/statistics'],
  ['projectStatistics', 'M', '/custom/completeCount'],
  ['guaranteeManagement', 'U', '/custom/guarantee'],
  ['productCenter', 'P', '/productCenter/systemPlatform'],
  ['pageConfig', 'M', '/system/pageConfig'],
  ['tenderSale', 'U', '/trade/onSale'],
  ['clarifyFile', 'U', '/clarify/file'],
  ['clarifyAudit', 'M', '/clarify/audit'],
  ['clarifyReceived', 'U', '/clarify/received'],
  ['objection', 'U', '/clarify/objection'],
  ['directory', 'M', null],
];

describe('routeForNode', () => {
  it.each(TABLE)('routes %s for role %s to %s', (property, role, expected) => {
    expect(pathOf(routeForNode(node(property), { loginRoleType: role }))).toBe(expected);
  });

  it('covers every node property of the contract', () => {
    const covered = new Set(TABLE.map(([property]) => property));
    expect(NODE_PROPERTIES.filter((property) => !covered.has(property))).toEqual([]);
  });

  it('routes every property to a path for every role (only directories have none)', () => {
    for (const property of NODE_PROPERTIES) {
      for (const role of LOGIN_ROLE_TYPES) {
        const route = routeForNode(node(property), { loginRoleType: role });
        if (property === 'directory') expect(route).toBeNull();
        else expect(route).toMatch(/^\/[A-Za-z]/);
      }
    }
  });

  it('opens the runtime pages exactly for the nodes the server lists only once published', () => {
    for (const property of NODE_PROPERTIES) {
      for (const role of LOGIN_ROLE_TYPES) {
        const path = pathOf(routeForNode(node(property), { loginRoleType: role })) ?? '';
        expect(path.startsWith('/dynamicPage/'), `${property} ${role}`).toBe(
          opensDefinedPage(property, role),
        );
      }
    }
  });

  it('names the system and node in the query', () => {
    expect(routeForNode(node('dynamicList'), { loginRoleType: 'U' }, 'DEMO_XYPJ')).toBe(
      '/dynamicPage/dynamicIndex?systemCoding=DEMO_XYPJ&gnCoding=N_1',
    );
  });
});

describe('settingsRouteForNode', () => {
  it.each([
    ['productCenter', '/configPage/productConfig'],
    ['analysis', '/system/echartsSetting'],
    ['fullStatistics', '/system/echartsSetting'],
    ['dynamicList', '/system/setUpList'],
    ['fiveInOne', '/system/setUpList'],
  ] as const)('sends the %s node settings to %s', (property, expected) => {
    expect(settingsRouteForNode(node(property), 'S1')).toBe(`${expected}?systemCoding=S1&gnCoding=N_1`);
  });

  it('sends system settings to the menu set-up of that system', () => {
    expect(systemSettingsRoute('S1')).toBe('/system/menuSetUp?systemCoding=S1');
  });
});
