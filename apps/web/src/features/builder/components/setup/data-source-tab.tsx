import {
  BIND_TABLE_REQUIRED_MESSAGE,
  DATA_SOURCE_SAVED_MESSAGE,
  DATA_TABLE_NAME_MESSAGE,
  DATA_TABLE_NAME_PATTERN,
  type NodeMigration,
  type NodeVersion,
} from '@ks/contract/builder';
import type { DraftState } from '@ks/contract/node-definition';
import { Alert, Button, Card, Descriptions, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { ERROR_CODES } from '@/lib/constants.ts';
import { getFeedback } from '@/lib/feedback.ts';
import { isApiError } from '@/lib/http.ts';
import { useDbTables, useMigrations, useUpdateDataSource, useVersions } from '../../api/data-source.ts';

const MIGRATION_KIND_LABELS: Record<NodeMigration['kind'], string> = {
  create_table: '建表',
  add_column: '新增列',
  alter_type: '修改类型',
  create_index: '建索引',
  bind: '绑定',
};
export const SAVE_BEFORE_SOURCE_MESSAGE = '有未保存的修改，请先保存草稿再设置数据源';

const formatTime = (value: string) => (value ? value.replace('T', ' ').slice(0, 19) : '');

/**
 * 数据源: the node's table — created from its fields, or bound to an existing table of the
 * business-data schema (its columns join the draft as items) — with the DDL history and versions.
 */
export function DataSourceTab({ draft, isDirty }: { draft: DraftState; isDirty: boolean }) {
  const nodeId = draft.nodeId;
  const [choosing, setChoosing] = useState(false);
  const [tableName, setTableName] = useState<string | undefined>();
  const [newName, setNewName] = useState('');
  const [problem, setProblem] = useState('');
  const { data: tables = [], isLoading: isLoadingTables } = useDbTables(choosing);
  const { data: migrations = [] } = useMigrations(nodeId);
  const { data: versions = [] } = useVersions(nodeId);
  const { mutate, isPending } = useUpdateDataSource();
  const chosen = tables.find((table) => table.tableName === tableName);

  const apply = (body: { mode: 'create' | 'bind'; tableName?: string }) =>
    mutate(
      { nodeId, ...body },
      {
        onSuccess: (result) => {
          const added = result?.addedItems.length ? `，已从数据表添加${result.addedItems.length}个字段` : '';
          getFeedback().successMessage(`${DATA_SOURCE_SAVED_MESSAGE}${added}`);
          setChoosing(false);
          setProblem('');
        },
        onError: (error) => {
          if (isApiError(error) && error.code === ERROR_CODES.BAD_REQUEST) setProblem(error.message);
        },
      },
    );

  const onCreate = () => {
    const name = newName.trim();
    if (name && !DATA_TABLE_NAME_PATTERN.test(name)) {
      setProblem(DATA_TABLE_NAME_MESSAGE);
      return;
    }
    apply(name ? { mode: 'create', tableName: name } : { mode: 'create' });
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card size="small" title="数据源">
        <Descriptions size="small" column={3}>
          <Descriptions.Item label="数据表">
            {draft.dataSource ? draft.dataSource.tableName : '未设置（首次发布时按表单字段建表）'}
          </Descriptions.Item>
          <Descriptions.Item label="方式">
            {draft.dataSource ? (draft.dataSource.mode === 'created' ? '平台建表' : '绑定已有表') : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="已发布版本">
            {draft.publishedVersion > 0 ? `第${draft.publishedVersion}版` : '未发布'}
          </Descriptions.Item>
        </Descriptions>
        {isDirty ? <Alert type="warning" showIcon message={SAVE_BEFORE_SOURCE_MESSAGE} /> : null}
        <Space style={{ marginTop: 12 }} wrap>
          <Input
            aria-label="新数据表名"
            style={{ width: 260 }}
            placeholder="表名（可不填，默认按系统和节点编码）"
            value={newName}
            disabled={isDirty}
            onChange={(event) => setNewName(event.target.value)}
          />
          <Popconfirm
            title="新建数据表"
            description="按已保存的表单字段为该节点新建数据表？"
            okText="新建"
            cancelText="取消"
            onConfirm={onCreate}
          >
            <Button loading={isPending} disabled={isDirty}>
              新建数据表
            </Button>
          </Popconfirm>
          <Button disabled={isDirty} onClick={() => setChoosing(true)}>
            绑定已有数据表
          </Button>
        </Space>
        {choosing ? (
          <Space orientation="vertical" style={{ width: '100%', marginTop: 12 }}>
            <Space>
              <Select
                aria-label="选择数据表"
                style={{ minWidth: 320 }}
                loading={isLoadingTables}
                placeholder="请选择数据表"
                value={tableName}
                showSearch={{ optionFilterProp: 'label' }}
                notFoundContent="没有可绑定的数据表"
                options={tables.map((table) => ({
                  value: table.tableName,
                  label: `${table.tableName}（约${table.estimatedRows}行）`,
                }))}
                onChange={setTableName}
              />
              <Button
                type="primary"
                loading={isPending}
                onClick={() => {
                  if (!tableName) {
                    setProblem(BIND_TABLE_REQUIRED_MESSAGE);
                    return;
                  }
                  apply({ mode: 'bind', tableName });
                }}
              >
                绑定
              </Button>
              <Button onClick={() => setChoosing(false)}>取消</Button>
            </Space>
            {chosen ? (
              <div>
                列：
                {chosen.columns.map((column) => (
                  <Tag key={column.name}>
                    {column.name}（{column.type}）
                  </Tag>
                ))}
              </div>
            ) : null}
          </Space>
        ) : null}
        {problem ? (
          <div role="alert" style={{ color: '#ff4d4f', marginTop: 8 }}>
            {problem}
          </div>
        ) : null}
      </Card>
      <Card size="small" title="变更记录">
        <Table<NodeMigration>
          rowKey="id"
          size="small"
          pagination={{ pageSize: 10 }}
          dataSource={migrations}
          locale={{ emptyText: '暂无变更记录' }}
          columns={[
            { title: '时间', dataIndex: 'appliedAt', render: formatTime },
            { title: '操作人', dataIndex: 'appliedByName' },
            { title: '数据表', dataIndex: 'tableName' },
            {
              title: '变更',
              dataIndex: 'kind',
              render: (kind: NodeMigration['kind']) => MIGRATION_KIND_LABELS[kind],
            },
            { title: '说明', dataIndex: 'detail' },
            { title: '语句', dataIndex: 'statement', render: (text: string) => <code>{text}</code> },
          ]}
        />
      </Card>
      <Card size="small" title="发布版本">
        <Table<NodeVersion>
          rowKey="version"
          size="small"
          pagination={false}
          dataSource={versions}
          locale={{ emptyText: '尚未发布' }}
          columns={[
            { title: '版本', dataIndex: 'version', render: (version: number) => `第${version}版` },
            { title: '发布时间', dataIndex: 'publishedAt', render: formatTime },
            { title: '发布人', dataIndex: 'publisherName' },
          ]}
        />
      </Card>
    </Space>
  );
}
