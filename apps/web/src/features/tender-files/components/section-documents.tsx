import { UPLOAD_CHUNK_SIZE } from '@ks/contract/constants';
import {
  type SectionDocuments as Documents,
  type DownloadRecords,
  TENDER_DOC_KIND_LABELS,
  type TenderDocKind,
  type TenderDocument,
} from '@ks/contract/tender-files';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Empty,
  List,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { getFeedback } from '@/lib/feedback.ts';
import { uploadFile } from '@/shared/files/api/upload-file.ts';
import { downloadFile } from '@/shared/files/get-file-blob.ts';
import { uploadInChunks } from '@/shared/files/lib/chunked-upload.ts';
import { uploadErrorMessage } from '@/shared/files/upload-error.ts';
import {
  tenderFileKeys,
  useDeleteDocument,
  useDownloadRecords,
  useDownloadStatus,
  useSaveDocument,
  useSectionDocuments,
  useSignUpQuantity,
} from '../api/tender-files-api.ts';
import { SignUpDialog } from './sign-up-dialog.tsx';

/** Where the documents are uploaded (the trading system's 五位一体 node, as its attachments are). */
const TARGET = { gnCoding: 'JYGL_WWYT', systemCoding: 'JYGL' };
const ACCEPT = '.pdf';

const megabytes = (size: number) => `${(size / 1024 / 1024).toFixed(size < 1024 * 1024 ? 2 : 1)} MB`;

/**
 * A section's tender documents for the caller (decision 0077). Every button is the server's:
 * `actions` of the section (upload, signUp, records, quantity) and of each document (download,
 * delete). `kind` narrows to one kind (the five-in-one 资格预审文件 tab shows prequalification ones).
 */
export function SectionDocuments({ sectionId, kind }: { sectionId: string; kind?: TenderDocKind }) {
  const answer = useSectionDocuments(sectionId, kind);
  const [signingUp, setSigningUp] = useState(false);
  const [showRecords, setShowRecords] = useState(false);
  const status = useDownloadStatus(sectionId, answer.data?.actions.includes('downloadStatus') ?? false);
  const downloaded = new Set(
    (status.data?.documents ?? []).filter((item) => item.downloaded).map((item) => item.documentId),
  );
  if (answer.isLoading) return <List loading />;
  const data = answer.data;
  if (!data) return <Empty description="标段不存在或您无权查看" />;
  const may = (action: Documents['actions'][number]) => data.actions.includes(action);
  const title = `${data.sectionCode} ${data.sectionName}`;

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={3}>
        <Descriptions.Item label="文件发售">{`${data.saleStartAt} 至 ${data.saleEndAt}`}</Descriptions.Item>
        <Descriptions.Item label="投标截止">{data.bidDeadlineAt}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Space>
            {data.onSale ? <Tag color="green">发售中</Tag> : <Tag>未在发售期</Tag>}
            {data.signedUp === true && <Tag color="blue">已报名</Tag>}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      {data.notice && <Alert type="info" showIcon message={data.notice} />}
      <Space wrap>
        {may('upload') && <UploadDocument sectionId={sectionId} kind={kind} />}
        {may('signUp') && (
          <Button type="primary" onClick={() => setSigningUp(true)}>
            报名
          </Button>
        )}
        {may('records') && (
          <Button onClick={() => setShowRecords((shown) => !shown)}>
            {showRecords ? '收起报名及下载记录' : '报名及下载记录'}
          </Button>
        )}
        {may('quantity') && <Quantity sectionId={sectionId} />}
      </Space>
      <DocumentList documents={data.documents} downloaded={downloaded} />
      {showRecords && <Records sectionId={sectionId} />}
      {signingUp && <SignUpDialog sectionId={sectionId} title={title} onClose={() => setSigningUp(false)} />}
    </Space>
  );
}

function DocumentList({ documents, downloaded }: { documents: TenderDocument[]; downloaded: Set<string> }) {
  const remove = useDeleteDocument();
  const queryClient = useQueryClient();
  // The server records the download; the bidder's 已下载 is read again afterwards.
  const fetchFile = (document: TenderDocument) =>
    downloadFile(document.url, document.fileName)
      .then(() => queryClient.invalidateQueries({ queryKey: tenderFileKeys.status(document.sectionId) }))
      .catch(() => undefined);
  return (
    <List<TenderDocument>
      size="small"
      bordered
      dataSource={documents}
      locale={{ emptyText: '暂无文件' }}
      renderItem={(document) => (
        <List.Item
          actions={[
            ...(document.actions.includes('download')
              ? [
                  <Button key="download" type="link" onClick={() => void fetchFile(document)}>
                    下载
                  </Button>,
                ]
              : []),
            ...(document.actions.includes('delete')
              ? [
                  <Button
                    key="delete"
                    type="link"
                    danger
                    onClick={() =>
                      Modal.confirm({
                        title: '删除文件',
                        content: `确定删除“${document.fileName}”吗？`,
                        onOk: () =>
                          remove
                            .mutateAsync({ id: document.id, version: document.version })
                            .catch(() => undefined),
                      })
                    }
                  >
                    删除
                  </Button>,
                ]
              : []),
          ]}
        >
          <Space>
            <Tag>{TENDER_DOC_KIND_LABELS[document.kind]}</Tag>
            {document.fileName}
            {downloaded.has(document.id) && <Tag color="green">已下载</Tag>}
            <Typography.Text type="secondary">
              {megabytes(document.size)} · {document.uploadedAt}
            </Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}

/** Uploads through the platform (in chunks above 5 MB), then attaches the file as the chosen kind. */
function UploadDocument({ sectionId, kind }: { sectionId: string; kind?: TenderDocKind }) {
  const [chosen, setChosen] = useState<TenderDocKind>(kind ?? 'tender');
  const [percent, setPercent] = useState<number | null>(null);
  const save = useSaveDocument();

  const add = async (file: File) => {
    setPercent(0);
    try {
      const uploaded =
        file.size > UPLOAD_CHUNK_SIZE
          ? await uploadInChunks(file, TARGET, { onProgress: (_, value) => setPercent(value) })
          : await uploadFile(file, TARGET);
      // A refused attach is told by the HTTP client's dialog.
      await save.mutateAsync({ sectionId, kind: chosen, fileId: uploaded.fileId }).catch(() => undefined);
    } catch (error) {
      getFeedback().showDialog('warning', uploadErrorMessage(error));
    } finally {
      setPercent(null);
    }
  };

  return (
    <Space>
      {!kind && (
        <Select<TenderDocKind>
          aria-label="文件类型"
          value={chosen}
          onChange={setChosen}
          style={{ width: 140 }}
          options={Object.entries(TENDER_DOC_KIND_LABELS).map(([value, label]) => ({
            value: value as TenderDocKind,
            label,
          }))}
        />
      )}
      <Upload
        showUploadList={false}
        accept={ACCEPT}
        beforeUpload={(file) => {
          void add(file);
          return false;
        }}
      >
        <Button type="primary" loading={percent !== null}>
          {percent !== null && percent > 0
            ? `上传中 ${percent}%`
            : `上传${TENDER_DOC_KIND_LABELS[kind ?? chosen]}`}
        </Button>
      </Upload>
    </Space>
  );
}

function Quantity({ sectionId }: { sectionId: string }) {
  const quantity = useSignUpQuantity(sectionId, true);
  return <Typography.Text>报名人数：{quantity.data ? quantity.data.count : '…'}</Typography.Text>;
}

function Records({ sectionId }: { sectionId: string }) {
  const records = useDownloadRecords(sectionId, true);
  const data: DownloadRecords | undefined = records.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table
        size="small"
        rowKey="id"
        title={() => '报名记录'}
        loading={records.isLoading}
        dataSource={data?.signUps ?? []}
        pagination={false}
        locale={{ emptyText: '暂无报名记录' }}
        columns={[
          { title: '投标人', dataIndex: 'bidderName' },
          { title: '联系人', dataIndex: 'contactName' },
          { title: '联系电话', dataIndex: 'contactPhone' },
          { title: '报名时间', dataIndex: 'signedUpAt' },
        ]}
      />
      <Table
        size="small"
        rowKey="id"
        title={() => '下载记录'}
        loading={records.isLoading}
        dataSource={data?.downloads ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: '暂无下载记录' }}
        columns={[
          { title: '投标人', dataIndex: 'bidderName' },
          { title: '文件', dataIndex: 'fileName' },
          { title: '下载时间', dataIndex: 'downloadedAt' },
          { title: 'IP', dataIndex: 'ip' },
        ]}
      />
    </Space>
  );
}

/** The documents of each section of a project (the five-in-one page's 资格预审文件 tab). */
export function ProjectTenderDocuments({
  sections,
  kind,
}: {
  sections: readonly { id: string; code: string; name: string }[];
  kind?: TenderDocKind;
}) {
  if (sections.length === 0) return <Empty description="本项目暂无标段" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      {sections.map((section) => (
        <div key={section.id}>
          <Typography.Title level={5}>{`${section.code} ${section.name}`}</Typography.Title>
          <SectionDocuments sectionId={section.id} kind={kind} />
        </div>
      ))}
    </Space>
  );
}
