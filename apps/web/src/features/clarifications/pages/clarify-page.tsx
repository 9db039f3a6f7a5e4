import {
  CLARIFICATION_ACTION_LABELS,
  CLARIFICATION_STATE_LABELS,
  CLARIFICATION_STATES,
  CLARIFY_PATHS,
  type Clarification,
  type ClarificationAction,
  type ClarificationRow,
  type ClarificationState,
} from '@ks/contract/clarifications';
import { TRADING_SIDE_LABELS } from '@ks/contract/trading';
import { App, Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { http } from '@/lib/http.ts';
import { useClarificationStep, useClarifications, type VersionStep } from '../api/clarify-api.ts';
import { AuditDialog } from '../components/audit-dialog.tsx';
import { ClarificationDialog } from '../components/clarification-dialog.tsx';
import { ClarificationDrawer } from '../components/clarification-drawer.tsx';
import { ClarificationStateTag, chinaTime } from '../components/labels.tsx';

const CONFIRMS: Record<VersionStep, string> = {
  submit: '确定提交交易中心审核？',
  send: '确定发送？发送后将送达所有已下载招标文件的投标人，不能撤回。',
  revoke: '确定撤回？撤回后回到草稿，可修改后重新提交。',
  delete: '确定删除该草稿？',
};

/** The row's buttons: the centre's approve and return are one 审核 button opening the decision. */
const buttonsOf = (row: ClarificationRow) =>
  row.actions.filter((action) => !(action === 'return' && row.actions.includes('approve')));

/**
 * 澄清文件 (/clarify/file, and /clarify/audit the centre's queue): the clarifications the caller may
 * see, each row's buttons as the server answered them; a drawer with the text, history and the
 * receipt table.
 */
export function ClarifyPage({ queue = false }: { queue?: boolean }) {
  const [state, setState] = useState<ClarificationState | undefined>();
  const list = useClarifications(state ? { state } : {}, queue);
  const step = useClarificationStep();
  const [viewing, setViewing] = useState<string | null>(null);
  const [editing, setEditing] = useState<Clarification | 'new' | null>(null);
  const [auditing, setAuditing] = useState<ClarificationRow | null>(null);
  const { modal, message } = App.useApp();

  const act = async (row: ClarificationRow, action: ClarificationAction) => {
    if (action === 'approve' || action === 'return') return setAuditing(row);
    // A failed read was told by the HTTP client's dialog.
    if (action === 'edit')
      return setEditing(
        await http.post<Clarification>(CLARIFY_PATHS.detail, { id: row.id }).catch(() => null),
      );
    modal.confirm({
      title: CONFIRMS[action],
      okText: CLARIFICATION_ACTION_LABELS[action],
      // A refusal (a rule of time naming its dates, a stale version) is told by the HTTP client's
      // dialog; the confirmation closes either way.
      onOk: () =>
        step
          .mutateAsync(
            { step: action, id: row.id, version: row.version },
            { onSuccess: () => message.success(`${CLARIFICATION_ACTION_LABELS[action]}成功`) },
          )
          .catch(() => undefined),
    });
  };

  const mayDraft = list.data?.mayDraft ?? false;
  return (
    <Card
      title={queue ? '澄清审核' : '澄清文件'}
      extra={
        mayDraft ? (
          <Button type="primary" onClick={() => setEditing('new')}>
            起草澄清
          </Button>
        ) : null
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {queue ? null : (
          <Space>
            <Typography.Text>状态</Typography.Text>
            <Select<ClarificationState>
              aria-label="状态"
              allowClear
              placeholder="全部"
              style={{ width: 140 }}
              value={state}
              onChange={setState}
              options={CLARIFICATION_STATES.map((value) => ({
                value,
                label: CLARIFICATION_STATE_LABELS[value],
              }))}
            />
          </Space>
        )}
        <Table<ClarificationRow>
          rowKey="id"
          loading={list.isPending}
          dataSource={list.data?.records ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{
            emptyText: queue
              ? '暂无待审核的澄清文件'
              : mayDraft
                ? '暂无澄清文件，项目审核通过后可点击“起草澄清”'
                : '暂无澄清文件',
          }}
          columns={[
            { title: '项目', dataIndex: 'projectName' },
            { title: '标段', key: 'section', render: (_, r) => `${r.sectionCode} ${r.sectionName}` },
            { title: '澄清标题', dataIndex: 'title' },
            { title: '状态', key: 'state', render: (_, r) => <ClarificationStateTag state={r.state} /> },
            { title: '我的身份', key: 'side', render: (_, r) => <Tag>{TRADING_SIDE_LABELS[r.side]}</Tag> },
            {
              title: '送达 / 确认',
              key: 'receipts',
              render: (_, r) => (r.state === 'sent' ? `${r.deliveredCount} / ${r.receivedCount}` : '—'),
            },
            { title: '更新时间', key: 'updatedAt', render: (_, r) => chinaTime(r.updatedAt) },
            {
              title: '操作',
              key: 'actions',
              render: (_, r) => (
                <Space size={0} wrap>
                  <Button type="link" size="small" onClick={() => setViewing(r.id)}>
                    查看
                  </Button>
                  {buttonsOf(r).map((action) => (
                    <Button
                      key={action}
                      type="link"
                      size="small"
                      danger={action === 'delete'}
                      onClick={() => void act(r, action)}
                    >
                      {action === 'approve' ? '审核' : CLARIFICATION_ACTION_LABELS[action]}
                    </Button>
                  ))}
                </Space>
              ),
            },
          ]}
        />
      </Space>
      {viewing ? <ClarificationDrawer id={viewing} onClose={() => setViewing(null)} /> : null}
      {editing ? (
        <ClarificationDialog editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {auditing ? <AuditDialog row={auditing} onClose={() => setAuditing(null)} /> : null}
    </Card>
  );
}

/** /clarify/audit: the centre's queue of submitted clarifications. */
export const ClarifyAuditPage = () => <ClarifyPage queue />;
