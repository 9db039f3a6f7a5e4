import { RECORD_CHANGE_OPERATION, RECORD_CHANGE_PATHS } from '@ks/contract/record-changes';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store.ts';
import { makeRecordId } from '@/test/factories.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { NODE } from '../../test-fixtures.tsx';
import { useRowActions } from '../row-actions.tsx';

const RECORD_ID = makeRecordId();

function Row() {
  const actions = useRowActions(NODE);
  return (
    <>
      <button
        type="button"
        onClick={() => actions.run(RECORD_CHANGE_OPERATION, { id: RECORD_ID, version: 2 }, '变更')}
      >
        变更
      </button>
      {actions.element}
    </>
  );
}

const closedOnly = [{ code: 'closed', name: '关闭', color: '#8c8c8c', show: true }];

/** Opens the row's 变更 as a user of `role`; answers the `change` flag the list call sent. */
async function openAs(role: 'U' | 'M') {
  useSessionStore.setState({ userInfo: { loginRoleType: role } as never });
  const sent: unknown[] = [];
  mockFetch({
    [`POST ${RECORD_CHANGE_PATHS.list}`]: ({ body }) => {
      sent.push((body as { change: boolean }).change);
      return ok({
        records: [],
        canInitiate: false,
        userPermission: false,
        managerPermission: false,
        operations: closedOnly,
      });
    },
    [`POST ${RECORD_CHANGE_PATHS.fields}`]: ok({
      values: {},
      fields: [],
      enclosure: '',
      enclosureFiles: [],
      userPermission: false,
      managerPermission: false,
      operations: closedOnly,
    }),
    [`POST ${RECORD_CHANGE_PATHS.typeTree}`]: ok({
      list: [],
      userPermission: false,
      managerPermission: false,
      operations: closedOnly,
    }),
  });
  renderWidget(<Row />);
  fireEvent.click(screen.getByRole('button', { name: '变更' }));
  const title = await screen.findByText(/信息变更/, { selector: '.ant-modal-title' });
  await screen.findByText(/信息变更(流程尚未开始|暂无数据或尚未提交)/);
  return { title: title.textContent, sent };
}

describe('the row operation 变更', () => {
  afterEach(() => useSessionStore.setState({ userInfo: null }));

  it('opens the initiate mode for the record’s owner', async () => {
    const { title, sent } = await openAs('U');
    expect(title).toBe('信息变更');
    expect(sent).toEqual([true]);
  });

  it('opens the check mode for an administrator', async () => {
    const { title, sent } = await openAs('M');
    expect(title).toBe('信息变更审核');
    expect(sent).toEqual([false]);
  });
});
