import {
  AUDIT_WAY_LABELS,
  AUDIT_WAYS,
  type AuditLevel,
  type AuditWay,
  type NodeDefinition,
} from '@ks/contract/node-definition';
import { Button, Card, Checkbox, Input, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useAuditOrgChoices, useReviewerChoices } from '../../api/find-choices.ts';
import { moveAt, replaceAt } from './move.ts';

export const AUDIT_LEVELS_MAX = 9;

/** Levels are numbered by their position, so every change renumbers them. */
const renumber = (levels: AuditLevel[]) => levels.map((level, index) => ({ ...level, level: index + 1 }));

function ReviewerSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (id: string) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const { data: reviewers = [], isFetching } = useReviewerChoices(keyword);
  return (
    <Select
      aria-label={label}
      style={{ minWidth: 200 }}
      placeholder="请选择审核人"
      value={value || undefined}
      loading={isFetching}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      options={reviewers.map((reviewer) => ({
        value: reviewer.id,
        label: `${reviewer.userName}（${reviewer.account}）`,
      }))}
      onChange={onChange}
    />
  );
}

/**
 * 审核流程 (/system/auditLevel, /system/auditWay): the node's audit levels in order, each reviewed by
 * one person (单人审核) or by a reviewer organisation where any one (或签) or all (会签) decide.
 */
export function AuditTab({
  definition,
  onChange,
}: {
  definition: NodeDefinition;
  onChange: (definition: NodeDefinition) => void;
}) {
  const levels = definition.audit.levels;
  const { data: orgs = [] } = useAuditOrgChoices();
  const setLevels = (next: AuditLevel[]) => onChange({ ...definition, audit: { levels: renumber(next) } });
  const setLevel = (index: number, patch: Partial<AuditLevel>) =>
    setLevels(replaceAt(levels, index, { ...(levels[index] as AuditLevel), ...patch }));
  const isFull = levels.length >= AUDIT_LEVELS_MAX;

  return (
    <Card
      size="small"
      title="审核流程"
      extra={
        <Space>
          {isFull ? <span>审核级别最多{AUDIT_LEVELS_MAX}级</span> : null}
          <Button
            disabled={isFull}
            onClick={() =>
              setLevels([
                ...levels,
                { level: levels.length + 1, name: '', way: 'single', reviewerUserId: '', orgId: '' },
              ])
            }
          >
            新增审核级别
          </Button>
        </Space>
      }
    >
      <Table<AuditLevel>
        rowKey="level"
        size="small"
        pagination={false}
        dataSource={levels}
        locale={{ emptyText: '没有审核级别：提交后无需审核' }}
        columns={[
          { title: '级别', dataIndex: 'level', render: (level: number) => `第${level}级` },
          {
            title: '名称',
            key: 'name',
            render: (_, level, index) => (
              <Input
                aria-label={`第${index + 1}级名称`}
                value={level.name}
                onChange={(event) => setLevel(index, { name: event.target.value })}
              />
            ),
          },
          {
            title: '审核方式',
            key: 'way',
            render: (_, level, index) => (
              <Select
                aria-label={`第${index + 1}级审核方式`}
                style={{ minWidth: 110 }}
                value={level.way}
                options={AUDIT_WAYS.map((way) => ({ value: way, label: AUDIT_WAY_LABELS[way] }))}
                // The other way's choice would be stale: each way keeps only its own.
                onChange={(way: AuditWay) => setLevel(index, { way, reviewerUserId: '', orgId: '' })}
              />
            ),
          },
          {
            title: '审核人 / 审核机构',
            key: 'who',
            render: (_, level, index) =>
              level.way === 'single' ? (
                <ReviewerSelect
                  label={`第${index + 1}级审核人`}
                  value={level.reviewerUserId}
                  onChange={(reviewerUserId) => setLevel(index, { reviewerUserId })}
                />
              ) : (
                <Select
                  aria-label={`第${index + 1}级审核机构`}
                  style={{ minWidth: 200 }}
                  placeholder="请选择审核机构"
                  value={level.orgId || undefined}
                  notFoundContent="还没有审核机构"
                  options={orgs.map((org) => ({
                    value: org.id,
                    label: `${org.name}（${org.members.length}人）`,
                  }))}
                  onChange={(orgId: string) => setLevel(index, { orgId })}
                />
              ),
          },
          {
            title: '操作',
            key: 'actions',
            render: (_, _level, index) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  disabled={index === 0}
                  onClick={() => setLevels(moveAt(levels, index, -1))}
                >
                  上移
                </Button>
                <Button
                  type="link"
                  size="small"
                  disabled={index === levels.length - 1}
                  onClick={() => setLevels(moveAt(levels, index, 1))}
                >
                  下移
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => setLevels(levels.filter((_, i) => i !== index))}
                >
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <div style={{ marginTop: 12 }}>
        <Checkbox
          checked={definition.allowChangeAfterApproval === true}
          onChange={(event) => onChange({ ...definition, allowChangeAfterApproval: event.target.checked })}
        >
          允许审核通过后变更
        </Checkbox>
        <Typography.Text type="secondary">
          开启后，审核通过的数据可由申请人发起变更申请，经管理员审核通过后生效
        </Typography.Text>
      </div>
    </Card>
  );
}
