import {
  IMPORT_DOCUMENT_REQUIRED_MESSAGE,
  ImportSystemBodySchema,
  type ImportSystemResult,
  SYSTEM_IMPORTED_MESSAGE,
} from '@ks/contract/builder';
import { Alert, Button, Form, Input, List, Modal, Upload } from 'antd';
import { useState } from 'react';
import { getFeedback } from '@/lib/feedback.ts';
import { reportFormError } from '@/lib/form-rules.ts';
import { useImportStructure } from '../api/structure-transfer.ts';

export const NOT_JSON_MESSAGE = '文件不是有效的JSON，请选择导出的系统定义文件';

type Values = { gnCoding: string; systemName: string };

/** A chosen file's text (FileReader: older browsers lack File.text). */
const readText = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });

/** Imports a system from an exported JSON document, optionally under a new code and name. */
export function ImportSystemDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [document, setDocument] = useState<{ name: string; content: unknown } | null>(null);
  const [fileProblem, setFileProblem] = useState('');
  const [result, setResult] = useState<ImportSystemResult | null>(null);
  const { mutate, isPending } = useImportStructure();

  const close = () => {
    setDocument(null);
    setFileProblem('');
    setResult(null);
    onClose();
  };

  const onFinish = (values: Values) => {
    if (!document) {
      setFileProblem(IMPORT_DOCUMENT_REQUIRED_MESSAGE);
      return;
    }
    mutate(
      {
        document: document.content,
        ...(values.gnCoding?.trim() ? { gnCoding: values.gnCoding.trim() } : {}),
        ...(values.systemName?.trim() ? { systemName: values.systemName.trim() } : {}),
      },
      {
        onSuccess: (answer) => {
          getFeedback().successMessage(SYSTEM_IMPORTED_MESSAGE);
          setResult(answer);
        },
        onError: (error) => reportFormError(form, error),
      },
    );
  };

  return (
    <Modal
      title="导入系统"
      open={open}
      onCancel={close}
      destroyOnHidden
      footer={
        result
          ? [
              <Button key="close" type="primary" onClick={close}>
                完成
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                取消
              </Button>,
              <Button key="ok" type="primary" loading={isPending} onClick={() => form.submit()}>
                导入
              </Button>,
            ]
      }
    >
      {result ? (
        <>
          <Alert
            type="success"
            showIcon
            message={`已导入系统“${result.systemName}”（${result.gnCoding}），共${result.nodes}个节点，${result.published}个已发布`}
          />
          {result.warnings.length ? (
            <List
              style={{ marginTop: 12 }}
              size="small"
              header="提示（以下引用在本环境中不存在，已忽略）"
              dataSource={result.warnings}
              renderItem={(warning) => <List.Item>{warning}</List.Item>}
            />
          ) : null}
        </>
      ) : (
        <Form form={form} name="import-system" layout="vertical" onFinish={onFinish}>
          <Form.Item label="系统定义文件" required>
            <Upload
              accept=".json,application/json"
              maxCount={1}
              showUploadList={false}
              beforeUpload={(file) => {
                void readText(file).then((text) => {
                  try {
                    setDocument({ name: file.name, content: JSON.parse(text) });
                    setFileProblem('');
                  } catch {
                    setDocument(null);
                    setFileProblem(NOT_JSON_MESSAGE);
                  }
                });
                // Read here; the document goes in the import call's body.
                return false;
              }}
            >
              <Button>选择文件</Button>
            </Upload>
            {document ? <span style={{ marginLeft: 8 }}>{document.name}</span> : null}
            {fileProblem ? (
              <div role="alert" style={{ color: '#ff4d4f' }}>
                {fileProblem}
              </div>
            ) : null}
          </Form.Item>
          <Form.Item
            label="新系统编码（可选，不填沿用文件中的编码）"
            name="gnCoding"
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  if (!value?.trim()) return;
                  const parsed = ImportSystemBodySchema.shape.gnCoding.safeParse(value);
                  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
                },
              },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item label="新系统全称（可选）" name="systemName">
            <Input />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
