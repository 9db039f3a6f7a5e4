import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { FormItem } from '@ks/contract/form-schema';
import { IMPORT_REJECTED_MESSAGE, IMPORTED_MESSAGE } from '@ks/contract/records';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { getFeedback } from '@/lib/feedback.ts';
import { downloadImportTemplate, useImportRecords } from '../api/transfer-records.ts';
import type { ImportResult, NodeRef } from '../api/types.ts';
import { useReenable } from '../lib/use-reenable.ts';

/**
 * Import (all or nothing): download the node's template, upload the filled xlsx; when rows are
 * rejected nothing is imported and the report lists each row's problems under the field's name
 * (the template's column header), the code only for a field the form no longer has.
 */
export function ImportDialog({
  node,
  items,
  open,
  onClose,
}: {
  node: NodeRef;
  /** The node's published form items: the report keys its problems by their codes. */
  items: Pick<FormItem, 'code' | 'name'>[];
  open: boolean;
  onClose: () => void;
}) {
  const importing = useImportRecords(node);
  const [report, setReport] = useState<ImportResult | null>(null);
  const { isCoolingDown, guard } = useReenable();
  const close = () => {
    setReport(null);
    onClose();
  };
  const upload = (file: File) => {
    setReport(null);
    importing.mutate(file, {
      onSuccess: (result) => {
        if (result.rejected.length > 0) setReport(result);
        else {
          getFeedback().successMessage(IMPORTED_MESSAGE(result.imported));
          close();
        }
      },
    });
  };
  // Some messages name no field (日期格式错误，请重新输入): the name column says which one it is.
  const names = new Map(items.map((item) => [item.code, item.name]));
  const rows = (report?.rejected ?? []).flatMap((rejected) =>
    Object.entries(rejected.errors).map(([code, message]) => ({
      key: `${rejected.row}-${code}`,
      row: rejected.row,
      field: names.get(code) || code,
      message,
    })),
  );
  return (
    <Modal title="导入" open={open} onCancel={close} footer={null} destroyOnHidden width={640}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Button
            icon={<DownloadOutlined />}
            disabled={isCoolingDown}
            onClick={guard(() => void downloadImportTemplate(node).catch(() => undefined))}
          >
            下载模板
          </Button>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              upload(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={importing.isPending}>
              上传文件
            </Button>
          </Upload>
        </Space>
        {report && (
          <>
            <Alert type="error" showIcon message={IMPORT_REJECTED_MESSAGE(report.rejected.length)} />
            <Table
              size="small"
              pagination={false}
              dataSource={rows}
              columns={[
                { title: '行号', dataIndex: 'row', width: 80 },
                { title: '字段', dataIndex: 'field', width: 160 },
                { title: '问题', dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
