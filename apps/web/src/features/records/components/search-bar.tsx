import type { TableColumn } from '@ks/contract/node-definition';
import { Button, Col, Form, Input, Row, Space } from 'antd';
import { useState } from 'react';
import type { SearchTag } from '../api/types.ts';
import { searchBarLayout } from '../lib/list-rules.ts';

/**
 * The search bar: one input per searchable column; the first three
 * at col 8, all of them at col 6 once expanded. 搜索 emits a tag {code, name, bianma, val} for each
 * filled input.
 */
export function SearchBar({
  columns,
  onSearch,
}: {
  columns: TableColumn[];
  onSearch: (tags: SearchTag[]) => void;
}) {
  const [form] = Form.useForm<Record<string, string>>();
  const [expanded, setExpanded] = useState(false);
  const searchable = columns.filter((column) => column.isSearch);
  if (searchable.length === 0) return null;
  const { fields, col } = searchBarLayout(searchable, expanded);
  const emit = () => {
    const values = form.getFieldsValue(true) as Record<string, string | undefined>;
    onSearch(
      searchable
        .map((column) => ({
          code: column.code,
          name: column.name,
          bianma: column.code,
          val: (values[column.code] ?? '').trim(),
        }))
        .filter((tag) => tag.val !== ''),
    );
  };
  return (
    <Form form={form} name="search-bar" onFinish={emit}>
      <Row gutter={16} align="middle">
        {fields.map((column) => (
          <Col key={column.code} span={col} data-testid="search-field" data-col={col}>
            <Form.Item label={column.name} name={column.code}>
              <Input allowClear placeholder={`请输入${column.name}`} />
            </Form.Item>
          </Col>
        ))}
        <Col flex="auto">
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                搜索
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  onSearch([]);
                }}
              >
                重置
              </Button>
              {searchable.length > 3 && (
                <Button type="link" onClick={() => setExpanded((value) => !value)}>
                  {expanded ? '收起' : '展开'}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
