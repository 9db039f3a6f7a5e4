import { type FormItemInput, FormItemSchema } from '@ks/contract/form-schema';
import { asUserId } from '@ks/contract/ids';
import { ON_BEHALF_MESSAGES } from '@ks/contract/records';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setNavigator } from '@/lib/navigation.ts';
import { makeBusinessId } from '@/test/factories.ts';
import { failure, type MockHandler, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { testTimeout } from '@/test/waits.ts';
import type { FormDetails } from '../api/types.ts';
import { findOption } from '../components/schema-form/test-helpers.tsx';
import { NODE, withRoutes } from '../test-fixtures.tsx';
import { DynamicDetailPage } from './dynamic-detail-page.tsx';

vi.setConfig({ testTimeout: testTimeout(6) });

/**
 * 所属企业 on the record page (decision 0060): an administrator entering a new record of a node that
 * accepts an owner chooses the enterprise first; the option calls and the save name it.
 */

const ID = '33333333-3333-4333-8333-333333333333';
const BUSINESS_ID = makeBusinessId();
const BUILDER = {
  userId: asUserId('11111111-1111-4111-8111-111111111111'),
  enterpriseName: '甲建设有限公司',
  creditCode: 'CC-A',
};
const SUPERVISOR = {
  userId: asUserId('22222222-2222-4222-8222-222222222222'),
  enterpriseName: '乙监理有限公司',
  creditCode: 'CC-B',
};
const ITEMS = [
  FormItemSchema.parse({
    code: 'item_type',
    name: '信用事项',
    type: 'select',
    required: '1',
    source: { kind: 'dictionary', code: 'xysx' },
  } satisfies FormItemInput),
  FormItemSchema.parse({ code: 'description', name: '说明', type: 'text' } satisfies FormItemInput),
];
/** The item types a pull-down offers for an enterprise account (none chosen: the module refuses). */
const ITEM_TYPES: Record<string, { label: string; value: string }[]> = {
  [BUILDER.userId]: [{ label: '施工企业｜获得设区市级表彰', value: 'SG-G02' }],
  [SUPERVISOR.userId]: [{ label: '监理企业｜获得省级表彰', value: 'JL-G01' }],
};

const details = (overrides: Partial<FormDetails> = {}): FormDetails => ({
  schemaVersion: 1,
  items: ITEMS,
  groups: [],
  record: null,
  meta: null,
  functions: ['save', 'submit'],
  operations: [],
  onBehalf: null,
  audit: null,
  ...overrides,
});

function setup(path: string, answer: FormDetails, extra: Record<string, MockHandler> = {}) {
  const calls: { key: string; body: unknown; url: URL }[] = [];
  const routes: Record<string, MockHandler> = {
    'POST /ks/common/common/record-revisions': () => ok([]),
    'GET /ks/common/common/fj-list': () => ok([]),
    'POST /ks/info/v1/form/details': ({ body }) =>
      (body as { id?: string }).id
        ? ok(
            details({
              record: { item_type: 'SG-G02', description: '' },
              meta: {
                id: ID,
                version: 1,
                status: 'draft',
                auditState: '',
                businessId: BUSINESS_ID,
                createdAt: new Date(2026, 10, 1).toISOString(),
                submittedAt: null,
              },
              onBehalf: answer.onBehalf && {
                owner: { userId: BUILDER.userId, name: BUILDER.enterpriseName },
              },
            }),
          )
        : ok(answer),
    'GET /ks/basic/enterprises': () =>
      ok({
        records: [BUILDER, SUPERVISOR].map((one) => ({ ...one, qyType: '', status: 'active' })),
        total: 2,
        curPage: 1,
        pageSize: 20,
      }),
    'POST /ks/common/common/pull-down': ({ body }) => {
      const owner = (body as { ownerUserId?: string; id?: string }).id
        ? BUILDER.userId
        : (body as { ownerUserId?: string }).ownerUserId;
      const list = owner ? ITEM_TYPES[owner] : undefined;
      return list
        ? ok({ result: { list, labelKey: 'label', valueKey: 'value' } })
        : failure(400, 400, ON_BEHALF_MESSAGES.ownerFirst, { item_type: ON_BEHALF_MESSAGES.ownerFirst });
    },
    'POST /ks/monitor/save': () => ok({ id: ID, version: 1 }),
    ...extra,
  };
  mockFetch(
    Object.fromEntries(
      Object.entries(routes).map(([key, answerOf]) => [
        key,
        ((request) => {
          calls.push({ key, body: request.body, url: request.url });
          return answerOf(request);
        }) as MockHandler,
      ]),
    ),
  );
  setNavigator({ navigate: () => {}, getPath: () => '/dynamicPage/dynamicDetail' });
  const view = renderWidget(withRoutes('/dynamicPage/dynamicDetail', <DynamicDetailPage />), path);
  return { ...view, calls, bodies: (key: string) => calls.filter((c) => c.key === key).map((c) => c.body) };
}

const NEW_PATH = `/dynamicPage/dynamicDetail?systemCoding=${NODE.systemCoding}&gnCoding=${NODE.gnCoding}`;
const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });

/** Opens a select by its label and picks the option with this text. */
async function choose(label: string, option: string) {
  const select = screen.getByLabelText(label);
  fireEvent.mouseDown(select);
  fireEvent.click(await findOption(select, option));
}

describe('DynamicDetailPage: 所属企业 (decision 0060)', () => {
  it('asks an administrator for 所属企业 first, follows it in the options, and saves for it', async () => {
    const { user, bodies, calls } = setup(NEW_PATH, details({ onBehalf: { owner: null } }));
    expect(await screen.findByLabelText('所属企业')).toBeTruthy();
    // Before an enterprise is chosen the item types are the module's to refuse, under the field.
    expect(await screen.findByText(ON_BEHALF_MESSAGES.ownerFirst)).toBeTruthy();
    await user.click(button('保存'));
    expect(await screen.findByText(ON_BEHALF_MESSAGES.ownerRequired)).toBeTruthy();
    expect(bodies('POST /ks/monitor/save')).toHaveLength(0);
    // Only enterprises that may still be entered for are offered.
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'GET /ks/basic/enterprises')?.url.searchParams.get('state')).toBe(
        'enabled',
      ),
    );

    await choose('所属企业', `${SUPERVISOR.enterpriseName}（${SUPERVISOR.creditCode}）`);
    await waitFor(() =>
      expect(bodies('POST /ks/common/common/pull-down')).toContainEqual(
        expect.objectContaining({ displayCode: 'item_type', ownerUserId: SUPERVISOR.userId }),
      ),
    );
    await waitFor(() => expect(screen.queryByText(ON_BEHALF_MESSAGES.ownerFirst)).toBeNull());
    await choose('信用事项', '监理企业｜获得省级表彰');
    // Action buttons stay disabled for a second after the refused save (a double click acts once).
    await waitFor(() => expect((button('保存') as HTMLButtonElement).disabled).toBe(false));
    await user.click(button('保存'));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(bodies('POST /ks/monitor/save')[0]).toEqual({
      ...NODE,
      ownerUserId: SUPERVISOR.userId,
      values: { item_type: 'JL-G01', description: null },
    });
    // The saved record names its enterprise, which no save changes.
    expect(await screen.findByText(`数据详情（${BUSINESS_ID}）`)).toBeTruthy();
    expect(await screen.findByText(BUILDER.enterpriseName)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: '所属企业' })).toBeNull();
  });

  it('places the server’s refusal of the chosen enterprise under 所属企业', async () => {
    const { user } = setup(NEW_PATH, details({ onBehalf: { owner: null } }), {
      'POST /ks/monitor/save': () =>
        failure(400, 400, ON_BEHALF_MESSAGES.ownerInactive, {
          ownerUserId: ON_BEHALF_MESSAGES.ownerInactive,
        }),
    });
    await screen.findByLabelText('所属企业');
    await choose('所属企业', `${BUILDER.enterpriseName}（${BUILDER.creditCode}）`);
    await choose('信用事项', '施工企业｜获得设区市级表彰');
    await user.click(button('保存'));
    expect(await screen.findByText(ON_BEHALF_MESSAGES.ownerInactive)).toBeTruthy();
  });

  it('shows no 所属企业 where the details offer none (an enterprise entering its own)', async () => {
    const { user, bodies } = setup(NEW_PATH, details(), {
      'POST /ks/common/common/pull-down': () =>
        ok({ result: { list: ITEM_TYPES[BUILDER.userId], labelKey: 'label', valueKey: 'value' } }),
    });
    expect(await screen.findByText('新增数据')).toBeTruthy();
    await screen.findByLabelText('信用事项');
    expect(screen.queryByLabelText('所属企业')).toBeNull();
    await choose('信用事项', '施工企业｜获得设区市级表彰');
    await user.click(button('保存'));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(bodies('POST /ks/monitor/save')[0]).not.toHaveProperty('ownerUserId');
    expect(
      bodies('POST /ks/common/common/pull-down').every(
        (body) => !Object.hasOwn(body as object, 'ownerUserId'),
      ),
    ).toBe(true);
  });
});
