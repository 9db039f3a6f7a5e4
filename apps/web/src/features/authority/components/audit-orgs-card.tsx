import { type AuditOrg, CreateAuditOrgBodySchema } from '@ks/contract/authority';
import { Button, Card, Form, Input, Modal, Popconfirm, Result, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { getFeedback } from '@/lib/feedback.ts';
import { reportFormError, zodRule } from '@/lib/form-rules.ts';
import { isApiError } from '@/lib/http.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { useAuditOrgs, useDeleteAuditOrg, useReviewers, useSaveAuditOrg } from '../api/audit-orgs.ts';

type Values = { name: string; memberIds: string[] };

function AuditOrgDialog({ org, onClose }: { org: AuditOrg | 'new' | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const { data: reviewers = [], isFetching } = useReviewers(keyword);
  const { mutate, isPending } = useSaveAuditOrg();
  const editing = org && org !== 'new' ? org : null;
  // Members already chosen stay nameable while the search shows others.
  const known = new Map([...(editing?.members ?? []), ...reviewers].map((one) => [one.id, one]));
  const onFinish = (values: Values) =>
    mutate(
      editing
        ? { kind: 'update', body: { ...values, id: editing.id, version: editing.version } }
        : { kind: 'create', body: values },
      {
        onSuccess: () => {
          getFeedback().successMessage('保存成功');
          onClose();
        },
        onError: (error) => reportFormError(form, error),
      },
    );
  return (
    <Modal
      title={editing ? `编辑审核机构“${editing.name}”` : '新增审核机构'}
      open={org !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        name="audit-org"
        layout="vertical"
        preserve={false}
        initialValues={{
          name: editing?.name ?? '',
          memberIds: editing?.members.map((member) => member.id) ?? [],
        }}
        onFinish={onFinish}
      >
        <Form.Item
          label="机构名称"
          name="name"
          required
          rules={[zodRule(CreateAuditOrgBodySchema.shape.name)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="成员"
          name="memberIds"
          required
          rules={[zodRule(CreateAuditOrgBodySchema.shape.memberIds)]}
        >
          <Select
            aria-label="成员"
            mode="multiple"
            placeholder="输入姓名或账号搜索管理员"
            loading={isFetching}
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            options={[...known.values()].map((one) => ({
              value: one.id,
              label: `${one.userName}（${one.account}）`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Reviewer organisations (审核机构): the people a 或签 / 会签 audit level goes to. */
export function AuditOrgsCard() {
  const canManage = useSessionStore((state) => state.isAdmin || state.isDev);
  const { data: orgs = [], isLoading } = useAuditOrgs();
  const { mutate: remove } = useDeleteAuditOrg();
  const [editing, setEditing] = useState<AuditOrg | 'new' | null>(null);
  if (!canManage) return <Result status="403" title="无权限访问" />;
  return (
    <Card
      title="审核机构"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          新增审核机构
        </Button>
      }
    >
      <Table<AuditOrg>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={orgs}
        pagination={false}
        locale={{ emptyText: '还没有审核机构' }}
        columns={[
          { title: '机构名称', dataIndex: 'name' },
          {
            title: '成员',
            key: 'members',
            render: (_, org) => org.members.map((member) => <Tag key={member.id}>{member.userName}</Tag>),
          },
          {
            title: '操作',
            key: 'actions',
            render: (_, org) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(org)}>
                  编辑
                </Button>
                <Popconfirm
                  title="删除审核机构"
                  description={`确定删除审核机构“${org.name}”吗？`}
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() =>
                    remove(org.id, {
                      onSuccess: () => getFeedback().successMessage('删除成功'),
                      onError: (error) => {
                        if (isApiError(error) && error.code === 400)
                          getFeedback().showDialog('warning', error.message);
                      },
                    })
                  }
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <AuditOrgDialog org={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
