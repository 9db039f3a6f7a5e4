import {
  BID_DOCUMENT_STATE_LABELS,
  BID_FILE_SLOT,
  BID_MESSAGES,
  BID_SCORE_KIND_LABELS,
  BID_SCORE_KINDS,
  type BidDocumentState,
  type BidProjectAction,
  type BidRequirements,
  type BidScoreItem,
  PUBLICITY_STATE_LABELS,
} from '@ks/contract/bid-detection';
import type { UploadedFile } from '@ks/contract/files';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useCallback, useState } from 'react';
import { formatTime } from '@/lib/format-time.ts';
import { UploadingList } from '@/shared/files/components/uploading-list.tsx';
import { useUploads } from '@/shared/files/components/use-uploads.ts';
import {
  useAttachBidDocument,
  useBidDocuments,
  useBidRequirements,
  useBidResult,
  useDeleteBidDocument,
  usePublicity,
  usePublicityAction,
  useRedetect,
  useSaveBidRequirements,
} from '../api/bids.ts';
import { BidStateTag } from './bid-state-tag.tsx';
import { BidderFields, type BidderValues, bidderOf } from './bidder-fields.tsx';

const UPLOAD_TARGET = {
  gnCoding: BID_FILE_SLOT.gnCoding,
  systemCoding: BID_FILE_SLOT.gnCoding,
  fileNo: BID_FILE_SLOT.annexNo,
};
const DIRECTORY_RESULT = {
  ok: ['success', '符合'],
  missing: ['error', '缺失'],
  'out-of-order': ['warning', '顺序错误'],
};
const ACHIEVEMENT_RESULT = {
  matched: ['success', '已核实'],
  'amount-differs': ['warning', '金额不一致'],
  'not-found': ['error', '未找到'],
};

/**
 * The bid documents of a project on /fileAnalysis/deatil (decision 0052): each document's
 * detection state and findings, its result (chapters, 业绩, score) and, for administrators, the
 * tender requirements, re-detection and the publicity. An enterprise sees its own document only,
 * its result while it is published.
 */
export function BidDocumentsSection({ xmId }: { xmId: string }) {
  const { message } = App.useApp();
  const list = useBidDocuments(xmId);
  const publicity = usePublicity(xmId);
  const publicityAction = usePublicityAction();
  const redetect = useRedetect();
  const remove = useDeleteBidDocument();
  const [selected, setSelected] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState(false);
  const documents = list.data?.documents ?? [];
  const current = documents.find((d) => d.documentId === selected) ?? null;
  const publication = publicity.data;
  const may = (action: BidProjectAction) => list.data?.actions.includes(action) ?? false;

  return (
    <Card
      style={{ marginTop: 16 }}
      title="投标文件检测"
      loading={list.isPending}
      extra={
        <Space>
          {publication && (
            <Tag color={publication.state === 'open' ? 'green' : 'default'}>
              {PUBLICITY_STATE_LABELS[publication.state]}
              {publication.state === 'open' && publication.endsAt
                ? `（至 ${formatTime(publication.endsAt)}）`
                : ''}
            </Tag>
          )}
          {may('requirements') && <Button onClick={() => setEditing(true)}>招标要求</Button>}
          {may('redetect') && (
            <Button
              disabled={documents.length === 0}
              loading={redetect.isPending}
              onClick={async () => {
                const done = await redetect.mutateAsync(xmId).catch(() => null);
                if (done) message.success(`已开始重新检测 ${done.count} 份投标文件`);
              }}
            >
              重新检测
            </Button>
          )}
          {may('publicity') &&
            (publication?.state === 'open' ? (
              <Popconfirm
                title="确定提前结束公示？"
                onConfirm={() => publicityAction.mutateAsync({ xmId, action: 'close' }).catch(() => null)}
              >
                <Button danger>结束公示</Button>
              </Popconfirm>
            ) : (
              <Button
                type="primary"
                onClick={async () => {
                  const opened = await publicityAction
                    .mutateAsync({ xmId, action: 'publish' })
                    .catch(() => null);
                  if (opened) message.success(`检测结果已公示 ${opened.publicityDays} 天`);
                }}
              >
                公示检测结果
              </Button>
            ))}
          <Button onClick={() => setUploading(true)}>上传投标文件</Button>
        </Space>
      }
    >
      <Table
        size="small"
        rowKey="documentId"
        pagination={false}
        dataSource={documents}
        locale={{ emptyText: <Empty description="尚未上传投标文件" /> }}
        onRow={(d) => ({ onClick: () => setSelected(d.documentId), style: { cursor: 'pointer' } })}
        rowClassName={(d) => (d.documentId === selected ? 'ant-table-row-selected' : '')}
        columns={[
          { title: '投标人', dataIndex: 'bidderName' },
          { title: '文件', dataIndex: 'fileName' },
          {
            title: '状态',
            key: 'state',
            render: (_, d: BidDocumentState) => <BidStateTag document={d} />,
          },
          { title: '页数', dataIndex: 'pageCount', width: 70 },
          { title: '章节问题', dataIndex: 'directoryFindings', width: 90 },
          { title: '业绩问题', dataIndex: 'achievementFindings', width: 90 },
          { title: '客观分', dataIndex: 'score', width: 90, render: (v: string | null) => v ?? '—' },
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_, d: BidDocumentState) =>
              d.actions.includes('delete') ? (
                <Popconfirm
                  title="确定删除该投标文件？"
                  onConfirm={async (event) => {
                    event?.stopPropagation();
                    if (selected === d.documentId) setSelected(null);
                    await remove.mutateAsync(d.documentId).catch(() => null);
                  }}
                >
                  <Button type="link" size="small" danger onClick={(event) => event.stopPropagation()}>
                    删除
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
      {current && <BidResultPanel xmId={xmId} document={current} />}
      {uploading && (
        <UploadBidModal
          xmId={xmId}
          choosesBidder={list.data?.choosesBidder ?? false}
          onClose={() => setUploading(false)}
        />
      )}
      {may('requirements') && editing && <RequirementsDialog xmId={xmId} onClose={() => setEditing(false)} />}
    </Card>
  );
}

function BidResultPanel({ xmId, document }: { xmId: string; document: BidDocumentState }) {
  const result = useBidResult(xmId, document);
  if (document.state !== 'checked') {
    return (
      <Alert
        style={{ marginTop: 16 }}
        type={document.state === 'failed' || document.state === 'scanned' ? 'error' : 'info'}
        title={
          document.errorMessage || `${document.bidderName}：${BID_DOCUMENT_STATE_LABELS[document.state]}`
        }
      />
    );
  }
  if (result.isError) return <Alert style={{ marginTop: 16 }} type="warning" title={result.error.message} />;
  const data = result.data;
  return (
    <Card
      size="small"
      style={{ marginTop: 16 }}
      title={`${document.bidderName} · 检测结果`}
      loading={result.isPending}
    >
      {data && (
        <Tabs
          items={[
            {
              key: 'directories',
              label: `必备章节（${document.directoryFindings} 处问题）`,
              children: (
                <Table
                  size="small"
                  rowKey="order"
                  pagination={false}
                  dataSource={data.directories.rows}
                  locale={{ emptyText: '尚未配置必备章节' }}
                  columns={[
                    { title: '序号', dataIndex: 'order', width: 60 },
                    { title: '章节', dataIndex: 'chapter' },
                    {
                      title: '结果',
                      dataIndex: 'result',
                      width: 100,
                      render: (r: keyof typeof DIRECTORY_RESULT) => (
                        <Tag color={DIRECTORY_RESULT[r][0]}>{DIRECTORY_RESULT[r][1]}</Tag>
                      ),
                    },
                    { title: '说明', dataIndex: 'message' },
                  ]}
                />
              ),
            },
            {
              key: 'achievement',
              label: `业绩核查（${document.achievementFindings} 处问题）`,
              children: (
                <>
                  {data.achievement.note && <Alert type="info" title={data.achievement.note} />}
                  <Table
                    size="small"
                    rowKey={(r) => `${r.page}-${r.projectName}`}
                    pagination={false}
                    dataSource={data.achievement.rows}
                    locale={{ emptyText: '无业绩声明' }}
                    columns={[
                      { title: '项目名称', dataIndex: 'projectName' },
                      { title: '合同金额（万元）', dataIndex: 'claimedAmount', width: 130 },
                      { title: '页码', dataIndex: 'page', width: 60 },
                      {
                        title: '结果',
                        dataIndex: 'result',
                        width: 110,
                        render: (r: keyof typeof ACHIEVEMENT_RESULT) => (
                          <Tag color={ACHIEVEMENT_RESULT[r][0]}>{ACHIEVEMENT_RESULT[r][1]}</Tag>
                        ),
                      },
                      { title: '说明', dataIndex: 'message' },
                    ]}
                  />
                </>
              ),
            },
            {
              key: 'score',
              label: `客观分 ${data.score.total ?? '—'} / ${data.score.maxTotal}`,
              children: (
                <Table
                  size="small"
                  rowKey="name"
                  pagination={false}
                  dataSource={data.score.rows}
                  locale={{ emptyText: '尚未配置评分项' }}
                  columns={[
                    { title: '评分项', dataIndex: 'name' },
                    {
                      title: '方式',
                      dataIndex: 'kind',
                      width: 120,
                      render: (k: BidScoreItem['kind']) => BID_SCORE_KIND_LABELS[k],
                    },
                    { title: '满分', dataIndex: 'maxPoints', width: 80 },
                    {
                      title: '得分',
                      dataIndex: 'points',
                      width: 80,
                      render: (v: string | null) => v ?? '无法计算',
                    },
                    { title: '依据', dataIndex: 'evidence' },
                  ]}
                />
              ),
            },
          ]}
        />
      )}
      {data?.directories.checkedAt && (
        <Descriptions size="small" style={{ marginTop: 8 }}>
          <Descriptions.Item label="检测时间">{formatTime(data.directories.checkedAt)}</Descriptions.Item>
          <Descriptions.Item label="页数">{document.pageCount}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

function UploadBidModal({
  xmId,
  choosesBidder,
  onClose,
}: {
  xmId: string;
  /** The centre chooses or names the bidder; an enterprise's upload is its own (the server says). */
  choosesBidder: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<BidderValues>();
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const onUploaded = useCallback((file: UploadedFile) => setUploaded(file), []);
  const uploads = useUploads(onUploaded);
  const attach = useAttachBidDocument();
  const { message } = App.useApp();
  return (
    <Modal
      open
      title="上传投标文件"
      okText="确定"
      okButtonProps={{ disabled: !uploaded || uploads.items.length > 0 }}
      confirmLoading={attach.isPending}
      onCancel={onClose}
      onOk={async () => {
        const values = await form.validateFields().catch(() => null);
        if (!values || !uploaded) return;
        const attached = await attach
          .mutateAsync({
            projectId: xmId,
            fileId: uploaded.fileId,
            ...bidderOf(values),
          })
          .catch(() => null);
        if (!attached) return;
        message.success('上传成功，正在检测');
        onClose();
      }}
    >
      <Form form={form} layout="vertical">
        {choosesBidder && (
          <BidderFields
            extra="从已注册的企业中选择，业绩核查与结果查看均按该企业；未选择时按投标人名称精确匹配"
            nameMaxLength={100}
          />
        )}
        <Form.Item label="投标文件（可检索的 PDF）" required>
          <Upload
            accept=".pdf"
            showUploadList={false}
            beforeUpload={(file) => {
              if (!file.name.toLowerCase().endsWith('.pdf')) {
                message.error(BID_MESSAGES.notPdf);
                return Upload.LIST_IGNORE;
              }
              setUploaded(null);
              void uploads.start(file, UPLOAD_TARGET);
              return false;
            }}
          >
            <Button>选择文件</Button>
          </Upload>
          <UploadingList items={uploads.items} onCancel={uploads.cancel} />
          {uploaded && <Typography.Text type="success">已上传：{uploaded.fileName}</Typography.Text>}
        </Form.Item>
      </Form>
    </Modal>
  );
}

type RequirementValues = Pick<BidRequirements, 'chapters' | 'publicityDays'> & {
  scoreItems: (Omit<BidScoreItem, 'keywords'> & { keywords?: string[] })[];
};

function RequirementsDialog({ xmId, onClose }: { xmId: string; onClose: () => void }) {
  const requirements = useBidRequirements(xmId, true);
  const save = useSaveBidRequirements();
  const { message } = App.useApp();
  const [form] = Form.useForm<RequirementValues>();
  const data = requirements.data;
  return (
    <Modal
      open
      width={760}
      title="招标要求"
      okText="保存"
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={async () => {
        const values = await form.validateFields().catch(() => null);
        if (!values || !data) return;
        const saved = await save
          .mutateAsync({
            xmId,
            chapters: values.chapters,
            publicityDays: values.publicityDays,
            scoreItems: (values.scoreItems ?? []).map((item) => ({ ...item, keywords: item.keywords ?? [] })),
            version: data.version,
          })
          .catch(() => null);
        if (!saved) return;
        message.success(
          saved.redetected > 0 ? `保存成功，已按新要求重新检测 ${saved.redetected} 份投标文件` : '保存成功',
        );
        onClose();
      }}
    >
      {data && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            chapters: data.chapters,
            publicityDays: data.publicityDays,
            scoreItems: data.scoreItems,
          }}
        >
          <Form.Item
            name="chapters"
            label="必备章节（按应有顺序输入）"
            rules={[{ required: true, message: '请至少配置一个必备章节' }]}
          >
            <Select mode="tags" open={false} placeholder="输入章节名称后回车，如 投标函" />
          </Form.Item>
          <Form.Item
            name="publicityDays"
            label="公示天数"
            rules={[{ required: true, message: '请输入公示天数' }]}
          >
            <InputNumber min={1} max={30} precision={0} />
          </Form.Item>
          <Form.List name="scoreItems">
            {(fields, { add, remove }) => (
              <>
                <Typography.Text strong>评分项</Typography.Text>
                {fields.map((field) => (
                  <Space key={field.key} align="start" wrap style={{ display: 'flex', marginTop: 8 }}>
                    <Form.Item
                      name={[field.name, 'kind']}
                      rules={[{ required: true, message: '请选择评分方式' }]}
                    >
                      <Select
                        aria-label="评分方式"
                        style={{ width: 140 }}
                        options={BID_SCORE_KINDS.map((k) => ({ value: k, label: BID_SCORE_KIND_LABELS[k] }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'name']}
                      rules={[{ required: true, message: '请输入评分项名称' }]}
                    >
                      <Input aria-label="评分项名称" placeholder="评分项名称" maxLength={50} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'points']}
                      rules={[{ required: true, message: '请输入分值' }]}
                    >
                      <InputNumber aria-label="分值" placeholder="分值" min={0.5} max={100} step={0.5} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'keywords']}>
                      <Select
                        aria-label="关键词"
                        mode="tags"
                        open={false}
                        style={{ width: 220 }}
                        placeholder="关键词（关键内容得分）"
                      />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(field.name)}>
                      删除
                    </Button>
                  </Space>
                ))}
                <Button
                  style={{ marginTop: 8 }}
                  onClick={() => add({ kind: 'keyword', name: '', points: 5, keywords: [] })}
                >
                  添加评分项
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      )}
    </Modal>
  );
}
