import {
  type AnnexWithFiles,
  type ChangeList,
  type CompanyInfo,
  type CreditLetter,
  type CreditRecord,
  type HelpGroup,
  MARKET_PATHS,
  type ManagedPerson,
  type MarketEnterprise,
  type MenuNode,
  type NodeDefinition,
  type PublishedNode,
  RECORD_CHANGE_OPERATION,
  RECORD_CHANGE_PATHS,
  type RecordPage,
  type RegisteredPerson,
  type Transfer,
} from '@ks/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, loginBody, useTestApp } from '../../../test/helper.ts';
import { users } from '../../db/schema/identity.ts';
import { notifyDeliveries, notifyMessages, notifyTodos } from '../../db/schema/notify.ts';
import { tableColumns } from '../../engine/node-tables.ts';
import { LocalDiskStorage } from '../../platform/storage.ts';
import { DEMO_ACCOUNTS, seedDemoData } from '../../seed.ts';
import { DefinitionService } from '../builder/definition-service.ts';
import {
  DEMO_MORE_ENTERPRISES,
  DEMO_SECOND_CERTIFICATE,
  DEMO_TRANSFER_REFUSAL,
} from '../market/demo-admin.ts';
import { DEMO_FAQ, DEMO_HELP_GUIDE_GROUP, DEMO_HELP_PDF, DEMO_HELP_VIDEO } from './help.ts';
import {
  GROUP_NODE,
  MATERIAL_SYSTEM_CODING,
  PERIOD_NODE,
  PRICE_CHART_BY_GROUP,
  PRICE_FILTER,
  PRICE_NODE,
  PRICE_REVIEW_ORG,
} from './material-prices.ts';
import { DEMO_FILING_NUMBER, DEMO_SUPPORT_PHONE } from './platform-info.ts';
import { DEMO_BUSINESS_SYSTEMS } from './seed-demo-systems.ts';
import type { DemoNode } from './types.ts';
import {
  RESERVATION_CHART_BY_VENUE,
  RESERVATION_NODE,
  VENUE_NODE,
  VENUE_SYSTEM_CODING,
} from './venue-reservation.ts';

const getApp = useTestApp();
/** The app's own file storage: the seed's files are read back through the app. */
const seedStorage = () => new LocalDiskStorage(getApp.filesDir());
const account = (name: (typeof DEMO_ACCOUNTS)[number]['account']) => {
  const demo = DEMO_ACCOUNTS.find((one) => one.account === name);
  if (!demo) throw new Error(`no demo account ${name}`);
  return { account: demo.account, password: demo.password };
};
const headers: Record<
  'enterprise' | 'personnel' | 'admin' | 'reviewer' | 'developer',
  Record<string, string>
> = {
  developer: {},
  enterprise: {},
  personnel: {},
  admin: {},
  reviewer: {},
};

beforeAll(async () => {
  expect(await seedDemoData(getApp().db, seedStorage(), getApp().engine)).toBe(true);
  for (const name of Object.keys(headers) as (keyof typeof headers)[]) {
    headers[name] = (await loginAs(getApp(), account(name))).headers;
  }
  // The seed replays about sixty records through the services: minutes on a busy shared machine.
}, 400_000);

const leaves = (nodes: DemoNode[]): DemoNode[] =>
  nodes.flatMap((node) => [...(node.definition ? [node] : []), ...leaves(node.children ?? [])]);
/** The sample records the seed declares for a node of the demo systems. */
const declaredRecords = (gnCoding: string) =>
  DEMO_BUSINESS_SYSTEMS.flatMap((system) => leaves(system.nodes)).find((node) => node.gnCoding === gnCoding)
    ?.records ?? [];
const priceRecords = () => declaredRecords(PRICE_NODE);
const titles = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((node) => [node.title, ...titles((node.children ?? []) as MenuNode[])]);

async function menuTitles(who: keyof typeof headers, systemCoding: string) {
  const tree = await getApp().inject({
    method: 'GET',
    url: '/ks/individual/menus',
    headers: headers[who],
    query: { systemCoding },
  });
  expect(tree.json().code).toBe(200);
  return titles(tree.json().data as MenuNode[]);
}

async function list(who: keyof typeof headers, systemCoding: string, gnCoding: string, extra = {}) {
  return getApp().inject({
    method: 'POST',
    url: '/ks/monitor/table-list',
    headers: headers[who],
    payload: { systemCoding, gnCoding, curPage: 1, pageSize: 50, ...extra },
  });
}

describe('demo business systems seed', () => {
  it('leaves a seeded database alone on the next start', async () => {
    expect(await seedDemoData(getApp().db, seedStorage(), getApp().engine)).toBe(false);
  });

  it('publishes every node of both systems with a real table', async () => {
    const definitions = new DefinitionService(getApp().db, getApp().engine.actions);
    for (const system of DEMO_BUSINESS_SYSTEMS) {
      for (const node of leaves(system.nodes)) {
        const response = await getApp().inject({
          method: 'GET',
          url: '/ks/config/node/published',
          headers: headers.developer,
          query: { systemCoding: system.gnCoding, gnCoding: node.gnCoding },
        });
        const published = response.json().data as PublishedNode;
        expect(published.schemaVersion).toBeGreaterThanOrEqual(1);
        const table = await definitions.tableOf(published.nodeId);
        expect(table).not.toBeNull();
        const columns = (await tableColumns(getApp().db, table as string)).map((column) => column.name);
        for (const item of published.definition.form.items) expect(columns).toContain(item.code);
      }
    }
  });

  it('gives the price node two audit levels: one reviewer, then any one of the review group', async () => {
    const response = await getApp().inject({
      method: 'GET',
      url: '/ks/config/node/published',
      headers: headers.enterprise,
      query: { systemCoding: MATERIAL_SYSTEM_CODING, gnCoding: PRICE_NODE },
    });
    const definition = response.json().data.definition as NodeDefinition;
    const [reviewer] = await getApp().db.select().from(users).where(eq(users.account, 'reviewer'));
    expect(definition.audit.levels).toHaveLength(2);
    expect(definition.audit.levels[0]).toMatchObject({
      level: 1,
      way: 'single',
      reviewerUserId: reviewer?.id,
    });
    expect(definition.audit.levels[1]).toMatchObject({ level: 2, way: 'any' });
    expect(definition.audit.levels[1]?.orgId).not.toBe('');
    expect(PRICE_REVIEW_ORG).toContain('复核组');
    const kinds = new Set(definition.form.items.map((item) => item.type));
    for (const type of [
      'select',
      'cascader',
      'date',
      'number',
      'input-number',
      'textarea',
      'switch-1',
      'checkbox',
    ])
      expect(kinds).toContain(type);
  });
});

describe('what the demo enterprise user sees', () => {
  it('finds both systems in the main menus and their business nodes in each menu tree', async () => {
    const main = await getApp().inject({
      method: 'POST',
      url: '/ks/menu/v1/menus/main-menus',
      headers: headers.enterprise,
    });
    const codes = (main.json().data as { gnCoding: string }[]).map((system) => system.gnCoding);
    expect(codes).toEqual(expect.arrayContaining([MATERIAL_SYSTEM_CODING, VENUE_SYSTEM_CODING]));
    expect(await menuTitles('enterprise', MATERIAL_SYSTEM_CODING)).toEqual(['价格信息', '材料价格']);
    expect(await menuTitles('enterprise', VENUE_SYSTEM_CODING)).toEqual(['预约申请']);
  });

  it('leaves the master data nodes to the administrators menu', async () => {
    expect(await menuTitles('admin', MATERIAL_SYSTEM_CODING)).toEqual([
      '基础数据',
      '价格期次',
      '材料分组',
      '价格信息',
      '材料价格',
    ]);
    expect(await menuTitles('admin', VENUE_SYSTEM_CODING)).toEqual(['场地信息', '预约申请']);
  });

  it('does not show the demo business systems to personnel users', async () => {
    const main = await getApp().inject({
      method: 'POST',
      url: '/ks/menu/v1/menus/main-menus',
      headers: headers.personnel,
    });
    const codes = (main.json().data as { gnCoding: string }[]).map((system) => system.gnCoding);
    expect(codes).not.toContain(MATERIAL_SYSTEM_CODING);
    expect(codes).not.toContain(VENUE_SYSTEM_CODING);
  });

  it('lists its price records in every status the audit flow produces, with its own functions', async () => {
    const response = await list('enterprise', MATERIAL_SYSTEM_CODING, PRICE_NODE);
    expect(response.json().code).toBe(200);
    const page = response.json().data as RecordPage;
    expect(page.total).toBe(priceRecords().length);
    expect(new Set(page.records.map((row) => row.status))).toEqual(
      new Set(['draft', 'submitted', 'approved', 'rejected', 'revoked']),
    );
    expect(page.functions).toEqual(expect.arrayContaining(['save', 'submit', 'revoke', 'view']));
    expect(page.functions).not.toContain('audit');
    const rebar = page.records.filter((row) => row.material_name === '螺纹钢');
    expect(rebar.map((row) => row.period).sort()).toEqual(['2026年09月', '2026年10月', '2026年11月']);
    expect(rebar.every((row) => row.city === '江苏省/南京市' && row.status === 'approved')).toBe(true);
  });

  it('offers the price filter card with the options of its dictionary and value range', async () => {
    const response = await getApp().inject({
      method: 'POST',
      url: '/ks/array/filter/directory/filter-fields',
      headers: headers.enterprise,
      payload: { systemCoding: MATERIAL_SYSTEM_CODING, gnCoding: PRICE_NODE, displayCode: PRICE_FILTER },
    });
    const items = response.json().data.result as {
      code: string;
      dataList: { label: string; value: string; children?: unknown[] }[];
    }[];
    const optionsOf = (code: string) => items.find((item) => item.code === code)?.dataList ?? [];
    expect(optionsOf('material_group').map((option) => option.value)).toContain('钢材');
    expect(optionsOf('city').find((option) => option.value === '江苏省')?.children).toContainEqual(
      expect.objectContaining({ value: '南京市' }),
    );
    const approved = await list('enterprise', MATERIAL_SYSTEM_CODING, PRICE_NODE, {
      filters: { status: 'approved', material_group: '钢材' },
    });
    const steelApproved = priceRecords().filter(
      (record) => record.state === 'approved' && record.values.material_group === '钢材',
    );
    expect((approved.json().data as RecordPage).total).toBe(steelApproved.length);
  });

  it('narrows the reservations by the filter card', async () => {
    const response = await list('enterprise', VENUE_SYSTEM_CODING, RESERVATION_NODE, {
      filters: { venue: '开标一室' },
    });
    const page = response.json().data as RecordPage;
    expect(page.total).toBe(2);
    expect(page.records.every((row) => row.venue === '开标一室')).toBe(true);
  });

  it('shows the administrators the master data they keep, as cards where configured', async () => {
    for (const [systemCoding, gnCoding, count] of [
      [MATERIAL_SYSTEM_CODING, PERIOD_NODE, 3],
      [MATERIAL_SYSTEM_CODING, GROUP_NODE, 7],
      [VENUE_SYSTEM_CODING, VENUE_NODE, 5],
    ] as const) {
      const page = (await list('admin', systemCoding, gnCoding)).json().data as RecordPage;
      expect(page.total).toBe(count);
      expect(page.functions).toEqual(expect.arrayContaining(['save', 'delete', 'export', 'view']));
    }
    const cards = await getApp().inject({
      method: 'POST',
      url: '/ks/monitor/get-view-list',
      headers: headers.admin,
      payload: { systemCoding: MATERIAL_SYSTEM_CODING, gnCoding: GROUP_NODE, curPage: 1, pageSize: 10 },
    });
    const page = cards.json().data as RecordPage;
    expect(page.cardStyle).toMatchObject({ titleKey: 'group_name', width: '33.3%' });
    expect(page.records.map((row) => row.group_name)).toContain('钢材');
  });

  it('gives the enterprise user neither functions nor rows on the master data nodes', async () => {
    const response = await list('enterprise', MATERIAL_SYSTEM_CODING, PERIOD_NODE);
    expect(response.json()).toMatchObject({ code: 200, data: { total: 0, functions: [] } });
  });

  it('keeps the change history of a price corrected before submitting', async () => {
    const page = (await list('enterprise', MATERIAL_SYSTEM_CODING, PRICE_NODE)).json().data as RecordPage;
    const pipe = page.records.find((row) => row.material_name === '镀锌钢管');
    expect(pipe).toMatchObject({ status: 'draft', tax_price: 86.5 });
    const response = await getApp().inject({
      method: 'POST',
      url: '/ks/common/common/record-revisions',
      headers: headers.enterprise,
      payload: { systemCoding: MATERIAL_SYSTEM_CODING, gnCoding: PRICE_NODE, id: pipe?.id },
    });
    const revisions = response.json().data as {
      action: string;
      dataList: { field: string; oldValue: unknown; newValue: unknown }[];
    }[];
    expect(revisions.map((revision) => revision.action).sort()).toEqual(['create', 'update']);
    const update = revisions.find((revision) => revision.action === 'update');
    expect(update?.dataList).toContainEqual(expect.objectContaining({ field: 'tax_price', newValue: 86.5 }));
  });

  it('seeds change requests on approved prices in each status, one pending in its second round', async () => {
    const page = (await list('enterprise', MATERIAL_SYSTEM_CODING, PRICE_NODE)).json().data as RecordPage;
    const rebar = page.records
      .filter((row) => row.material_name === '螺纹钢')
      .sort((a, b) => String(a.price_date).localeCompare(String(b.price_date)));
    const rounds = async (id: string, who: keyof typeof headers, change: boolean) => {
      const response = await getApp().inject({
        method: 'POST',
        url: RECORD_CHANGE_PATHS.list,
        headers: headers[who],
        payload: { systemCoding: MATERIAL_SYSTEM_CODING, gnCoding: PRICE_NODE, businessId: id, change },
      });
      expect(response.json().code, response.body).toBe(200);
      return response.json().data as ChangeList;
    };
    const [september, october, november] = rebar;
    const pending = await rounds(september?.id as string, 'reviewer', false);
    expect(pending.records.map((row) => [row.round, row.change])).toEqual([
      [1, -1],
      [2, 1],
    ]);
    // The reviewer reads the enterprise's contact person for the change (its passed contact).
    expect(pending.records[1]?.contact).toEqual({ ry_name: '刘晓燕', tel: '13951712345' });
    expect(pending.records[1]?.operations.filter((op) => op.show).map((op) => op.code)).toContain('pass');
    // The rejected round's to-dos are done; the pending round's wait for its reviewers.
    const todos = await getApp()
      .db.select()
      .from(notifyTodos)
      .where(eq(notifyTodos.businessId, september?.id as string));
    const changeTodos = todos.filter((todo) => todo.gnName.includes('变更审核'));
    expect(changeTodos.some((todo) => todo.doneAt === null)).toBe(true);
    expect(changeTodos.some((todo) => todo.doneAt !== null)).toBe(true);
    expect((await rounds(october?.id as string, 'enterprise', true)).records[0]).toMatchObject({ change: 2 });
    expect(october?.remark).toBe('价格含运费，已按询价单核实');
    const saved = (await rounds(november?.id as string, 'enterprise', true)).records[0];
    expect(saved).toMatchObject({ change: 1, sbTime: null, changeStatus: '待提交' });
    expect(rebar[0]?.operations.find((op) => op.code === RECORD_CHANGE_OPERATION)?.show).toBe(true);
  });

  it('draws the average price per material group', async () => {
    const response = await getApp().inject({
      method: 'POST',
      url: '/ks/statistics/v1/chart-data',
      headers: headers.enterprise,
      payload: { systemCoding: MATERIAL_SYSTEM_CODING, gnCoding: PRICE_NODE, chartId: PRICE_CHART_BY_GROUP },
    });
    expect(response.json().code).toBe(200);
    const { categories, series } = response.json().data as { categories: string[]; series: number[] };
    const steel = series[categories.indexOf('钢材')];
    const steelPrices = priceRecords()
      .filter((record) => record.values.material_group === '钢材')
      .map((record) => Number(record.revision?.tax_price ?? record.values.tax_price));
    expect(steelPrices.length).toBeGreaterThan(3);
    expect(steel).toBeCloseTo(steelPrices.reduce((sum, value) => sum + value, 0) / steelPrices.length, 1);
  });

  it('counts the reservations per venue', async () => {
    const response = await getApp().inject({
      method: 'POST',
      url: '/ks/statistics/v1/chart-data',
      headers: headers.admin,
      payload: {
        systemCoding: VENUE_SYSTEM_CODING,
        gnCoding: RESERVATION_NODE,
        chartId: RESERVATION_CHART_BY_VENUE,
      },
    });
    const { categories, series } = response.json().data as { categories: string[]; series: number[] };
    expect(series[categories.indexOf('开标一室')]).toBe(2);
    expect(series.reduce((sum, value) => sum + value, 0)).toBe(6);
  });
});

describe('what the demo reviewers find waiting', () => {
  /** Material names of the price rows whose audit operation the reviewer may use. */
  async function reviewable(who: 'admin' | 'reviewer') {
    const page = (await list(who, MATERIAL_SYSTEM_CODING, PRICE_NODE)).json().data as RecordPage;
    return page.records
      .filter((row) => row.operations.some((operation) => operation.code === 'audit' && operation.show))
      .map((row) => row.material_name)
      .sort();
  }

  it('gives the level-1 reviewer the new submissions and the review group those past level 1', async () => {
    // A submitted price waits for 价格初审 (reviewer alone); one past level 1 for 价格复核 (admin or reviewer).
    const waiting = (...states: string[]) =>
      priceRecords()
        .filter((record) => states.includes(record.state))
        .map((record) => String(record.values.material_name))
        .sort();
    expect(await reviewable('reviewer')).toEqual(waiting('submitted', 'level1'));
    expect(await reviewable('admin')).toEqual(waiting('level1'));
    expect(waiting('submitted')).toContain('商品混凝土');
    expect(waiting('level1')).toContain('普通硅酸盐水泥');
  });

  it('shows the enterprise the advice of a returned reservation', async () => {
    const page = (await list('enterprise', VENUE_SYSTEM_CODING, RESERVATION_NODE)).json().data as RecordPage;
    const returned = page.records.find((row) => row.status === 'rejected');
    const details = await getApp().inject({
      method: 'POST',
      url: '/ks/info/v1/form/details',
      headers: headers.enterprise,
      payload: { systemCoding: VENUE_SYSTEM_CODING, gnCoding: RESERVATION_NODE, id: returned?.id },
    });
    const audit = details.json().data.audit as {
      steps: { result: string; advice: string; reviewerName: string }[];
    };
    expect(audit.steps).toContainEqual(
      expect.objectContaining({
        result: 'reject',
        reviewerName: '系统管理员',
        advice: expect.stringContaining('评标二室'),
      }),
    );
  });
});

describe('demo audit history', () => {
  it('leaves no audit-outcome banner unacknowledged, so a first login is not covered by demo history', async () => {
    const pending = await getApp()
      .db.select({ id: notifyDeliveries.id })
      .from(notifyDeliveries)
      .innerJoin(notifyMessages, eq(notifyMessages.id, notifyDeliveries.messageId))
      .where(
        and(
          isNull(notifyDeliveries.confirmedAt),
          inArray(notifyMessages.category, ['audit_rejected', 'audit_approved']),
        ),
      );
    const delivered = await getApp()
      .db.select({ id: notifyDeliveries.id })
      .from(notifyDeliveries)
      .innerJoin(notifyMessages, eq(notifyMessages.id, notifyDeliveries.messageId))
      .where(inArray(notifyMessages.category, ['audit_rejected', 'audit_approved']));
    expect(delivered.length).toBeGreaterThan(0);
    expect(pending).toEqual([]);
  });
});

describe('a fresh start has no empty corners', () => {
  const get = (who: keyof typeof headers, url: string) =>
    getApp().inject({ method: 'GET', url, headers: headers[who] });
  const bytesOf = async (who: keyof typeof headers, url: string) => (await get(who, url)).rawPayload;

  it('books the opening room for the approved trading section, shown on its five-in-one tab', async () => {
    const projects = (await get('admin', '/ks/trade/records?state=approved')).json().data.records as {
      id: string;
    }[];
    expect(projects.length).toBeGreaterThan(0);
    const bookings = (await get('admin', `/ks/venue/v1/project-bookings?projectId=${projects[0]?.id}`)).json()
      .data as { records: { status: string; purpose: string; roomName: string }[] };
    expect(bookings.records).toEqual([
      expect.objectContaining({ status: 'approved', purpose: '开标', roomName: '第一开标室' }),
    ]);
  });

  it('publishes a prequalification notice and its change on the approved project (decision 0076)', async () => {
    const projects = (await get('admin', '/ks/trade/records?state=approved')).json().data.records as {
      id: string;
    }[];
    const notices = (
      await get('admin', `/ks/trade/notices?projectId=${projects[0]?.id}&kind=prequalification`)
    ).json().data as { versions: { version: number; kind: string; spreadAt: string | null }[] }[];
    expect(notices).toHaveLength(1);
    expect(notices[0]?.versions.map((v) => [v.version, v.kind])).toEqual([
      [1, 'prequalification'],
      [2, 'change'],
    ]);
    expect(notices[0]?.versions[0]?.spreadAt).not.toBeNull();
  });

  it('fills in the footer: the support line the widget points at and the filing number', async () => {
    const info = (await get('enterprise', '/ks/common/platform-info')).json().data;
    expect(info).toMatchObject({ supportPhone: DEMO_SUPPORT_PHONE, filingsCoding: DEMO_FILING_NUMBER });
  });

  it('ships platform help: a guide group with a real PDF and a real video, and answered questions', async () => {
    const guide = (await get('enterprise', '/ks/help/v1/guide?systemCoding=&gnCoding=')).json()
      .data as HelpGroup[];
    const group = guide.find((one) => one.groupName === DEMO_HELP_GUIDE_GROUP);
    const files = group?.children ?? [];
    expect(files.map((file) => [file.fileName, file.fileType])).toEqual([
      [DEMO_HELP_PDF, 'pdf'],
      [DEMO_HELP_VIDEO, 'video'],
    ]);
    const [pdf, video] = files as [HelpGroup, HelpGroup];
    expect((await bytesOf('enterprise', pdf.filePath)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const videoBytes = await bytesOf('enterprise', video.filePath);
    expect(videoBytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(videoBytes.length).toBeLessThan(200 * 1024);

    const faq = (await get('personnel', '/ks/help/v1/faq-list?systemCoding=&gnCoding=')).json()
      .data as HelpGroup[];
    expect(faq.map((one) => one.groupName)).toEqual(DEMO_FAQ.map((one) => one.groupName));
    expect(faq.every((one) => one.qaList.length > 0)).toBe(true);
  });

  it('has the province’s own change-description template, uploaded by the administrator', async () => {
    const info = (await get('admin', RECORD_CHANGE_PATHS.templateInfo)).json().data;
    expect(info).toMatchObject({
      source: 'uploaded',
      templateVersion: 1,
      fileName: expect.stringContaining('本省模板'),
    });
    const document = await get('enterprise', RECORD_CHANGE_PATHS.template);
    expect(document.statusCode).toBe(200);
    expect(document.rawPayload.length).toBe(info.size);
  });

  it('gives the price node an example and an import template to download', async () => {
    const query = `systemCoding=${MATERIAL_SYSTEM_CODING}&gnCoding=${PRICE_NODE}`;
    const found = (await get('enterprise', `/ks/help/v1/example-template?${query}`)).json().data;
    for (const slot of ['example', 'template'] as const) {
      expect(found[slot]?.fileName).toMatch(/\.xlsx$/);
      // An xlsx is a ZIP container.
      const bytes = await bytesOf('enterprise', found[slot].filePath);
      expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
    }
  });

  it('seeds enough price reports that the list has a second page', async () => {
    expect(priceRecords().length).toBeGreaterThanOrEqual(35);
    const pageOf = async (curPage: number) =>
      (await list('enterprise', MATERIAL_SYSTEM_CODING, PRICE_NODE, { curPage, pageSize: 10 })).json()
        .data as RecordPage;
    const [first, second, fourth] = await Promise.all([pageOf(1), pageOf(2), pageOf(4)]);
    expect(first.total).toBeGreaterThanOrEqual(35);
    expect(second.records).toHaveLength(10);
    expect(fourth.records.length).toBeGreaterThan(0);
    const firstIds = new Set(first.records.map((row) => row.id));
    expect(second.records.some((row) => firstIds.has(row.id))).toBe(false);
  });

  it('gives both demo forms annex slots, and attaches the files the seed declares', async () => {
    for (const [systemCoding, gnCoding, required] of [
      [MATERIAL_SYSTEM_CODING, PRICE_NODE, '询价记录'],
      [VENUE_SYSTEM_CODING, RESERVATION_NODE, '会议议程'],
    ] as const) {
      const page = (await list('enterprise', systemCoding, gnCoding)).json().data as RecordPage;
      const declared = declaredRecords(gnCoding);
      expect(declared.some((record) => record.attachments?.length)).toBe(true);
      let attached = 0;
      for (const row of page.records) {
        const annexes = (
          await get(
            'enterprise',
            `/ks/common/common/fj-list?systemCoding=${systemCoding}&gnCoding=${gnCoding}&id=${row.id}`,
          )
        ).json().data as AnnexWithFiles[];
        expect(annexes.find((annex) => annex.isRequired)?.annexName).toBe(required);
        expect(annexes.some((annex) => !annex.isRequired)).toBe(true);
        const files = annexes.flatMap((annex) => annex.fileList);
        attached += files.length;
        for (const file of files) {
          expect((await bytesOf('enterprise', file.url)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
        }
      }
      const declaredFiles = declared.reduce((sum, record) => sum + (record.attachments?.length ?? 0), 0);
      expect(attached).toBe(declaredFiles);
    }
  });
});

describe('the demo enterprise’s credit', () => {
  const get = (who: keyof typeof headers, url: string) =>
    getApp().inject({ method: 'GET', url, headers: headers[who] });
  it('has items of every class (one expired), a score with a history, and a signed letter', async () => {
    const record = (await get('enterprise', '/ks/credit/record')).json().data as CreditRecord;
    expect(new Set(record.items.map((item) => item.creditClass))).toEqual(new Set(['basic', 'good', 'bad']));
    expect(record.items.filter((item) => !item.counting)).toHaveLength(1);
    expect(record).toMatchObject({ score: 85, grade: 'AA', qyType: '施工企业' });
    expect(record.history.map((point) => point.score)).toEqual([80, 84, 87, 85]);
    const letter = (await get('enterprise', '/ks/credit/letter')).json().data as CreditLetter;
    expect(letter.mySignature?.textSha256).toBe(letter.sha256);
    const publicList = (await get('personnel', '/ks/credit/public-list')).json().data;
    expect(publicList.records).toEqual([expect.objectContaining({ score: 85, grade: 'AA' })]);
  });
});

describe('the demo enterprise’s information', () => {
  const request = (who: keyof typeof headers, method: 'GET' | 'POST', url: string) =>
    getApp().inject({ method, url, headers: headers[who], ...(method === 'POST' ? { payload: {} } : {}) });
  it('has every part, two qualifications (one passed, one under review), a branch and a contact', async () => {
    const info = (await request('enterprise', 'GET', '/ks/basic/enterprise/info')).json().data as CompanyInfo;
    const states = Object.fromEntries(
      // One seeding transaction: the records share their creation time, so their order is not fixed.
      info.parts.map((part) => [part.part, part.records.map((record) => record.status).sort()]),
    );
    expect(states).toEqual({
      basic: ['approved'],
      qualification: ['approved', 'submitted'],
      safety: ['approved'],
      personnel: ['approved'],
      branch: ['approved'],
      contact: ['approved'],
      performance: ['approved'],
    });
    const branches = (await request('enterprise', 'GET', '/ks/basic/enterprise/branches')).json().data;
    expect(branches).toEqual([expect.objectContaining({ name: 'KS演示建设集团有限公司苏州分公司' })]);
    const contacts = (await request('enterprise', 'POST', '/ks/basic/contacts')).json();
    expect(contacts).toEqual({ status: 200, result: [expect.objectContaining({ ry_name: '刘晓燕' })] });
    const practice = (await request('personnel', 'POST', '/ks/individual/practice-area')).json().data;
    expect(practice).toContainEqual(expect.objectContaining({ region: '浙江省', status: 1 }));
  });
});

describe('the administrators’ market demo', () => {
  const get = (who: keyof typeof headers, url: string) =>
    getApp().inject({ method: 'GET', url, headers: headers[who] });
  it('has more enterprises, one of them disabled and refused at login', async () => {
    const library = (await get('admin', `${MARKET_PATHS.enterprises}?pageSize=100`)).json().data
      .records as MarketEnterprise[];
    for (const demo of DEMO_MORE_ENTERPRISES) {
      const found = library.find((row) => row.creditCode === demo.creditCode);
      expect(found?.status).toBe(demo.disabled ? 'disabled' : 'active');
    }
    expect(new Set(library.map((row) => row.region))).toEqual(new Set(['江苏省', '浙江省', '北京市']));
    const people = (await get('admin', `${MARKET_PATHS.managedPersonnel}?pageSize=100`)).json().data
      .records as ManagedPerson[];
    expect(people.length).toBe(1 + DEMO_MORE_ENTERPRISES.reduce((n, demo) => n + demo.people.length, 0));
    expect(people.find((p) => p.personName === '顾磊')?.practiceDetails).toEqual([]);
    expect(people.find((p) => p.personName === '王建华')?.accountName).toBe('演示执业人员');
  });

  it('registers 王建华 in two specialties and shows a pending and a refused transfer (decision 0059)', async () => {
    const own = (await get('enterprise', '/ks/basic/personnel?keyword=王建华')).json().data
      .records as RegisteredPerson[];
    expect(own[0]?.certificates.map((c) => c.specialty)).toEqual([
      '建筑工程',
      DEMO_SECOND_CERTIFICATE.specialty,
    ]);
    const open = (await get('admin', `${MARKET_PATHS.transfers}?open=true`)).json().data as Transfer[];
    expect(open).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          personName: '顾磊',
          status: 'pending',
          fromEnterpriseName: DEMO_MORE_ENTERPRISES[0]?.name,
        }),
        expect.objectContaining({ personName: '沈佳怡', status: 'refused', refusal: DEMO_TRANSFER_REFUSAL }),
      ]),
    );
    expect(open).toHaveLength(2);
    const mine = (await get('enterprise', MARKET_PATHS.transfers)).json().data as Transfer[];
    expect(mine.map((t) => t.id).sort()).toEqual(open.map((t) => t.id).sort());
  });

  it('gives the personnel account its registration’s practice status at login', async () => {
    const answer = await getApp().inject({
      method: 'POST',
      url: '/ks/common/login',
      payload: await loginBody(getApp(), 'personnel', account('personnel').password),
    });
    expect(answer.json().data.practicingStatus).toMatchObject({
      abnormal: true,
      practiceDetails: [
        { region: '江苏省', status: 2 },
        { region: '浙江省', status: 1 },
      ],
    });
  });
});
