import {
  HELP_FILE_EXTENSIONS,
  HELP_KIND_LABELS,
  type HelpGroup,
  type HelpKind,
  type HelpQa,
} from '@ks/contract/help';
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Result, Space, Tabs, Tree, Upload } from 'antd';
import { useState } from 'react';
import { getFeedback } from '@/lib/feedback.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import {
  createHelpGroup,
  deleteHelpFile,
  deleteHelpGroup,
  updateHelpGroup,
  uploadHelpFile,
  useAdminHelpTree,
  useHelpMutation,
} from '../api/manage-help.ts';
import { TemplateDownloadButton } from '../components/template-download-button.tsx';

type Scope = { systemCoding: string; gnCoding: string };
type Editing = { mode: 'create'; parentId: string | null } | { mode: 'edit'; group: HelpGroup } | null;

/** 帮助配置 (administrators): groups, files and Q&A pairs of one help scope. */
export function HelpConfigPage() {
  const isAdmin = useSessionStore((state) => state.isAdmin);
  const [scope, setScope] = useState<Scope>({ systemCoding: '', gnCoding: '' });
  const [kind, setKind] = useState<HelpKind>('guide');
  if (!isAdmin) return <Result status="403" title="无权限访问" subTitle="帮助配置仅限管理员使用" />;
  return (
    <div className="ks-page">
      <Card title={<h1 className="ks-page-title">帮助配置</h1>}>
        <Form
          layout="inline"
          onFinish={(values: Scope) =>
            setScope({ systemCoding: values.systemCoding ?? '', gnCoding: values.gnCoding ?? '' })
          }
        >
          <Form.Item name="systemCoding" label="系统编码">
            <Input placeholder="留空为全平台" allowClear />
          </Form.Item>
          <Form.Item name="gnCoding" label="功能编码">
            <Input placeholder="留空为整个系统" allowClear />
          </Form.Item>
          <Button htmlType="submit">切换范围</Button>
          <TemplateDownloadButton scope={scope} />
        </Form>
        <Tabs
          activeKey={kind}
          onChange={(key) => setKind(key as HelpKind)}
          items={(['guide', 'faq'] as const).map((key) => ({ key, label: HELP_KIND_LABELS[key] }))}
        />
        <HelpScopeEditor key={`${kind}-${scope.systemCoding}-${scope.gnCoding}`} scope={scope} kind={kind} />
      </Card>
    </div>
  );
}

function HelpScopeEditor({ scope, kind }: { scope: Scope; kind: HelpKind }) {
  const { data = [], isError } = useAdminHelpTree({ ...scope, kind });
  const [editing, setEditing] = useState<Editing>(null);
  const [collapsedKeys, setCollapsedKeys] = useState<Set<string>>(new Set());
  const remove = useHelpMutation(deleteHelpGroup);
  const removeFile = useHelpMutation(deleteHelpFile);
  const upload = useHelpMutation(uploadHelpFile);

  const titleOf = (node: HelpGroup) =>
    node.nodeType === 'file' ? (
      <Space>
        <span>{node.fileName}</span>
        <Popconfirm
          title="确认删除该文件吗?"
          onConfirm={() => removeFile.mutate({ id: node.id, version: node.version })}
        >
          <Button size="small" type="link" danger>
            删除
          </Button>
        </Popconfirm>
      </Space>
    ) : (
      <Space>
        <span>{node.groupName}</span>
        <Button size="small" type="link" onClick={() => setEditing({ mode: 'create', parentId: node.id })}>
          添加子分组
        </Button>
        <Button size="small" type="link" onClick={() => setEditing({ mode: 'edit', group: node })}>
          {kind === 'faq' ? '编辑问答' : '重命名'}
        </Button>
        {kind === 'guide' ? (
          <Upload
            accept={HELP_FILE_EXTENSIONS.map((e) => `.${e}`).join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              upload.mutate(
                { groupId: node.id, file },
                { onSuccess: () => getFeedback().successMessage('上传成功') },
              );
              return false;
            }}
          >
            <Button size="small" type="link" aria-label={`上传文件到${node.groupName}`}>
              上传文件
            </Button>
          </Upload>
        ) : null}
        <Popconfirm
          title="确认删除该分组及其下所有内容吗?"
          onConfirm={() => remove.mutate({ id: node.id, version: node.version })}
        >
          <Button size="small" type="link" danger>
            删除
          </Button>
        </Popconfirm>
      </Space>
    );
  type Node = { key: string; title: React.ReactNode; children: Node[] };
  const toTree = (nodes: HelpGroup[]): Node[] =>
    nodes.map((node) => ({ key: node.id, title: titleOf(node), children: toTree(node.children) }));
  const treeData = toTree(data);
  const allKeys = collectKeys(treeData);

  return (
    <>
      {isError ? <Alert type="warning" showIcon title="帮助加载失败，请稍后刷新重试" /> : null}
      <Button type="primary" onClick={() => setEditing({ mode: 'create', parentId: null })}>
        新增分组
      </Button>
      <Tree
        blockNode
        // Groups open by default, also those added or given their first file after the tree loaded;
        // only what the administrator closed stays closed.
        expandedKeys={allKeys.filter((key) => !collapsedKeys.has(key))}
        onExpand={(keys) => setCollapsedKeys(new Set(allKeys.filter((key) => !keys.includes(key))))}
        selectable={false}
        treeData={treeData}
        className="ks-help-admin-tree"
      />
      {editing ? (
        <GroupModal editing={editing} scope={scope} kind={kind} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

function GroupModal({
  editing,
  scope,
  kind,
  onClose,
}: {
  editing: NonNullable<Editing>;
  scope: Scope;
  kind: HelpKind;
  onClose: () => void;
}) {
  const create = useHelpMutation(createHelpGroup);
  const update = useHelpMutation(updateHelpGroup);
  const [form] = Form.useForm<{ groupName: string; qaList: HelpQa[] }>();
  const initial =
    editing.mode === 'edit'
      ? { groupName: editing.group.groupName, qaList: editing.group.qaList }
      : { groupName: '', qaList: [] };
  const onOk = async () => {
    const values = await form.validateFields();
    const done = {
      onSuccess: () => {
        getFeedback().successMessage('保存成功');
        onClose();
      },
    };
    if (editing.mode === 'create') {
      create.mutate({ ...scope, kind, parentId: editing.parentId, groupName: values.groupName }, done);
    } else {
      update.mutate(
        {
          id: editing.group.id,
          groupName: values.groupName,
          qaList: values.qaList ?? [],
          version: editing.group.version,
        },
        done,
      );
    }
  };
  return (
    <Modal
      open
      title={editing.mode === 'create' ? '新增分组' : '编辑分组'}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item
          name="groupName"
          label="分组名称"
          rules={[
            { required: true, whitespace: true, message: '请输入分组名称' },
            { max: 50, message: '分组名称不能超过50个字符' },
          ]}
        >
          <Input />
        </Form.Item>
        {editing.mode === 'edit' && kind === 'faq' ? (
          <Form.List name="qaList">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <Card
                    key={field.key}
                    size="small"
                    title={`问答 ${index + 1}`}
                    extra={
                      <Button type="link" danger onClick={() => remove(field.name)}>
                        删除
                      </Button>
                    }
                  >
                    <Form.Item
                      name={[field.name, 'question']}
                      label="问题"
                      rules={[{ required: true, whitespace: true, message: '请输入问题' }]}
                    >
                      <Input maxLength={200} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'answer']}
                      label="答案"
                      rules={[{ required: true, whitespace: true, message: '请输入答案' }]}
                    >
                      <Input.TextArea maxLength={2000} rows={3} />
                    </Form.Item>
                  </Card>
                ))}
                <Button onClick={() => add({ question: '', answer: '' })}>添加问答</Button>
              </>
            )}
          </Form.List>
        ) : null}
      </Form>
    </Modal>
  );
}

function collectKeys(nodes: { key: string; children: { key: string; children: unknown[] }[] }[]): string[] {
  return nodes.flatMap((node) => [node.key, ...collectKeys(node.children as typeof nodes)]);
}
