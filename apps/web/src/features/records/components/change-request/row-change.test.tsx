import { RECORD_CHANGE_OPERATION, RECORD_CHANGE_PATHS } from '@ks/contract/record-changes';
import type { RowOperation } from '@ks/contract/records';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRecordId } from '@/test/factories.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { NODE } from '../../test-fixtures.tsx';
import { useRowActions } from '../row-actions.tsx';

const RECORD_ID = makeRecordId();

/** A row offering 变更 as the server words it for the caller: `mode` is the server's. */
function Row({ operation }: { operation: Pick<RowOperation, 'code' | 'name' | 'mode'> }) {
  const actions = useRowActions(NODE);
  return (
    <>
      <button type="button" onClick={() => actions.run(operation, { id: RECORD_ID, version: 2 })}>
        变更
      </button>
      {actions.element}
    </>
  );
}

const closedOnly = [{ code: 'closed', name: '关闭', color: '#8c8c8c', show: true }];

/** Opens the row's 变更 offered in `mode`; answers the `change` flag the list call sent. */
async function openIn(mode: 'initiate' | 'check') {
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
  renderWidget(
    <Row operation={{ code: RECORD_CHANGE_OPERATION, name: mode === 'check' ? '变更审核' : '变更', mode }} />,
  );
  fireEvent.click(screen.getByRole('button', { name: '变更' }));
  const title = await screen.findByText(/信息变更/, { selector: '.ant-modal-title' });
  await screen.findByText(/信息变更(流程尚未开始|暂无数据或尚未提交)/);
  return { title: title.textContent, sent };
}

describe('the row operation 变更', () => {
  it('opens the initiate mode the server offers a record’s owner', async () => {
    const { title, sent } = await openIn('initiate');
    expect(title).toBe('信息变更');
    expect(sent).toEqual([true]);
  });

  it('opens the check mode the server offers an administrator', async () => {
    const { title, sent } = await openIn('check');
    expect(title).toBe('信息变更审核');
    expect(sent).toEqual([false]);
  });
});
