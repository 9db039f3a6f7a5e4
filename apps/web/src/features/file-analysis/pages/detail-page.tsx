import {
  CHECK_RUN_STATE_LABELS,
  COST_CHECK_DONE_MESSAGE,
  COST_CHECK_FAILED_MESSAGE,
  COST_RULE_CODES,
  COST_RULES,
  type CostCheckAction,
  type CostRuleCode,
  FINDING_SEVERITIES,
  FINDING_SEVERITY_LABELS,
  type Finding,
  type FindingSeverity,
} from '@ks/contract/cost-checks';
import { useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Input,
  List,
  Progress,
  Result,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatTime } from '@/lib/format-time.ts';
import { checkKeys, exportFindings, useDetectionStatus, useFindings } from '../api/checks.ts';
import { BidDocumentsSection } from '../components/bid-documents-section.tsx';
import { ControlPriceCard } from '../components/control-price-card.tsx';
import { EstimateDialog } from '../components/estimate-dialog.tsx';
import { FindingTree } from '../components/finding-tree.tsx';
import { RulesDialog } from '../components/rules-dialog.tsx';
import { StartCheckButton } from '../components/start-check-button.tsx';

const SEVERITY_COLORS: Record<FindingSeverity, string> = {
  error: 'error',
  warning: 'warning',
  flag: 'purple',
  skipped: 'default',
};
const KIND_LABELS: Record<string, string> = { 'control-price': '招标控制价', bid: '投标报价' };
const PAGE_SIZE = 20;

const columns: TableColumnsType<Finding> = [
  { title: '规则', dataIndex: 'rule', width: 64 },
  {
    title: '级别',
    dataIndex: 'severity',
    width: 110,
    render: (severity: FindingSeverity) => (
      <Tag color={SEVERITY_COLORS[severity]}>{FINDING_SEVERITY_LABELS[severity]}</Tag>
    ),
  },
  {
    title: '文件',
    key: 'file',
    width: 140,
    render: (_, f) =>
      f.fileKind === 'bid' ? f.bidderName || '投标报价' : (KIND_LABELS[f.fileKind] ?? f.fileKind),
  },
  { title: '节点', dataIndex: 'nodeName', width: 160, render: (v: string | null) => v ?? '—' },
  { title: '项目编码', dataIndex: 'itemCode', width: 130, render: (v: string | null) => v ?? '—' },
  { title: '问题', dataIndex: 'message' },
  { title: '应为', dataIndex: 'expected', width: 130, render: (v: string | null) => v ?? '—' },
  { title: '实为', dataIndex: 'found', width: 130, render: (v: string | null) => v ?? '—' },
];

/**
 * /fileAnalysis/deatil (spelled so): a project's cost-file check — its state and the
 * rule version of the result, findings grouped by rule with filters, the export, and for
 * administrators the start of a check and the rule configuration.
 */
export function FileAnalysisDetailPage() {
  const [params] = useSearchParams();
  const xmId = params.get('xmId') ?? '';
  if (!xmId) {
    return (
      <Result
        status="info"
        title="请先选择项目"
        subTitle="从文件分析列表进入项目，查看造价文件检测结果"
        extra={<Link to="/fileAnalysis/index">返回文件分析</Link>}
      />
    );
  }
  return (
    <ProjectChecks
      xmId={xmId}
      initialFileId={params.get('fileId') ?? undefined}
      gnCoding={params.get('gnCoding') ?? 'fileAnalysis'}
    />
  );
}

function ProjectChecks({
  xmId,
  initialFileId,
  gnCoding,
}: {
  xmId: string;
  initialFileId?: string;
  gnCoding: string;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const status = useDetectionStatus(xmId);
  const [fileId, setFileId] = useState<string | undefined>(initialFileId);
  const [rule, setRule] = useState<CostRuleCode | undefined>();
  const [severity, setSeverity] = useState<FindingSeverity | undefined>();
  const [nodePath, setNodePath] = useState<string | undefined>();
  const [nodeText, setNodeText] = useState('');
  const [curPage, setCurPage] = useState(1);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [estimateOpen, setEstimateOpen] = useState(false);
  const filters = { xmId, fileId, rule, severity, nodePath };
  const findings = useFindings({ ...filters, curPage, pageSize: PAGE_SIZE });

  // A check that finishes while the page is open: say so and reload the result list.
  // Told by the result's run changing, not by the state passing through running: a short check can
  // be done before the page asks again.
  const seenResult = useRef<string | null | undefined>(undefined);
  const resultRun = status.data ? (status.data.result?.runId ?? null) : undefined;
  useEffect(() => {
    if (resultRun === undefined) return;
    const seen = seenResult.current;
    seenResult.current = resultRun;
    if (seen !== undefined && resultRun !== null && resultRun !== seen) {
      message.success(COST_CHECK_DONE_MESSAGE);
      void queryClient.invalidateQueries({ queryKey: checkKeys.all });
    }
  }, [resultRun, message, queryClient]);
  // A check that failed after its retries while the page watched it run.
  const lastState = useRef<string | undefined>(undefined);
  const state = status.data?.state;
  useEffect(() => {
    const was = lastState.current;
    lastState.current = state;
    if ((was === 'queued' || was === 'running') && state === 'failed')
      message.error(COST_CHECK_FAILED_MESSAGE);
  }, [state, message]);

  if (status.isError) return <Result status="403" title="无法查看检测结果" subTitle={status.error.message} />;
  const data = status.data;
  const may = (action: CostCheckAction) => data?.actions.includes(action) ?? false;
  const busy = state === 'queued' || state === 'running';
  const page = findings.data;
  const resetPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setCurPage(1);
    };

  return (
    <div className="ks-page">
      <Card
        title={
          <h1 className="ks-page-title">{data ? `${data.projectName} · 造价文件检测` : '造价文件检测'}</h1>
        }
        loading={status.isPending}
        extra={
          data && data.actions.length > 0 ? (
            <Space>
              {may('estimate') && <Button onClick={() => setEstimateOpen(true)}>批准的概算</Button>}
              {may('rules') && <Button onClick={() => setRulesOpen(true)}>规则配置</Button>}
              {may('check') && <StartCheckButton xmId={xmId} gnCoding={gnCoding} busy={busy} />}
            </Space>
          ) : null
        }
      >
        {data && (
          <Descriptions size="small" column={3}>
            <Descriptions.Item label="检测状态">{CHECK_RUN_STATE_LABELS[data.state]}</Descriptions.Item>
            <Descriptions.Item label="规则版本">
              {data.result?.ruleVersion ? `第 ${data.result.ruleVersion} 版` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="检测完成时间">
              {data.result?.finishedAt ? formatTime(data.result.finishedAt) : '—'}
            </Descriptions.Item>
          </Descriptions>
        )}
        {data?.active && <Progress percent={data.active.progress} status="active" aria-label="检测进度" />}
        {data && data.files.length > 0 && (
          <Table
            size="small"
            rowKey="fileId"
            pagination={false}
            dataSource={data.files}
            columns={[
              {
                title: '文件',
                key: 'name',
                render: (_, f) => (f.kind === 'bid' ? f.bidderName || '投标报价' : KIND_LABELS[f.kind]),
              },
              { title: '错误', dataIndex: 'errors' },
              { title: '警告', dataIndex: 'warnings' },
              { title: '提请关注', dataIndex: 'flags' },
              { title: '未检测', dataIndex: 'skipped' },
            ]}
            onRow={(f) => ({ onClick: () => resetPage(setFileId)(f.fileId), style: { cursor: 'pointer' } })}
            rowClassName={(f) => (f.fileId === fileId ? 'ant-table-row-selected' : '')}
          />
        )}
      </Card>

      {fileId && (
        <Card style={{ marginTop: 16 }} title="汇总树（标记有检测问题的节点）">
          <FindingTree
            xmId={xmId}
            fileId={fileId}
            onPickNode={(path) => {
              setNodeText(path);
              resetPage(setNodePath)(path);
            }}
          />
        </Card>
      )}
      <Card style={{ marginTop: 16 }}>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder="全部文件"
            style={{ width: 180 }}
            value={fileId}
            onChange={resetPage(setFileId)}
            options={(data?.files ?? []).map((f) => ({
              value: f.fileId,
              label: f.kind === 'bid' ? f.bidderName || '投标报价' : KIND_LABELS[f.kind],
            }))}
          />
          <Select
            allowClear
            placeholder="全部规则"
            style={{ width: 220 }}
            value={rule}
            onChange={resetPage(setRule)}
            options={COST_RULE_CODES.map((code) => ({
              value: code,
              label: `${code} ${COST_RULES[code].title}`,
            }))}
          />
          <Select
            allowClear
            placeholder="全部级别"
            style={{ width: 160 }}
            value={severity}
            onChange={resetPage(setSeverity)}
            options={FINDING_SEVERITIES.map((s) => ({ value: s, label: FINDING_SEVERITY_LABELS[s] }))}
          />
          <Input.Search
            allowClear
            placeholder="节点路径，如 1.2"
            style={{ width: 180 }}
            value={nodeText}
            onChange={(event) => setNodeText(event.target.value)}
            onSearch={(value) => resetPage(setNodePath)(value.trim() || undefined)}
          />
          <Button onClick={() => void exportFindings(filters)} disabled={!page?.total}>
            导出
          </Button>
        </Space>
        <div style={{ display: 'flex', gap: 16 }}>
          <List
            size="small"
            bordered
            style={{ width: 220, flex: 'none' }}
            header={<Typography.Text strong>按规则</Typography.Text>}
            dataSource={page?.byRule ?? []}
            locale={{ emptyText: '无' }}
            renderItem={(r) => (
              <List.Item
                onClick={() => resetPage(setRule)(r.rule === rule ? undefined : r.rule)}
                style={{ cursor: 'pointer', fontWeight: r.rule === rule ? 600 : undefined }}
              >
                <span>
                  {r.rule} {COST_RULES[r.rule].title}
                </span>
                <Tag>{r.count}</Tag>
              </List.Item>
            )}
          />
          <div style={{ flex: 1, minWidth: 0 }}>
            {page && !page.run ? (
              <Empty description="该项目尚未完成检测" />
            ) : (
              <Table
                size="small"
                rowKey="id"
                loading={findings.isFetching}
                columns={columns}
                dataSource={page?.records ?? []}
                locale={{ emptyText: '未发现问题' }}
                pagination={{
                  current: curPage,
                  pageSize: PAGE_SIZE,
                  total: page?.total ?? 0,
                  showSizeChanger: false,
                  onChange: setCurPage,
                }}
                onRow={(f) => ({
                  onClick: () => {
                    if (!f.nodePath) return;
                    setNodeText(f.nodePath);
                    resetPage(setNodePath)(f.nodePath);
                  },
                })}
              />
            )}
          </div>
        </div>
      </Card>
      <ControlPriceCard xmId={xmId} />
      <BidDocumentsSection xmId={xmId} />
      {may('rules') && rulesOpen && <RulesDialog onClose={() => setRulesOpen(false)} />}
      {may('estimate') && estimateOpen && (
        <EstimateDialog xmId={xmId} onClose={() => setEstimateOpen(false)} />
      )}
    </div>
  );
}
