import { RecordPageEnvelopeSchema } from '@ks/contract';
import { describe, expect, it } from 'vitest';
import { compiledSerializer } from './compiled-serializer.ts';

const row = (id: string, extra: Record<string, unknown>) => ({
  id,
  businessId: `B-${id}`,
  version: 3,
  status: 'draft',
  statusName: '草稿',
  auditState: '',
  statusColor: 'default',
  auditColor: 'default',
  createdAt: '2026-11-26T01:02:03.000Z',
  submittedAt: null,
  ownerName: '张三',
  schemaVersion: 1,
  operations: [{ code: 'save', name: '保存', color: 'blue', show: true, internal: 'not in the contract' }],
  labels: { order_status: '已付款' },
  ...extra,
});

const page = {
  code: 200,
  message: '成功',
  data: {
    records: [
      // A row's field values are its catch-all: every kind a field holds passes as it is.
      row('a', { title: '订单"1"\n', quantity: 7, amount: 12.5, paid: false, note: null, tags: ['x', 'y'] }),
      row('b', {
        submittedAt: '2026-11-26T02:00:00.000Z',
        fileList: [
          {
            url: '/f/1',
            host: '',
            fileId: '1',
            fileName: 'a.png',
            fileType: 'png',
            fileSize: 10,
            fileNo: 'n',
          },
        ],
      }),
    ],
    total: 1001,
    totalExact: false,
    curPage: 1,
    pageSize: 20,
    columns: [
      {
        code: 'title',
        name: '标题',
        show: true,
        type: 'text',
        isSearch: true,
        isStatus: false,
        listAlignment: 'left',
        width: 0,
        sortable: false,
      },
    ],
    functions: ['save', 'view'],
    cardStyle: null,
    // Not in the contract: neither serialiser lets it out.
    sql: 'select …',
  },
};

describe('compiledSerializer', () => {
  it('writes a list page as the zod encoder and JSON.stringify do', () => {
    const byZod = JSON.parse(JSON.stringify(RecordPageEnvelopeSchema.encode(page as never)));
    const compiled = JSON.parse(compiledSerializer(RecordPageEnvelopeSchema)(page));
    expect(compiled).toEqual(byZod);
    expect(compiled.data.sql).toBeUndefined();
    expect(compiled.data.records[0].operations[0].internal).toBeUndefined();
    expect(compiled.data.records[0]).toMatchObject({ title: '订单"1"\n', quantity: 7, tags: ['x', 'y'] });
  });
});
