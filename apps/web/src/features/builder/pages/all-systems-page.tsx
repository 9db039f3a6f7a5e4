import {
  type BuilderSystem,
  CACHE_REFRESHED_MESSAGE,
  RenameSystemBodySchema,
  systemDocumentFileName,
} from '@ks/contract/builder';
import { Button, Card, Form, Input, Modal, Popconfirm, Result, Space, Table } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { getFeedback } from '@/lib/feedback.ts';
import { reportFormError, zodRule } from '@/lib/form-rules.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { useDeleteStructure } from '../api/delete-structure.ts';
import { useSystems } from '../api/find-systems.ts';
import { useRenameSystem } from '../api/rename-system.ts';
import { exportStructure, useRefreshCache } from '../api/structure-transfer.ts';
import { ImportSystemDialog } from '../components/import-system-dialog.tsx';
import { downloadJson } from '../lib/download.ts';

/** What deleting a system takes with it, said before it happens. */
export const deleteSystemText = (system: Pick<BuilderSystem, 'systemName' | 'nodeCount'>) =>
  `确定删除系统“${system.systemName}”吗？它的${system.nodeCount}个菜单节点将一并删除。`;

function RenameDialog({ system, onClose }: { system: BuilderSystem | null; onClose: () => void }) {
  const [form] = Form.useForm<{ systemName: string }>();
  const { mutate, isPending } = useRenameSystem();
  const onFinish = ({ systemName }: { systemName: string }) => {
    if (!system) return;
    mutate(
      { id: system.id, systemName, version: system.version },
      {
        onSuccess: () => {
          getFeedback().successMessage('保存成功');
          onClose();
        },
        onError: (error) => reportFormError(form, error),
      },
    );
  };
  return (
    <Modal
      title="修改系统名称"
      open={system !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        name="rename-system"
        layout="vertical"
        initialValues={{ systemName: system?.systemName ?? '' }}
        onFinish={onFinish}
      >
        <Form.Item
          label="系统全称"
          name="systemName"
          required
          rules={[zodRule(RenameSystemBodySchema.shape.systemName)]}
        >
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /system/allSystem: every system, for developers to rename, delete or set up. */
export function AllSystemsPage() {
  const isDev = useSessionStore((state) => state.isDev);
  const { data, isLoading } = useSystems();
  const { mutate: deleteStructure } = useDeleteStructure();
  const [renaming, setRenaming] = useState<BuilderSystem | null>(null);
  const [isImporting, setIsImporting] = useState(false);
  const [exporting, setExporting] = useState('');
  const { mutate: refresh, isPending: isRefreshing } = useRefreshCache();
  const navigate = useNavigate();
  if (!isDev) return <Result status="403" title="无权限访问" subTitle="全部系统仅限开发人员使用" />;

  const onExport = async (system: BuilderSystem) => {
    setExporting(system.gnCoding);
    try {
      downloadJson(await exportStructure(system.gnCoding), systemDocumentFileName(system.gnCoding));
    } catch {
      // The HTTP client has told the person what went wrong.
    } finally {
      setExporting('');
    }
  };

  return (
    <Card
      title="全部系统"
      extra={
        <Space wrap>
          <Link to="/system/dictionaries">字典管理</Link>
          <Link to="/system/valueRanges">值域管理</Link>
          <Link to="/system/styleTemplate">样式模板</Link>
          <Link to="/system/permissionsSet">权限设置</Link>
          <Link to="/system/auditWay">审核机构</Link>
          <Button onClick={() => setIsImporting(true)}>导入系统</Button>
          <Button
            loading={isRefreshing}
            onClick={() =>
              refresh(undefined, { onSuccess: () => getFeedback().successMessage(CACHE_REFRESHED_MESSAGE) })
            }
          >
            刷新缓存
          </Button>
        </Space>
      }
    >
      <Table<BuilderSystem>
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { title: '系统全称', dataIndex: 'systemName' },
          { title: '系统简称', dataIndex: 'title' },
          { title: '系统编码', dataIndex: 'gnCoding' },
          { title: '菜单节点数', dataIndex: 'nodeCount' },
          {
            title: '操作',
            key: 'actions',
            render: (_, system) => (
              <Space>
                <Button
                  type="link"
                  onClick={() =>
                    navigate(`/system/menuSetUp?systemCoding=${encodeURIComponent(system.gnCoding)}`)
                  }
                >
                  菜单设置
                </Button>
                <Button
                  type="link"
                  onClick={() =>
                    navigate(`/system/displayGroups?systemCoding=${encodeURIComponent(system.gnCoding)}`)
                  }
                >
                  展示分组
                </Button>
                <Button
                  type="link"
                  loading={exporting === system.gnCoding}
                  onClick={() => void onExport(system)}
                >
                  导出
                </Button>
                <Button type="link" onClick={() => setRenaming(system)}>
                  重命名
                </Button>
                <Popconfirm
                  title="删除系统"
                  description={deleteSystemText(system)}
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() =>
                    deleteStructure(
                      { systemId: system.id },
                      { onSuccess: () => getFeedback().successMessage('操作成功') },
                    )
                  }
                >
                  <Button type="link" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <RenameDialog system={renaming} onClose={() => setRenaming(null)} />
      <ImportSystemDialog open={isImporting} onClose={() => setIsImporting(false)} />
    </Card>
  );
}
