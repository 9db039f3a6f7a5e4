import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { IMPORT_REJECTED_MESSAGE, IMPORTED_MESSAGE } from '@ks/contract/records';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { getFeedback } from '@/lib/feedback.ts';
import { downloadImportTemplate, useImportRecords } from '../api/transfer-records.ts';
import type { ImportResult, NodeRef } from '../api/types.ts';
import { useReenable } from '../lib/use-reenable.ts';

/**
 * Import (all or nothing): download the node's template, upload the filled xlsx; when rows are
 * rejected nothing is imported and the report lists each row's problems.
 */
export function ImportDialog({ node, open, onClose }: { node: NodeRef; open: boolean; onClose: () => void }) {
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
  const rows = (report?.rejected ?? []).flatMap((rejected) =>
    Object.entries(rejected.errors).map(([field, message]) => ({
      key: `${rejected.row}-${field}`,
      row: rejected.row,
      field,
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
