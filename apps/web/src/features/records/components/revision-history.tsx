import { Card, Empty, Spin, Table, Timeline } from 'antd';
import { formatTime } from '@/lib/format-time.ts';
import { useLogHistory } from '../api/get-log-history.ts';
import type { NodeRef } from '../api/types.ts';

const show = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** The record's revisions (logHistory): who did what when, and each changed field's old and new value. */
export function RevisionHistory({ node, id }: { node: NodeRef; id: string }) {
  const { data = [], isLoading } = useLogHistory(node, id);
  return (
    <Card size="small" title="修改记录" style={{ marginTop: 12 }}>
      <Spin spinning={isLoading}>
        {data.length === 0 && !isLoading ? (
          <Empty description="暂无修改记录" />
        ) : (
          <Timeline
            items={data.map((revision) => ({
              key: `${revision.version}-${revision.time}`,
              children: (
                <div>
                  <div>
                    {formatTime(revision.time)} {revision.userName} {revision.actionName || revision.action}
                  </div>
                  {revision.dataList.length > 0 && (
                    <Table
                      size="small"
                      pagination={false}
                      rowKey="field"
                      dataSource={revision.dataList}
                      columns={[
                        {
                          title: '字段',
                          dataIndex: 'name',
                          render: (name: string, change) => name || change.field,
                        },
                        { title: '原值', dataIndex: 'oldValue', render: show },
                        { title: '新值', dataIndex: 'newValue', render: show },
                      ]}
                    />
                  )}
                </div>
              ),
            }))}
          />
        )}
      </Spin>
    </Card>
  );
}
