import {
  CANCELLABLE_JOB_STATES,
  JOB_STATE_LABELS,
  JOB_STATES,
  type JobState,
  type JobSummary,
} from '@ks/contract/jobs';
import {
  Alert,
  Button,
  Card,
  Dropdown,
  Empty,
  Popconfirm,
  Progress,
  Result,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { TABLE_PAGE_SIZE_DEFAULT, TABLE_PAGE_SIZES } from '@/lib/constants.ts';
import { getFeedback } from '@/lib/feedback.ts';
import { formatTime } from '@/lib/format-time.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { useJobs, useJobTypes } from '../api/find-jobs.ts';
import { useCancelJob, useRetryJob, useRunJob } from '../api/manage-jobs.ts';

const STATE_COLORS: Record<JobState, string> = {
  created: 'default',
  retry: 'warning',
  active: 'processing',
  completed: 'success',
  cancelled: 'default',
  failed: 'error',
};

/** 后台任务 (administrators): background jobs with state, attempts, progress and last error. */
export function JobsPage() {
  const isAdmin = useSessionStore((state) => state.isAdmin);
  if (!isAdmin) return <Result status="403" title="无权限访问" subTitle="后台任务仅限管理员查看" />;
  return (
    <div className="ks-page">
      <Card title={<h1 className="ks-page-title">后台任务</h1>} extra={<RunNowButton />}>
        <JobTable />
      </Card>
    </div>
  );
}

/** Runs a scheduled job type now (e.g. the abandoned-upload sweep), without waiting for its schedule. */
function RunNowButton() {
  const { data: types = [] } = useJobTypes();
  const run = useRunJob();
  const scheduled = types.filter((type) => type.cron !== null);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: scheduled.map((type) => ({ key: type.name, label: type.title })),
        onClick: ({ key }) =>
          // A refusal is shown by the HTTP client's dialog; nothing more to do here.
          void run
            .mutateAsync({ name: key })
            .then(() => getFeedback().successMessage('已加入队列'))
            .catch(() => {}),
      }}
    >
      <Button loading={run.isPending}>立即执行</Button>
    </Dropdown>
  );
}

function JobTable() {
  const [query, setQuery] = useState<{ curPage: number; pageSize: number; state?: JobState; name?: string }>({
    curPage: 1,
    pageSize: TABLE_PAGE_SIZE_DEFAULT,
  });
  const { data, isPending, isError } = useJobs(query);
  const { data: types = [] } = useJobTypes();
  const retry = useRetryJob();
  const cancel = useCancelJob();
  const titleOf = (name: string) => types.find((type) => type.name === name)?.title;

  const columns: TableColumnsType<JobSummary> = [
    {
      title: '任务类型',
      key: 'type',
      render: (_, job) => (
        <>
          <div>{job.title || titleOf(job.name) || job.name}</div>
          <Typography.Text type="secondary">{job.name}</Typography.Text>
        </>
      ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 100,
      render: (state: JobState) => <Tag color={STATE_COLORS[state]}>{JOB_STATE_LABELS[state]}</Tag>,
    },
    {
      title: '尝试次数',
      key: 'attempts',
      width: 90,
      render: (_, job) => `${job.attempts} / ${job.maxAttempts}`,
    },
    {
      title: '进度',
      key: 'progress',
      width: 180,
      render: (_, job) => (
        <>
          <Progress
            percent={job.progress}
            size="small"
            status={job.state === 'failed' ? 'exception' : job.state === 'active' ? 'active' : undefined}
          />
          {job.progressNote && <Typography.Text type="secondary">{job.progressNote}</Typography.Text>}
        </>
      ),
    },
    {
      title: '最后错误',
      dataIndex: 'lastError',
      ellipsis: true,
      render: (error: string) => (error ? <Typography.Text type="danger">{error}</Typography.Text> : '—'),
    },
    { title: '创建时间', dataIndex: 'createdAt', width: 150, render: formatTime },
    {
      title: '完成时间',
      dataIndex: 'finishedAt',
      width: 150,
      render: (at: string | null) => formatTime(at) || '—',
    },
    {
      title: '操作',
      key: 'operations',
      width: 120,
      render: (_, job) => (
        <Space>
          {job.state === 'failed' && (
            <Button
              type="link"
              size="small"
              onClick={() =>
                void retry
                  .mutateAsync({ id: job.id })
                  .then(() => getFeedback().successMessage('已重新排队'))
                  .catch(() => {})
              }
            >
              重试
            </Button>
          )}
          {CANCELLABLE_JOB_STATES.includes(job.state) && (
            <Popconfirm
              title="取消后该任务不再执行，确定取消吗？"
              onConfirm={() =>
                cancel
                  .mutateAsync({ id: job.id })
                  .then(() => getFeedback().successMessage('已取消'))
                  .catch(() => {})
              }
            >
              <Button type="link" size="small" danger>
                取消
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<JobState>
          aria-label="任务状态"
          placeholder="全部状态"
          allowClear
          style={{ width: 140 }}
          value={query.state}
          options={JOB_STATES.map((state) => ({ value: state, label: JOB_STATE_LABELS[state] }))}
          onChange={(state) => setQuery((current) => ({ ...current, state, curPage: 1 }))}
        />
        <Select<string>
          aria-label="任务类型"
          placeholder="全部类型"
          allowClear
          style={{ width: 240 }}
          value={query.name}
          options={types.map((type) => ({ value: type.name, label: type.title }))}
          onChange={(name) => setQuery((current) => ({ ...current, name, curPage: 1 }))}
        />
      </Space>
      {isError && <Alert type="warning" showIcon title="后台任务加载失败，请稍后刷新重试" />}
      <Table<JobSummary>
        rowKey="id"
        size="middle"
        loading={isPending}
        columns={columns}
        dataSource={data?.records ?? []}
        locale={{ emptyText: <Empty description="暂无后台任务" /> }}
        pagination={{
          current: query.curPage,
          pageSize: query.pageSize,
          total: data?.total ?? 0,
          pageSizeOptions: TABLE_PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (curPage, pageSize) => setQuery((current) => ({ ...current, curPage, pageSize })),
        }}
      />
    </>
  );
}
