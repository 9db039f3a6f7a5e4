import type { CreditSignature } from '@ks/contract/credit';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Skeleton,
  Table,
  type TableColumnsType,
  Tabs,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { EmptyMessage } from '@/components/empty-state.tsx';
import { getFeedback } from '@/lib/feedback.ts';
import { formatTime } from '@/lib/format-time.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { useCreditLetter, useLetterSignatures, useSaveLetter, useSignLetter } from '../api/credit-api.ts';

const useRole = () => useSessionStore((state) => state.userInfo?.loginRoleType);

/** 信用承诺书 (/credit/commitmentbook): administrators the signatures and the template, others the letter. */
export function CommitmentBookPage() {
  const role = useRole();
  if (role !== 'M') return <CommitmentBookDetailPage />;
  return (
    <div className="ks-page">
      <Card title={<h1 className="ks-page-title">信用承诺书</h1>}>
        <Tabs
          items={[
            { key: 'signatures', label: '签署情况', children: <Signatures /> },
            { key: 'template', label: '承诺书模板', children: <TemplateForm /> },
          ]}
        />
      </Card>
    </div>
  );
}

/** 信用承诺书详情 (/credit/commitmentbookDetail): the current letter; an enterprise reads and signs it. */
export function CommitmentBookDetailPage() {
  const role = useRole();
  return (
    <div className="ks-page">
      <Card title={<h1 className="ks-page-title">信用承诺书详情</h1>}>
        {/* Administrators and enterprises only: the route's role gate turns the others away. */}
        <LetterDetail canSign={role === 'U'} />
      </Card>
    </div>
  );
}

function LetterDetail({ canSign }: { canSign: boolean }) {
  const { data: letter, isPending } = useCreditLetter();
  const sign = useSignLetter();
  const [agreed, setAgreed] = useState(false);
  if (isPending) return <Skeleton active />;
  if (!letter) return <EmptyMessage />;
  return (
    <article>
      <Typography.Title level={3} style={{ textAlign: 'center' }}>
        {letter.title}
      </Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', lineHeight: 2 }}>
        {letter.content}
      </Typography.Paragraph>
      <Typography.Text type="secondary">
        第{letter.templateVersion}版，更新于{formatTime(letter.updatedAt)}
      </Typography.Text>
      {canSign &&
        (letter.mySignature ? (
          <Alert
            style={{ marginTop: 16 }}
            type="success"
            showIcon
            message={`已于${formatTime(letter.mySignature.signedAt)}签署本承诺书`}
            description={`签署内容摘要（SHA-256）：${letter.mySignature.textSha256}`}
          />
        ) : (
          <div style={{ marginTop: 16, display: 'flex', gap: 16, alignItems: 'center' }}>
            <Checkbox checked={agreed} onChange={(event) => setAgreed(event.target.checked)}>
              我已阅读并同意以上承诺
            </Checkbox>
            <Button
              type="primary"
              disabled={!agreed}
              loading={sign.isPending}
              onClick={() =>
                sign.mutate(
                  { templateVersion: letter.templateVersion, sha256: letter.sha256 },
                  { onSuccess: () => getFeedback().successMessage('签署成功') },
                )
              }
            >
              签署
            </Button>
          </div>
        ))}
    </article>
  );
}

const signatureColumns: TableColumnsType<CreditSignature> = [
  { title: '企业名称', dataIndex: 'enterpriseName' },
  { title: '签署人', dataIndex: 'signerName' },
  {
    title: '承诺书版本',
    dataIndex: 'templateVersion',
    align: 'center',
    render: (value: number) => `第${value}版`,
  },
  { title: '签署时间', dataIndex: 'signedAt', render: (value: string) => formatTime(value) },
  {
    title: '内容摘要（SHA-256）',
    dataIndex: 'textSha256',
    render: (value: string) => (
      <Typography.Text copyable={{ text: value }}>{value.slice(0, 16)}…</Typography.Text>
    ),
  },
];

function Signatures() {
  const { data = [], isPending } = useLetterSignatures();
  return (
    <Table
      rowKey="id"
      columns={signatureColumns}
      dataSource={data}
      loading={isPending}
      locale={{ emptyText: <EmptyMessage /> }}
    />
  );
}

function TemplateForm() {
  const { data: letter, isPending } = useCreditLetter();
  const save = useSaveLetter();
  const [form] = Form.useForm<{ title: string; content: string }>();
  useEffect(() => {
    if (letter) form.setFieldsValue({ title: letter.title, content: letter.content });
  }, [letter, form]);
  if (isPending) return <Skeleton active />;
  if (!letter) return <EmptyMessage />;
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(values) =>
        save.mutate(
          { ...values, templateVersion: letter.templateVersion },
          { onSuccess: () => getFeedback().successMessage('保存成功') },
        )
      }
    >
      <Typography.Paragraph type="secondary">
        当前为第{letter.templateVersion}版；保存后生成新版本，企业需重新签署新版本。
      </Typography.Paragraph>
      <Form.Item
        name="title"
        label="标题"
        rules={[{ required: true, whitespace: true, message: '请输入承诺书标题' }]}
      >
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item
        name="content"
        label="内容"
        rules={[{ required: true, whitespace: true, message: '请输入承诺书内容' }]}
      >
        <Input.TextArea rows={12} maxLength={20000} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}
