import { functionName, type PublishedNode } from '@ks/contract/node-definition';
import { Alert, Button, Card, Empty, Space, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { optionLoaderFor } from '../api/find-options.ts';
import type { NodeRef } from '../api/types.ts';
import { FilterCard } from './filter-card.tsx';
import { SchemaForm } from './schema-form/schema-form.tsx';

export const PREVIEW_TITLE = '开发者预览';
export const PREVIEW_EXPLANATION =
  '这里展示该功能发布后的列表列、筛选、表单和按钮。开发者不查看业务数据：数据由在“权限设置”中获得授权的角色查看。';

/**
 * What a developer sees on a published node's list (issue 16 item 2): developers read no records
 * by design (the server refuses them the data), so instead of a list that errors they see what
 * they built — the buttons, filters, columns and form of the published definition — with the
 * explanation and a link to the node's 权限设置, where the roles that read the data are granted.
 * Only calls that answer the definition are made (filter items, field options).
 */
export function NodePreview({
  node,
  definition,
}: {
  node: NodeRef;
  definition: PublishedNode['definition'];
}) {
  const loadOptions = useMemo(() => optionLoaderFor(node), [node]);
  const columns = definition.list.columns
    .filter((column) => column.show && column.type !== 'operations')
    .map((column) => ({ key: column.code, title: column.name, dataIndex: column.code }));
  const permissions = `/system/permissionsSet?${new URLSearchParams({ ...node }).toString()}`;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        message={PREVIEW_TITLE}
        description={
          <>
            {PREVIEW_EXPLANATION}
            <Link to={permissions}>前往权限设置</Link>
          </>
        }
      />
      <Card size="small" title="按钮">
        {definition.functions.length === 0 ? (
          <Empty description="该功能没有配置按钮" />
        ) : (
          <Space wrap>
            {definition.functions.map((code) => (
              <Button key={code} disabled>
                {code === 'save' ? '新增' : functionName(code)}
              </Button>
            ))}
          </Space>
        )}
      </Card>
      {definition.list.filters.length > 0 && (
        <Card size="small" title="筛选">
          {definition.list.filters.map((filter) => (
            <FilterCard
              key={filter.displayCode}
              node={node}
              displayCode={filter.displayCode}
              open
              onChange={() => undefined}
            />
          ))}
        </Card>
      )}
      <Card size="small" title="列表">
        <Table
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={[]}
          pagination={false}
          locale={{ emptyText: '开发者不查看业务数据' }}
        />
      </Card>
      {definition.charts.length > 0 && (
        <Card size="small" title="图表">
          <Space wrap>
            {definition.charts.map((chart) => (
              <Tag key={chart.id}>{chart.title}</Tag>
            ))}
          </Space>
        </Card>
      )}
      <Card size="small" title="表单">
        <SchemaForm items={definition.form.items} groups={definition.form.groups} loadOptions={loadOptions} />
      </Card>
    </Space>
  );
}
