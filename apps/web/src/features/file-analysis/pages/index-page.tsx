import {
  COST_FILE_KIND_LABELS,
  COST_FILE_SLOT,
  COST_LIST_KEYS,
  COST_LIST_LABELS,
  COST_PARSE_STATE_LABELS,
  COST_REGIONS,
  type CostFile,
  type CostFileKindValue,
  type CostParseState,
  type CostProject,
  type CreateCostProjectBody,
  TAX_METHOD_LABELS,
} from '@ks/contract/file-analysis';
import type { UploadedFile } from '@ks/contract/files';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { TABLE_PAGE_SIZE_DEFAULT, TABLE_PAGE_SIZES } from '@/lib/constants.ts';
import { formatTime } from '@/lib/format-time.ts';
import { UploadingList } from '@/shared/files/components/uploading-list.tsx';
import { useUploads } from '@/shared/files/components/use-uploads.ts';
import {
  useAttachCostFile,
  useCostProjects,
  useCreateCostProject,
  useDeleteCostFile,
  useDeleteCostProject,
  useParseData,
  useReparseCostFile,
  useXmlAnalysis,
} from '../api/files.ts';
import { BidderFields, type BidderValues, bidderOf } from '../components/bidder-fields.tsx';
import { CostTreeTable, formatYuan } from '../components/cost-tree-table.tsx';
import { ProjectBidDocuments } from '../components/project-bid-documents.tsx';

const STATE_COLORS: Record<CostParseState, string> = {
  pending: 'processing',
  parsed: 'success',
  failed: 'error',
};
const UPLOAD_TARGET = {
  gnCoding: COST_FILE_SLOT.gnCoding,
  systemCoding: COST_FILE_SLOT.gnCoding,
  fileNo: COST_FILE_SLOT.annexNo,
};
const REGION_OPTIONS = Object.entries(COST_REGIONS).map(([value, label]) => ({ value, label }));

export function StateTag({ file }: { file: Pick<CostFile, 'parseState' | 'parseError'> }) {
  const tag = <Tag color={STATE_COLORS[file.parseState]}>{COST_PARSE_STATE_LABELS[file.parseState]}</Tag>;
  return file.parseError ? <Tooltip title={file.parseError}>{tag}</Tooltip> : tag;
}

/** 文件分析 (/fileAnalysis/index): projects, their cost files and the parse results. */
export function FileAnalysisIndexPage() {
  const [query, setQuery] = useState({ curPage: 1, pageSize: TABLE_PAGE_SIZE_DEFAULT, keyword: '' });
  const projects = useCostProjects(query);
  const [creating, setCreating] = useState(false);
  const [uploadFor, setUploadFor] = useState<CostProject | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const deleteProject = useDeleteCostProject();
  const deleteFile = useDeleteCostFile();
  const reparse = useReparseCostFile();
  const { message } = App.useApp();

  const selectedFile = projects.data?.records.flatMap((p) => p.files).find((f) => f.id === selected) ?? null;

  const fileColumns: TableColumnsType<CostFile> = [
    {
      title: '文件类型',
      dataIndex: 'kind',
      key: 'kind',
      render: (kind: CostFileKindValue) => COST_FILE_KIND_LABELS[kind],
    },
    {
      title: '投标人',
      dataIndex: 'bidderName',
      key: 'bidderName',
      render: (name: string | null) => name ?? '—',
    },
    { title: '文件名', dataIndex: 'fileName', key: 'fileName' },
    { title: '格式', dataIndex: 'layout', key: 'layout', render: (layout: string | null) => layout ?? '—' },
    {
      title: '计税方式',
      dataIndex: 'taxMethod',
      key: 'taxMethod',
      render: (tax: CostFile['taxMethod']) => (tax ? TAX_METHOD_LABELS[tax] : '—'),
    },
    { title: '清单项数', dataIndex: 'itemCount', key: 'itemCount', align: 'right' },
    { title: '解析状态', key: 'parseState', render: (_, file) => <StateTag file={file} /> },
    { title: '上传时间', dataIndex: 'createdAt', key: 'createdAt', render: (at: string) => formatTime(at) },
    {
      title: '操作',
      key: 'actions',
      render: (_, file) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setSelected(file.id)}>
            查看结果
          </Button>
          {file.actions.includes('reparse') && (
            <Button
              type="link"
              size="small"
              loading={reparse.isPending && reparse.variables === file.id}
              onClick={() => reparse.mutate(file.id, { onSuccess: () => message.success('已开始重新解析') })}
            >
              重新解析
            </Button>
          )}
          {file.actions.includes('delete') && (
            <Popconfirm
              title="确认删除该造价文件吗？"
              onConfirm={() =>
                deleteFile
                  .mutateAsync(file.id)
                  .then(() => {
                    message.success('删除成功');
                    if (selected === file.id) setSelected(null);
                  })
                  .catch(() => {})
              }
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const projectColumns: TableColumnsType<CostProject> = [
    { title: '项目编号', dataIndex: 'code', key: 'code' },
    { title: '项目名称', dataIndex: 'name', key: 'name' },
    { title: '地区', dataIndex: 'regionName', key: 'regionName' },
    { title: '文件数', key: 'files', align: 'right', render: (_, project) => project.files.length },
    { title: '创建时间', dataIndex: 'createdAt', key: 'createdAt', render: (at: string) => formatTime(at) },
    {
      title: '操作',
      key: 'actions',
      render: (_, project) => (
        <Space size="small">
          {/* The project's check: its state, start (administrators), findings (deatil). */}
          <Link to={`/fileAnalysis/deatil?xmId=${project.id}`}>检测结果</Link>
          {project.upload.kinds.length > 0 && (
            <Button type="link" size="small" onClick={() => setUploadFor(project)}>
              {uploadLabel(project)}
            </Button>
          )}
          {project.actions.includes('delete') && (
            <Popconfirm
              title="删除项目将同时删除其全部造价文件，确认删除吗？"
              onConfirm={() =>
                deleteProject
                  .mutateAsync(project)
                  .then(() => message.success('删除成功'))
                  .catch(() => {})
              }
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title="文件分析"
        extra={
          <Space>
            <Input.Search
              allowClear
              placeholder="项目编号或名称"
              onSearch={(keyword) => setQuery({ ...query, curPage: 1, keyword: keyword.trim() })}
            />
            {projects.data?.actions.includes('create') && (
              <Button type="primary" onClick={() => setCreating(true)}>
                新建项目
              </Button>
            )}
          </Space>
        }
      >
        <Table<CostProject>
          rowKey="id"
          size="middle"
          loading={projects.isLoading}
          columns={projectColumns}
          dataSource={projects.data?.records ?? []}
          expandable={{
            expandedRowRender: (project) => (
              <Space orientation="vertical" size="small" style={{ width: '100%' }}>
                <Table<CostFile>
                  rowKey="id"
                  size="small"
                  columns={fileColumns}
                  dataSource={project.files}
                  pagination={false}
                  locale={{ emptyText: '尚未上传造价文件' }}
                />
                <ProjectBidDocuments xmId={project.id} />
              </Space>
            ),
          }}
          pagination={{
            current: query.curPage,
            pageSize: query.pageSize,
            total: projects.data?.total ?? 0,
            pageSizeOptions: TABLE_PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (curPage, pageSize) => setQuery({ ...query, curPage, pageSize }),
          }}
          locale={{ emptyText: '暂无数据' }}
        />
      </Card>
      {selectedFile && <FileResult file={selectedFile} onClose={() => setSelected(null)} />}
      {creating && <CreateProjectModal onClose={() => setCreating(false)} />}
      {uploadFor && <UploadModal project={uploadFor} onClose={() => setUploadFor(null)} />}
    </Space>
  );
}

function FileResult({ file, onClose }: { file: CostFile; onClose: () => void }) {
  const analysis = useXmlAnalysis(file.id, file.parseState);
  const tree = useParseData(file.id, file.parseState);
  const summary = analysis.data;
  return (
    <Card
      title={`解析结果：${COST_FILE_KIND_LABELS[file.kind]}${file.bidderName ? `（${file.bidderName}）` : ''}`}
      extra={<Button onClick={onClose}>关闭</Button>}
    >
      {file.parseState === 'failed' && (
        <Alert
          type="error"
          showIcon
          title="文件解析失败"
          description={file.parseError}
          style={{ marginBottom: 16 }}
        />
      )}
      {file.parseState === 'pending' && (
        <Alert type="info" showIcon title="文件正在解析，完成后结果自动显示" style={{ marginBottom: 16 }} />
      )}
      {summary && summary.parseState === 'parsed' && (
        <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="文件格式">{summary.layout}</Descriptions.Item>
          <Descriptions.Item label="计税方式">
            {summary.taxMethod ? TAX_METHOD_LABELS[summary.taxMethod] : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="工程总造价（元）">
            {summary.totals ? formatYuan(summary.totals.zzj) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="节点数">{summary.nodeCount}</Descriptions.Item>
          <Descriptions.Item label="清单项">
            {COST_LIST_KEYS.map((list) => `${COST_LIST_LABELS[list]} ${summary.itemsByList[list] ?? 0}`).join(
              '，',
            )}
          </Descriptions.Item>
          <Descriptions.Item label="文件指纹">
            <Typography.Text copyable={{ text: summary.sha256 ?? '' }}>
              {summary.sha256?.slice(0, 16)}…
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
      <CostTreeTable rows={tree.data?.list ?? []} loading={tree.isLoading} />
    </Card>
  );
}

function CreateProjectModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<CreateCostProjectBody>();
  const create = useCreateCostProject();
  const { message } = App.useApp();
  return (
    <Modal
      open
      title="新建项目"
      okText="保存"
      confirmLoading={create.isPending}
      onCancel={onClose}
      onOk={async () => {
        // A refused field shows under itself; a refused call shows the client's error dialog.
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        const saved = await create.mutateAsync(values).catch(() => null);
        if (!saved) return;
        message.success('保存成功');
        onClose();
      }}
    >
      <Form form={form} layout="vertical" initialValues={{ region: '330000' }}>
        <Form.Item
          name="code"
          label="项目编号"
          rules={[{ required: true, whitespace: true, message: '请输入项目编号' }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="name"
          label="项目名称"
          rules={[{ required: true, whitespace: true, message: '请输入项目名称' }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="region" label="地区" rules={[{ required: true, message: '请选择地区' }]}>
          <Select options={REGION_OPTIONS} showSearch optionFilterProp="label" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface UploadValues extends BidderValues {
  kind: CostFileKindValue;
}

/** An enterprise uploads only its bid; the centre any kind of cost file. */
const uploadLabel = (project: CostProject) =>
  project.upload.kinds.length === 1 && project.upload.kinds[0] === 'bid' ? '上传投标报价' : '上传造价文件';

function UploadModal({ project, onClose }: { project: CostProject; onClose: () => void }) {
  const [form] = Form.useForm<UploadValues>();
  const kind = Form.useWatch('kind', form);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const onUploaded = useCallback((file: UploadedFile) => setUploaded(file), []);
  const uploads = useUploads(onUploaded);
  const attach = useAttachCostFile();
  const { message } = App.useApp();
  const { kinds, choosesBidder } = project.upload;
  return (
    <Modal
      open
      title={`上传造价文件：${project.name}`}
      okText="确定"
      okButtonProps={{ disabled: !uploaded || uploads.items.length > 0 }}
      confirmLoading={attach.isPending}
      onCancel={onClose}
      onOk={async () => {
        // A refused field shows under itself; a refused call shows the client's error dialog.
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        if (!uploaded) return;
        const attached = await attach
          .mutateAsync({
            projectId: project.id,
            kind: values.kind,
            fileId: uploaded.fileId,
            ...bidderOf(values),
          })
          .catch(() => null);
        if (!attached) return;
        message.success('上传成功，正在解析');
        onClose();
      }}
    >
      <Form form={form} layout="vertical" initialValues={{ kind: kinds[0] }}>
        <Form.Item name="kind" label="文件类型" rules={[{ required: true, message: '请选择文件类型' }]}>
          <Select options={kinds.map((value) => ({ value, label: COST_FILE_KIND_LABELS[value] }))} />
        </Form.Item>
        {choosesBidder && kind === 'bid' && (
          <BidderFields
            extra="从已注册的企业中选择，该企业可查看本投标报价，投标文件的报价得分按它计算；未选择时按投标人名称精确匹配"
            nameMaxLength={200}
          />
        )}
        <Form.Item label="造价文件（XML）" required>
          <Upload
            accept=".xml"
            showUploadList={false}
            beforeUpload={(file) => {
              if (!file.name.toLowerCase().endsWith('.xml')) {
                message.error('造价文件须为 XML 格式（.xml）');
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
